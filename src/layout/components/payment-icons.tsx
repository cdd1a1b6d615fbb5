/**
 * The ten accepted payment methods (docs/product.md, Info pages and footer), each a card drawn as
 * an SVG file of its own (public/payment-cards/, written by scripts/text-outlines.ts) and shown
 * with its accessible name. As files rather than inline SVG, their drawing is in neither the
 * JavaScript nor the HTML of every page, and they load only when the footer comes near the screen.
 */
import { useLingui } from '@lingui/react/macro';

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

export function PaymentIcons({ className }: { className?: string }) {
  const { t } = useLingui();
  return (
    <ul className={className} aria-label={t`Accepted payment methods`}>
      {PAYMENT_METHODS.map((method) => (
        <li key={method}>
          <img
            src={paymentCardPath(method)}
            alt={method}
            width={PAYMENT_CARD_SIZE.width}
            height={PAYMENT_CARD_SIZE.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}
