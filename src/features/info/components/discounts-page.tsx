import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

export function DiscountsPage() {
  return (
    <InfoPage
      eyebrow="Policies"
      title="Discounts"
      lede="New to Forge Nutrition? Take 10 % off your first order with a personal code sent to your inbox."
    >
      <KeyFacts
        facts={[
          { value: '10 %', label: 'off your first order' },
          { value: '30 days', label: 'to use your code' },
          { value: '1', label: 'code per e-mail address' },
        ]}
      />
      <InfoSection title="Get your first-order code">
        <p>
          Open the discount offer — the round button at the bottom of every page — and enter your
          name and e-mail address. Your personal code arrives by e-mail within a few minutes. Asked
          twice? We simply send the same code again.
        </p>
      </InfoSection>
      <InfoSection title="Use it">
        <ol>
          <li>Add your products to the cart.</li>
          <li>
            Enter the code in the discount field on the <Link to="/cart">cart page</Link> and press
            Apply.
          </li>
          <li>The discount appears in your totals right away and carries over to checkout.</li>
        </ol>
      </InfoSection>
      <InfoSection title="Terms">
        <ul>
          <li>
            10 % off the product subtotal of one order; shipping and taxes are not discounted.
          </li>
          <li>Valid for 30 days from the day it is sent, for a single order.</li>
          <li>One code per e-mail address; codes cannot be combined with each other.</li>
          <li>Codes have no cash value and cannot be applied to an order already placed.</li>
        </ul>
      </InfoSection>
      <InfoSection title="Free shipping">
        <p>
          Every order of $99 or more ships free within Canada — and it stacks with your first-order
          code. See <Link to="/shipping">shipping</Link> for details.
        </p>
      </InfoSection>
    </InfoPage>
  );
}
