/**
 * An order's or a quote's totals: subtotal, discount (with its code), shipping, each tax named with
 * its rate ("HST (13%)") and the total.
 */
import type { OrderTotals } from '../../../contract/orders.ts';
import { formatMoney } from '../../lib/format.ts';
import { taxLabel } from '../../lib/order-format.ts';
import styles from './order-parts.module.css';

export function TotalsList({
  totals,
  discount,
}: {
  totals: OrderTotals;
  discount: { code: string; percentOff: number } | null;
}) {
  return (
    <dl className={styles.totals}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div>
          <dt>Discount{discount ? ` (${discount.code}, ${discount.percentOff}% off)` : ''}</dt>
          <dd>−{formatMoney(totals.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping</dt>
        <dd>{totals.shipping === 0 ? 'Free' : formatMoney(totals.shipping)}</dd>
      </div>
      {totals.taxes.map((tax) => (
        <div key={tax.name}>
          <dt>{taxLabel(tax)}</dt>
          <dd>{formatMoney(tax.amount)}</dd>
        </div>
      ))}
      <div className={styles.totalRow}>
        <dt>Total</dt>
        <dd>{formatMoney(totals.total)}</dd>
      </div>
    </dl>
  );
}
