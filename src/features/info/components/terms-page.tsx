import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { FREE_SHIPPING_THRESHOLD } from '../../../../contract/cart-rules.ts';
import { ORDER_PAYMENT_WINDOW_MS } from '../../../../contract/checkout-rules.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

/**
 * The terms every order is placed under: who sells, prices and taxes, payment, cancelling,
 * delivery, returns, and the shopper's rights, which these terms never reduce. Its figures come
 * from the rules the checkout applies, so the page and the checkout never disagree.
 */
export function TermsPage() {
  const { t } = useLingui();
  const locale = useLocale();
  const freeFrom = formatMoney(FREE_SHIPPING_THRESHOLD, locale);
  const paymentMinutes = ORDER_PAYMENT_WINDOW_MS / 60_000;
  return (
    <InfoPage
      eyebrow={t`Policies`}
      title={t`Terms of sale`}
      lede={
        <Trans>
          These terms apply to every order placed on this site. Placing an order means you accept
          them; the terms in force on the day of your order are the ones that apply to it.
        </Trans>
      }
    >
      <KeyFacts
        facts={[
          { value: t`CAD`, label: t`every price, taxes added at checkout` },
          { value: t`${paymentMinutes} min`, label: t`to pay before an order lapses` },
          { value: t`30 days`, label: t`to return unopened, sealed products` },
        ]}
      />
      <InfoSection title={t`Who sells`}>
        <p>
          <Trans>
            The seller is Forge Nutrition, 412 King Street West, Unit 3, Toronto, Ontario M5V 1K2,
            Canada. Write to us at{' '}
            <a href="mailto:hello@forgenutrition.ca">hello@forgenutrition.ca</a> or through the{' '}
            <Link to="/contact">contact page</Link>.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Prices and taxes`}>
        <p>
          <Trans>
            Prices are in Canadian dollars. The sales taxes of the province you ship to (GST, HST,
            QST or PST) are added at checkout, and the checkout shows every amount — products,
            discount, shipping and each tax — before you pay. Standard shipping is free from{' '}
            {freeFrom} after discounts.
          </Trans>
        </p>
        <p>
          <Trans>
            If a price on the site is plainly wrong, we tell you before your order ships and you
            choose between the correct price and a full refund.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Orders and payment`}>
        <ul>
          <li>
            <Trans>
              Your order is confirmed once your payment is accepted; we then e-mail you its
              confirmation and invoice.
            </Trans>
          </li>
          <li>
            <Trans>
              An order not paid within {paymentMinutes} minutes lapses: its products go back on sale
              and no payment is taken.
            </Trans>
          </li>
          <li>
            <Trans>
              Products are reserved for your order when you place it. If one cannot be sent after
              all, we refund it in full.
            </Trans>
          </li>
        </ul>
      </InfoSection>
      <InfoSection title={t`Cancelling`}>
        <p>
          <Trans>
            You can cancel an order from your orders page until we start packing it; a paid order is
            refunded in full to the card you paid with. Once packed, send it back under our returns
            policy instead.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Delivery and returns`}>
        <p>
          <Trans>
            We ship within Canada. Delivery times and costs are on our{' '}
            <Link to="/shipping">shipping page</Link>; returns and refunds follow our{' '}
            <Link to="/returns">returns policy</Link>.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Using our products`}>
        <p>
          <Trans>
            Supplements are not a substitute for a varied diet or medical care. Follow the label,
            keep them out of the reach of children, and ask a health professional before use if you
            are pregnant, nursing or under treatment.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Your rights`}>
        <p>
          <Trans>
            Nothing in these terms limits the rights the consumer protection laws of your province
            give you, including Quebec’s Consumer Protection Act. These terms are available in
            English and in French.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
