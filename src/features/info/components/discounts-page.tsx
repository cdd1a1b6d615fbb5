import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { InfoPage, InfoSection, KeyFacts } from './info-page';

export function DiscountsPage() {
  const { t } = useLingui();
  return (
    <InfoPage
      eyebrow={t`Policies`}
      title={t`Discounts`}
      lede={
        <Trans>
          New to Forge Nutrition? Take 10 % off your first order with a personal code sent to your
          inbox.
        </Trans>
      }
    >
      <KeyFacts
        facts={[
          { value: t`10 %`, label: t`off your first order` },
          { value: t`30 days`, label: t`to use your code` },
          { value: '1', label: t`code per e-mail address` },
        ]}
      />
      <InfoSection title={t`Get your first-order code`}>
        <p>
          <Trans>
            Open the discount offer — the round button at the bottom of every page — and enter your
            name and e-mail address. Your personal code arrives by e-mail within a few minutes.
            Asked twice? We simply send the same code again.
          </Trans>
        </p>
      </InfoSection>
      <InfoSection title={t`Use it`}>
        <ol>
          <li>
            <Trans>Add your products to the cart.</Trans>
          </li>
          <li>
            <Trans>
              Enter the code in the discount field on the <Link to="/cart">cart page</Link> and
              press Apply.
            </Trans>
          </li>
          <li>
            <Trans>
              The discount appears in your totals right away and carries over to checkout.
            </Trans>
          </li>
        </ol>
      </InfoSection>
      <InfoSection title={t`Terms`}>
        <ul>
          <li>
            <Trans>
              10 % off the product subtotal of one order; shipping and taxes are not discounted.
            </Trans>
          </li>
          <li>
            <Trans>Valid for 30 days from the day it is sent, for a single order.</Trans>
          </li>
          <li>
            <Trans>One code per e-mail address; codes cannot be combined with each other.</Trans>
          </li>
          <li>
            <Trans>
              Codes have no cash value and cannot be applied to an order already placed.
            </Trans>
          </li>
        </ul>
      </InfoSection>
      <InfoSection title={t`Free shipping`}>
        <p>
          <Trans>
            Every order of $99 or more ships free within Canada — and it stacks with your
            first-order code. See <Link to="/shipping">shipping</Link> for details.
          </Trans>
        </p>
      </InfoSection>
    </InfoPage>
  );
}
