/**
 * The files of lettering drawn as outlines that scripts/text-outlines.ts writes into public/, and
 * how the components name them: the wordmark's lettering and the payment-method cards. Plain
 * TypeScript, so the script can import it as well as the components.
 */

/** The wordmark's lettering: one `<path id>` per part, which the Logo draws with `<use>`. */
export const WORDMARK_FILE = '/wordmark.svg';
export const WORDMARK_PARTS = ['forge', 'nutrition'] as const;

/** The `<use>` reference of one part of the lettering. */
export const wordmarkPart = (part: (typeof WORDMARK_PARTS)[number]) => `${WORDMARK_FILE}#${part}`;

export const PAYMENT_METHODS = [
  'Visa',
  'Mastercard',
  'American Express',
  'Sezzle',
  'Apple Pay',
  'Discover',
  'Google Pay',
  'Shop Pay',
  'PayPal',
  'Afterpay',
] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A card's size in CSS pixels (its SVG's viewBox). */
export const PAYMENT_CARD_SIZE = { width: 48, height: 30 } as const;

/** Where a method's card is served: `/payment-cards/american-express.svg`. */
export function paymentCardPath(method: PaymentMethod): string {
  return `/payment-cards/${method.toLowerCase().replaceAll(' ', '-')}.svg`;
}
