/** Priced lines with their image, variant, quantity and line total. */
import { Trans } from '@lingui/react/macro';
import type { PricedLine } from '../../../../contract/orders.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import styles from './orders.module.css';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';

export function OrderLines({ lines }: { lines: readonly PricedLine[] }) {
  const locale = useLocale();
  return (
    <ul className={styles.lines}>
      {lines.map((line) => {
        const variant = [line.flavor, line.size].filter(Boolean).join(' · ');
        const quantity = line.quantity;
        const unitPrice = formatMoney(line.unitPrice, locale);
        return (
          <li key={line.variantId} className={styles.line}>
            {line.image ? (
              <Thumbnail src={line.image} size={56} />
            ) : (
              <span className={styles.thumb} aria-hidden="true" />
            )}
            <div>
              <p className={styles.lineName}>{line.name}</p>
              <p className={styles.muted}>
                <Trans>
                  {variant} · Qty {quantity} × {unitPrice}
                </Trans>
              </p>
            </div>
            <span>{formatMoney(line.lineTotal, locale)}</span>
          </li>
        );
      })}
    </ul>
  );
}
