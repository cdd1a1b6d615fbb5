/**
 * An order's or a quote's totals: subtotal, discount (with its code), shipping, each tax named with
 * its rate ("HST (13%)", in French "TVH (13 %)") and the total.
 */
import { Trans } from '@lingui/react/macro';
import type { OrderTotals } from '../../../contract/orders.ts';
import { formatMoney, formatPercent } from '../../lib/format.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import { taxLabel } from '../../lib/order-format.ts';
import styles from './order-parts.module.css';

export function TotalsList({
  totals,
  discount,
}: {
  totals: OrderTotals;
  discount: { code: string; percentOff: number } | null;
}) {
  const locale = useLocale();
  const code = discount?.code;
  const percent = discount ? formatPercent(discount.percentOff, locale) : '';
  return (
    <dl className={styles.totals}>
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{formatMoney(totals.subtotal, locale)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div>
          <dt>
            {discount ? (
              <Trans>
                Discount ({code}, {percent} off)
              </Trans>
            ) : (
              <Trans>Discount</Trans>
            )}
          </dt>
          <dd>−{formatMoney(totals.discount, locale)}</dd>
        </div>
      ) : null}
      <div>
        <dt>
          <Trans>Shipping</Trans>
        </dt>
        <dd>
          {totals.shipping === 0 ? <Trans>Free</Trans> : formatMoney(totals.shipping, locale)}
        </dd>
      </div>
      {totals.taxes.map((tax) => (
        <div key={tax.name}>
          <dt>{taxLabel(tax, locale)}</dt>
          <dd>{formatMoney(tax.amount, locale)}</dd>
        </div>
      ))}
      <div className={styles.totalRow}>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>{formatMoney(totals.total, locale)}</dd>
      </div>
    </dl>
  );
}
