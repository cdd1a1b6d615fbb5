/**
 * Saved-card rules as plain values and functions, without a schema library, so the profile and
 * checkout pages can use them before zod loads and the server keeps the same limits.
 */

/** Stripe's test cards, which the built-in test provider follows. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002500003155',
} as const;

/** How many cards one shopper may keep; one more is refused (409). */
export const SAVED_PAYMENT_METHODS_MAX = 10;

export type TestCardChoice = keyof typeof TEST_CARDS;
export const TEST_CARD_CHOICES = Object.keys(TEST_CARDS) as TestCardChoice[];

/** The built-in test provider's cards as a shopper can save them (never their numbers). */
export const TEST_SAVED_CARDS: Record<
  TestCardChoice,
  { label: string; brand: string; last4: string; expMonth: number; expYear: number }
> = {
  succeeds: {
    label: 'Visa that pays',
    brand: 'visa',
    last4: TEST_CARDS.succeeds.slice(-4),
    expMonth: 12,
    expYear: 2034,
  },
  declined: {
    label: 'Visa that is declined',
    brand: 'visa',
    last4: TEST_CARDS.declined.slice(-4),
    expMonth: 12,
    expYear: 2034,
  },
  insufficientFunds: {
    label: 'Visa with insufficient funds',
    brand: 'visa',
    last4: TEST_CARDS.insufficientFunds.slice(-4),
    expMonth: 12,
    expYear: 2034,
  },
  requiresAuthentication: {
    label: 'Visa that asks for authentication',
    brand: 'visa',
    last4: TEST_CARDS.requiresAuthentication.slice(-4),
    expMonth: 12,
    expYear: 2034,
  },
};

/** "Visa", "Mastercard", "American Express" from the provider's lower-case brand. */
export function cardBrandName(brand: string): string {
  const names: Record<string, string> = {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
    discover: 'Discover',
    diners: 'Diners Club',
    jcb: 'JCB',
    unionpay: 'UnionPay',
  };
  return names[brand] ?? (brand ? brand[0]!.toUpperCase() + brand.slice(1) : 'Card');
}

/** "Visa •••• 4242, expires 12/30". */
export function describeSavedCard(card: {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}): string {
  const month = String(card.expMonth).padStart(2, '0');
  const year = String(card.expYear % 100).padStart(2, '0');
  return `${cardBrandName(card.brand)} •••• ${card.last4}, expires ${month}/${year}`;
}
