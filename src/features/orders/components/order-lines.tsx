/** Priced lines with their image, variant, quantity and line total. */
import type { PricedLine } from '../../../../contract/orders.ts';
import { formatMoney } from '../../../lib/format.ts';
import styles from './orders.module.css';

export function OrderLines({ lines }: { lines: readonly PricedLine[] }) {
  return (
    <ul className={styles.lines}>
      {lines.map((line) => (
        <li key={line.variantId} className={styles.line}>
          {line.image ? (
            <img src={line.image} alt="" width={56} height={56} loading="lazy" decoding="async" />
          ) : (
            <span className={styles.thumb} aria-hidden="true" />
          )}
          <div>
            <p className={styles.lineName}>{line.name}</p>
            <p className={styles.muted}>
              {[line.flavor, line.size].filter(Boolean).join(' · ')} · Qty {line.quantity} ×{' '}
              {formatMoney(line.unitPrice)}
            </p>
          </div>
          <span>{formatMoney(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
