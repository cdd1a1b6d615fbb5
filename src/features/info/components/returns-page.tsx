import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

export function ReturnsPage() {
  const { t } = useLingui();
  return (
    <InfoPage
      eyebrow={t`Policies`}
      title={t`Returns & refunds`}
      lede={
        <Trans>
          Changed your mind? Return unopened products within 30 days of delivery for a full refund
          of the product price.
        </Trans>
      }
    >
      <KeyFacts
        facts={[
          { value: t`30 days`, label: t`to return unopened, sealed products` },
          { value: t`5–10 days`, label: t`for the refund to reach your card` },
          { value: t`Free`, label: t`return label when we made a mistake` },
        ]}
      />
      <InfoSection title={t`What can be returned`}>
        <ul>
          <li>
            <Trans>
              Products that are unopened, with the safety seal intact, within 30 days of delivery.
            </Trans>
          </li>
          <li>
            <Trans>
              Products that arrived damaged, defective or past their best-before date — opened or
              not.
            </Trans>
          </li>
          <li>
            <Trans>Items we sent by mistake (wrong product, flavour or size).</Trans>
          </li>
        </ul>
        <p>
          <Trans>
            For food-safety reasons we cannot take back opened supplements unless they are
            defective.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`How to start a return`}>
        <ol>
          <li>
            <Trans>
              <Link to="/contact">Contact us</Link> with your order number and the items you want to
              return.
            </Trans>
          </li>
          <li>
            <Trans>
              We reply within one business day with a return authorisation and the address.
            </Trans>
          </li>
          <li>
            <Trans>Pack the products securely and ship them with a tracked service.</Trans>
          </li>
        </ol>
      </InfoSection>
      <InfoSection title={t`Refunds`}>
        <p>
          <Trans>
            Once the parcel reaches us we inspect it within two business days and refund the product
            price and its taxes to your original payment method. Your bank usually shows the refund
            within 5–10 business days. Original shipping fees are refunded only when the return is
            due to our error or a defective product, and in that case we also send you a prepaid
            return label.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Exchanges`}>
        <p>
          <Trans>
            The fastest way to get a different flavour or size is to return the unopened product and
            place a new order. If a product arrived damaged, we can ship a replacement right away
            instead of a refund — just tell us which you prefer.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
