/** The order's steps so far and ahead (lib/timeline.ts), as a list. */
import type { Order } from '../../../../contract/orders.ts';
import { buildTimeline } from '../lib/timeline.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import styles from './orders.module.css';

export function OrderTimeline({ order }: { order: Order }) {
  const steps = buildTimeline(order);
  const lastDone = steps.map((step) => step.done).lastIndexOf(true);
  return (
    <ol className={styles.timeline} aria-label="Order status">
      {steps.map((step, index) => (
        <li
          key={step.key}
          className={[styles.step, step.done ? null : styles.stepPending].filter(Boolean).join(' ')}
          aria-current={index === lastDone ? 'step' : undefined}
        >
          <strong>
            {step.label}
            {step.done ? '' : ' (not yet)'}
          </strong>
          {step.at ? (
            <time dateTime={step.at} className={styles.muted}>
              {formatOrderDateTime(step.at)}
            </time>
          ) : null}
          {step.detail ? <span className={styles.muted}>{step.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
