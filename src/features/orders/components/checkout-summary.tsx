/**
 * Checkout's order summary, repriced by the server's quote as the address and method change: lines,
 * subtotal, the cart's discount code, shipping, each tax with its rate, total. Repricing is
 * announced in a live region. Before a quote (no province and postal code yet) it shows the cart's
 * lines and says taxes follow from the address.
 */
import { Link } from '@tanstack/react-router';
import type { Quote } from '../../../../contract/orders.ts';
import { formatMoney } from '../../../lib/format.ts';
import type { Cart } from '../../cart/api/index.ts';
import { OrderLines } from './order-lines.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import styles from './orders.module.css';

export const QUOTE_PENDING_TEXT = 'Enter your province and postal code to see shipping and taxes.';

export function CheckoutSummary({
  quote,
  updating,
  failed,
  cart,
}: {
  quote: Quote | undefined;
  updating: boolean;
  failed: string | null;
  cart: Cart | undefined;
}) {
  const discount = quote?.discount ?? cart?.discount ?? null;
  const lines =
    quote?.lines ??
    (cart?.items ?? []).map((item) => ({
      ...item,
      brand: item.brand?.name ?? '',
      flavor: item.flavor?.name ?? '',
    }));
  const status = updating
    ? 'Updating your total…'
    : failed
      ? failed
      : quote
        ? `Total ${formatMoney(quote.totals.total)}, taxes included.`
        : QUOTE_PENDING_TEXT;
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary" aria-busy={updating}>
      <h2 id="checkout-summary" className={styles.summaryTitle}>
        Order summary
      </h2>
      <OrderLines lines={lines} />
      {discount ? (
        <p className={styles.muted}>
          Discount code <strong>{discount.code}</strong> applied: {discount.percentOff}% off.{' '}
          <Link to="/cart">Change it in your cart</Link>
        </p>
      ) : (
        <p className={styles.muted}>
          Have a discount code? <Link to="/cart">Apply it in your cart</Link>.
        </p>
      )}
      {quote ? (
        <TotalsList totals={quote.totals} discount={quote.discount} />
      ) : cart ? (
        <dl className={styles.totals}>
          <div>
            <dt>Subtotal</dt>
            <dd>{formatMoney(cart.totals.subtotal)}</dd>
          </div>
          {cart.totals.discount > 0 ? (
            <div>
              <dt>Discount</dt>
              <dd>−{formatMoney(cart.totals.discount)}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      <p className={styles.muted} role="status" data-testid="quote-status">
        {status}
      </p>
    </aside>
  );
}
