import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

export function ReturnsPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Returns & refunds"
      lede="Changed your mind? Return unopened products within 30 days of delivery for a full refund of the product price."
    >
      <KeyFacts
        facts={[
          { value: '30 days', label: 'to return unopened, sealed products' },
          { value: '5–10 days', label: 'for the refund to reach your card' },
          { value: 'Free', label: 'return label when we made a mistake' },
        ]}
      />
      <InfoSection title="What can be returned">
        <ul>
          <li>
            Products that are unopened, with the safety seal intact, within 30 days of delivery.
          </li>
          <li>
            Products that arrived damaged, defective or past their best-before date — opened or not.
          </li>
          <li>Items we sent by mistake (wrong product, flavour or size).</li>
        </ul>
        <p>
          For food-safety reasons we cannot take back opened supplements unless they are defective.
        </p>
      </InfoSection>
      <InfoSection title="How to start a return">
        <ol>
          <li>
            <Link to="/contact">Contact us</Link> with your order number and the items you want to
            return.
          </li>
          <li>We reply within one business day with a return authorisation and the address.</li>
          <li>Pack the products securely and ship them with a tracked service.</li>
        </ol>
      </InfoSection>
      <InfoSection title="Refunds">
        <p>
          Once the parcel reaches us we inspect it within two business days and refund the product
          price and its taxes to your original payment method. Your bank usually shows the refund
          within 5–10 business days. Original shipping fees are refunded only when the return is due
          to our error or a defective product, and in that case we also send you a prepaid return
          label.
        </p>
      </InfoSection>
      <InfoSection title="Exchanges">
        <p>
          The fastest way to get a different flavour or size is to return the unopened product and
          place a new order. If a product arrived damaged, we can ship a replacement right away
          instead of a refund — just tell us which you prefer.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
