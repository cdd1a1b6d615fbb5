import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  FREE_SHIPPING_THRESHOLD,
  STANDARD_SHIPPING_PRICE,
} from '../../../../contract/cart-rules.ts';
import {
  EXPRESS_SHIPPING_PRICE,
  type ShippingMethod,
} from '../../../../contract/checkout-rules.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

/**
 * The contract's SHIPPING_DELIVERY_TIMES (what checkout promises), in the page's language. A test
 * checks the English against the contract, so this page can never promise other times.
 */
export const DELIVERY_TIMES: Record<ShippingMethod, MessageDescriptor> = {
  standard: msg`3–7 business days`,
  express: msg`1–2 business days`,
};

export function ShippingPage() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  // The prices checkout charges, so this page can never promise other ones.
  const threshold = formatMoney(FREE_SHIPPING_THRESHOLD, locale);
  const wholeThreshold = threshold.replace(/[.,]00(?=\u00a0\$$|$)/, '');
  const standard = formatMoney(STANDARD_SHIPPING_PRICE, locale);
  const express = formatMoney(EXPRESS_SHIPPING_PRICE, locale);
  const standardTime = i18n._(DELIVERY_TIMES.standard);
  const expressTime = i18n._(DELIVERY_TIMES.express);
  return (
    <InfoPage
      eyebrow={t`Policies`}
      title={t`Shipping`}
      lede={
        <Trans>
          We ship every order from our warehouse in Ontario to addresses across Canada, with
          tracking on every parcel.
        </Trans>
      }
    >
      <KeyFacts
        facts={[
          { value: t`Free`, label: t`standard shipping on orders of ${wholeThreshold} or more` },
          { value: standard, label: t`standard shipping under ${wholeThreshold}` },
          { value: express, label: t`express shipping, any order size` },
        ]}
      />
      <InfoSection title={t`Rates`}>
        <table>
          <caption>
            <Trans>Shipping rates in Canadian dollars, before tax</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Method</Trans>
              </th>
              <th scope="col">
                <Trans>Order subtotal</Trans>
              </th>
              <th scope="col">
                <Trans>Price</Trans>
              </th>
              <th scope="col">
                <Trans>Delivery time</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>
                <Trans>Standard</Trans>
              </td>
              <td>
                <Trans>{threshold} or more</Trans>
              </td>
              <td>
                <Trans>Free</Trans>
              </td>
              <td>{standardTime}</td>
            </tr>
            <tr>
              <td>
                <Trans>Standard</Trans>
              </td>
              <td>
                <Trans>Under {threshold}</Trans>
              </td>
              <td>{standard}</td>
              <td>{standardTime}</td>
            </tr>
            <tr>
              <td>
                <Trans>Express</Trans>
              </td>
              <td>
                <Trans>Any</Trans>
              </td>
              <td>{express}</td>
              <td>{expressTime}</td>
            </tr>
          </tbody>
        </table>
        <p>
          <Trans>
            The free-shipping threshold is measured on the subtotal after any discount code.
            Delivery times start once an order has shipped; remote and northern addresses can take
            two to three days longer.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Processing`}>
        <p>
          <Trans>
            Orders placed before 2 p.m. Eastern time on a business day leave our warehouse the same
            day. Orders placed later, on weekends or on statutory holidays ship the next business
            day. You receive an e-mail with a tracking number as soon as your parcel is on its way.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Where we ship`}>
        <p>
          <Trans>
            We ship to every province and territory in Canada, including P.O. boxes for standard
            shipping. Express shipping needs a street address. We do not ship outside Canada at this
            time.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Taxes`}>
        <p>
          <Trans>
            Sales tax is calculated from the province you ship to — GST, HST or GST plus PST as that
            province applies — and is shown at checkout before you pay. Prices on the site are in
            Canadian dollars and do not include tax.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Lost or damaged parcels`}>
        <p>
          <Trans>
            If tracking has not moved for five business days, or a parcel arrives damaged, contact
            us with your order number. We will open a claim with the carrier and send a replacement
            or refund you — you will not have to wait for the claim to close.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
