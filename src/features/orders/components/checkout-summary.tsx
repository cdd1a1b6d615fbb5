/**
 * Checkout's order summary, repriced by the server's quote as the address and method change: lines,
 * subtotal, the cart's discount code, shipping, each tax with its rate, total. Repricing is
 * announced in a live region. Before a quote (no province and postal code yet) it shows the cart's
 * lines and says taxes follow from the address.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { Quote } from '../../../../contract/orders.ts';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import type { Cart } from '../../cart/api/index.ts';
import { OrderLines } from './order-lines.tsx';
import { TotalsList } from '../../../components/orders/totals-list.tsx';
import styles from './orders.module.css';

export const QUOTE_PENDING_TEXT = msg`Enter your province and postal code to see shipping and taxes.`;

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
  const { i18n } = useLingui();
  const locale = useLocale();
  const discount = quote?.discount ?? cart?.discount ?? null;
  const lines =
    quote?.lines ??
    (cart?.items ?? []).map((item) => ({
      ...item,
      brand: item.brand?.name ?? '',
      flavor: item.flavor?.name ?? '',
    }));
  const total = quote ? formatMoney(quote.totals.total, locale) : '';
  const status = updating
    ? i18n._(msg`Updating your total…`)
    : failed
      ? failed
      : quote
        ? i18n._(msg`Total ${total}, taxes included.`)
        : i18n._(QUOTE_PENDING_TEXT);
  const code = discount?.code;
  const percent = discount ? formatPercent(discount.percentOff, locale) : '';
  return (
    <aside className={styles.summary} aria-labelledby="checkout-summary" aria-busy={updating}>
      <h2 id="checkout-summary" className={styles.summaryTitle}>
        <Trans>Order summary</Trans>
      </h2>
      <OrderLines lines={lines} />
      {discount ? (
        <p className={styles.muted}>
          <Trans>
            Discount code <strong>{code}</strong> applied: {percent} off.
          </Trans>{' '}
          <Link to="/cart">
            <Trans>Change it in your cart</Trans>
          </Link>
        </p>
      ) : (
        <p className={styles.muted}>
          <Trans>
            Have a discount code? <Link to="/cart">Apply it in your cart</Link>.
          </Trans>
        </p>
      )}
      {quote ? (
        <TotalsList totals={quote.totals} discount={quote.discount} />
      ) : cart ? (
        <dl className={styles.totals}>
          <div>
            <dt>
              <Trans>Subtotal</Trans>
            </dt>
            <dd>{formatMoney(cart.totals.subtotal, locale)}</dd>
          </div>
          {cart.totals.discount > 0 ? (
            <div>
              <dt>
                <Trans>Discount</Trans>
              </dt>
              <dd>−{formatMoney(cart.totals.discount, locale)}</dd>
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
