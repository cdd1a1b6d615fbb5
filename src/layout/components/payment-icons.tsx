/**
 * The ten accepted payment methods (docs/product.md, Info pages and footer), each a card drawn as
 * an SVG file of its own (public/payment-cards/, written by scripts/text-outlines.ts) and shown
 * with its accessible name. As files rather than inline SVG, their drawing is in neither the
 * JavaScript nor the HTML of every page, and they load only when the footer comes near the screen.
 */
import { useLingui } from '@lingui/react/macro';
import { PAYMENT_CARD_SIZE, PAYMENT_METHODS, paymentCardPath } from './lettering-files.ts';

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
