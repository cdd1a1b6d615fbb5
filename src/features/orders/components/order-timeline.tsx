/** The order's steps so far and ahead (lib/timeline.ts), as a list. */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Order } from '../../../../contract/orders.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { buildTimeline } from '../lib/timeline.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import styles from './orders.module.css';

export function OrderTimeline({ order }: { order: Order }) {
  const { i18n } = useLingui();
  const locale = useLocale();
  const steps = buildTimeline(order, i18n);
  const lastDone = steps.map((step) => step.done).lastIndexOf(true);
  return (
    <ol className={styles.timeline} aria-label={i18n._(msg`Order status`)}>
      {steps.map((step, index) => (
        <li
          key={step.key}
          className={[styles.step, step.done ? null : styles.stepPending].filter(Boolean).join(' ')}
          aria-current={index === lastDone ? 'step' : undefined}
        >
          <strong>
            {step.label}
            {step.done ? '' : ` ${i18n._(msg`(not yet)`)}`}
          </strong>
          {step.at ? (
            <time dateTime={step.at} className={styles.muted}>
              {formatOrderDateTime(step.at, locale)}
            </time>
          ) : null}
          {step.detail ? <span className={styles.muted}>{step.detail}</span> : null}
        </li>
      ))}
    </ol>
  );
}
