import {
  FREE_SHIPPING_THRESHOLD,
  STANDARD_SHIPPING_PRICE,
} from '../../../../contract/cart-rules.ts';
import {
  EXPRESS_SHIPPING_PRICE,
  SHIPPING_DELIVERY_TIMES,
} from '../../../../contract/checkout-rules.ts';
import { formatMoney } from '../../../lib/format.ts';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

// The prices checkout charges, so this page can never promise other ones.
const threshold = formatMoney(FREE_SHIPPING_THRESHOLD);
const wholeThreshold = threshold.replace(/\.00$/, '');
const standard = formatMoney(STANDARD_SHIPPING_PRICE);
const express = formatMoney(EXPRESS_SHIPPING_PRICE);

export function ShippingPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Shipping"
      lede="We ship every order from our warehouse in Ontario to addresses across Canada, with tracking on every parcel."
    >
      <KeyFacts
        facts={[
          { value: 'Free', label: `standard shipping on orders of ${wholeThreshold} or more` },
          { value: standard, label: `standard shipping under ${wholeThreshold}` },
          { value: express, label: 'express shipping, any order size' },
        ]}
      />
      <InfoSection title="Rates">
        <table>
          <caption>Shipping rates in Canadian dollars, before tax</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col">Order subtotal</th>
              <th scope="col">Price</th>
              <th scope="col">Delivery time</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Standard</td>
              <td>{threshold} or more</td>
              <td>Free</td>
              <td>{SHIPPING_DELIVERY_TIMES.standard}</td>
            </tr>
            <tr>
              <td>Standard</td>
              <td>Under {threshold}</td>
              <td>{standard}</td>
              <td>{SHIPPING_DELIVERY_TIMES.standard}</td>
            </tr>
            <tr>
              <td>Express</td>
              <td>Any</td>
              <td>{express}</td>
              <td>{SHIPPING_DELIVERY_TIMES.express}</td>
            </tr>
          </tbody>
        </table>
        <p>
          The free-shipping threshold is measured on the subtotal after any discount code. Delivery
          times start once an order has shipped; remote and northern addresses can take two to three
          days longer.
        </p>
      </InfoSection>
      <InfoSection title="Processing">
        <p>
          Orders placed before 2 p.m. Eastern time on a business day leave our warehouse the same
          day. Orders placed later, on weekends or on statutory holidays ship the next business day.
          You receive an e-mail with a tracking number as soon as your parcel is on its way.
        </p>
      </InfoSection>
      <InfoSection title="Where we ship">
        <p>
          We ship to every province and territory in Canada, including P.O. boxes for standard
          shipping. Express shipping needs a street address. We do not ship outside Canada at this
          time.
        </p>
      </InfoSection>
      <InfoSection title="Taxes">
        <p>
          Sales tax is calculated from the province you ship to — GST, HST or GST plus PST as that
          province applies — and is shown at checkout before you pay. Prices on the site are in
          Canadian dollars and do not include tax.
        </p>
      </InfoSection>
      <InfoSection title="Lost or damaged parcels">
        <p>
          If tracking has not moved for five business days, or a parcel arrives damaged, contact us
          with your order number. We will open a claim with the carrier and send a replacement or
          refund you — you will not have to wait for the claim to close.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
