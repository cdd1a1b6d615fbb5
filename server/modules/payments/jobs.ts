import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  CHARGED_ORDER_STATUSES,
  formatOrderNumber,
  type OrderStatus,
  type PaymentStatus,
} from '../../../contract/orders.ts';
import { advisoryRunAlone } from '../../db/advisory-lock.ts';
import type { Database } from '../../db/client.ts';
import { IntervalJob } from '../../lib/interval-job.ts';
import { jobMetrics } from '../../lib/job-metrics.ts';
import { orderStates } from '../orders/for-payments.ts';
import { recordOrderEventOnce } from '../orders/transitions.ts';
import type { PaymentProvider } from './provider.ts';
import { settlePayment } from './service.ts';
import { payments, webhookEvents } from './tables.ts';
import { processWebhookEvent, type EventOutcome } from './webhook-events.ts';

/** Stored events retried in one pass. */
const RETRY_BATCH = 50;
/** Reconciliation looks at orders and payments changed this recently. */
export const RECONCILE_WINDOW_MS = 24 * 60 * 60_000;
/** Payment statuses the provider may still change by itself. */
const OPEN_PAYMENT_STATUSES: readonly PaymentStatus[] = [
  'requires_payment_method',
  'requires_action',
  'processing',
];
/** Payments asked about in one reconciliation pass (the oldest change first). */
const RECONCILE_BATCH = 200;
/** Reconciliation asks the provider about every recent payment, so it runs less often. */
export const RECONCILE_EVERY_MS = 15 * 60_000;
export const RECONCILIATION_MISMATCH = 'reconciliation_mismatch';

/**
 * Applies again the stored webhook events that are due (their order had not been placed yet, or
 * the provider did not answer). `now` decides what is due (tests pass a later time).
 */
export async function retryWebhookEvents(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  options: { now?: Date } = {},
): Promise<Record<EventOutcome, number>> {
  const now = options.now ?? new Date();
  const due = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, provider.name),
        isNull(webhookEvents.processedAt),
        lte(webhookEvents.nextAttemptAt, now),
      ),
    )
    .orderBy(asc(webhookEvents.nextAttemptAt))
    .limit(RETRY_BATCH);
  const counts: Record<EventOutcome, number> = { applied: 0, ignored: 0, waiting: 0, failed: 0 };
  for (const event of due) {
    counts[await processWebhookEvent(db, provider, event, log)]++;
  }
  if (due.length > 0) log.info({ due: due.length, ...counts }, 'payment events retried');
  return counts;
}

export interface ReconciliationResult {
  checked: number;
  repaired: number;
  flagged: number;
  failed: number;
  /** Order numbers (FN-…) of what was repaired and what was flagged. */
  repairedOrders: string[];
  flaggedOrders: string[];
}

/**
 * The payments reconciliation compares with their provider, by its own cursor
 * (`payments.reconciledAt`): those changed in the window that it has not compared since they (or
 * their order) last changed, those still open at the provider that it has not compared for
 * RECONCILE_EVERY_MS, and, whatever their age, those the bank is still processing (their order
 * waits on them). A payment compared and left unchanged drops out until something changes it, so
 * the provider is asked about each payment a bounded number of times, however large the shop grows.
 */
type OrderState = ReturnType<typeof orderStates>;

function needsReconciling(orderState: OrderState, since: Date, now: Date) {
  const lastDue = new Date(now.getTime() - RECONCILE_EVERY_MS);
  const open = inArray(payments.status, [...OPEN_PAYMENT_STATUSES]);
  return or(
    and(
      or(gte(payments.updatedAt, since), gte(orderState.updatedAt, since)),
      or(
        isNull(payments.reconciledAt),
        lt(payments.reconciledAt, payments.updatedAt),
        lt(payments.reconciledAt, orderState.updatedAt),
        and(open, lt(payments.reconciledAt, lastDue)),
      ),
    ),
    and(
      eq(payments.status, 'processing'),
      or(isNull(payments.reconciledAt), lt(payments.reconciledAt, lastDue)),
    ),
  );
}

/**
 * Compares recent payments with what their provider says. A payment the provider completed that
 * the shop missed (a lost webhook, a shopper who closed the tab) is applied through the
 * completer. An order marked paid whose payment the provider does not report as succeeded is not
 * touched but flagged for a person: a warn line and, once per order, a `reconciliation_mismatch`
 * event on its timeline. `sinceMs` is how far back to look.
 */
export async function reconcilePayments(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  options: { sinceMs?: number; now?: Date } = {},
): Promise<ReconciliationResult> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.sinceMs ?? RECONCILE_WINDOW_MS));
  const orderState = orderStates(db);
  const rows = await db
    .select({
      paymentId: payments.id,
      orderId: orderState.id,
      number: orderState.number,
      orderStatus: orderState.status,
      reference: payments.reference,
      paymentStatus: payments.status,
      refunded: payments.refunded,
    })
    .from(payments)
    .innerJoin(orderState, eq(orderState.id, payments.orderId))
    .where(
      and(
        eq(payments.provider, provider.name),
        isNotNull(payments.reference),
        needsReconciling(orderState, since, now),
      ),
    )
    .orderBy(sql`${payments.reconciledAt} asc nulls first`, asc(payments.updatedAt))
    .limit(RECONCILE_BATCH);

  const result: ReconciliationResult = {
    checked: 0,
    repaired: 0,
    flagged: 0,
    failed: 0,
    repairedOrders: [],
    flaggedOrders: [],
  };
  for (const row of rows) {
    const orderNumber = formatOrderNumber(row.number);
    try {
      const reading = await provider.retrievePayment(row.reference!);
      result.checked++;
      if (CHARGED_ORDER_STATUSES.includes(row.orderStatus) && reading.status !== 'succeeded') {
        result.flagged++;
        result.flaggedOrders.push(orderNumber);
        log.warn(
          { orderNumber, orderStatus: row.orderStatus, providerStatus: reading.status },
          'order marked paid but its payment has not succeeded at the provider',
        );
        await flagOnce(db, row.orderId, row.orderStatus, reading.status);
        await markReconciled(db, row.paymentId);
        continue;
      }
      const outcome = await settlePayment(db, provider, {
        provider: provider.name,
        reading,
        actor: 'system',
      });
      await markReconciled(db, row.paymentId);
      if (
        outcome.kind === 'applied' &&
        (outcome.order.status !== row.orderStatus ||
          outcome.payment.status !== row.paymentStatus ||
          outcome.payment.refunded !== row.refunded)
      ) {
        result.repaired++;
        result.repairedOrders.push(orderNumber);
        log.info(
          {
            orderNumber,
            from: { order: row.orderStatus, payment: row.paymentStatus },
            to: { order: outcome.order.status, payment: outcome.payment.status },
          },
          'payment reconciled with the provider',
        );
      }
    } catch (err) {
      result.failed++;
      log.warn({ err, orderNumber }, 'payment could not be reconciled');
    }
  }
  const { checked, repaired, flagged, failed } = result;
  const level = flagged > 0 || failed > 0 ? 'warn' : 'info';
  log[level]({ checked, repaired, flagged, failed }, 'payment reconciliation');
  return result;
}

/** Moves the cursor past a payment just compared (its updatedAt stays: nothing changed). */
async function markReconciled(db: Database, paymentId: string): Promise<void> {
  await db.update(payments).set({ reconciledAt: new Date() }).where(eq(payments.id, paymentId));
}

/** Puts the mismatch on the order's timeline, once. */
async function flagOnce(
  db: Database,
  orderId: string,
  orderStatus: OrderStatus,
  providerStatus: string,
): Promise<void> {
  await recordOrderEventOnce(db, orderId, {
    type: RECONCILIATION_MISMATCH,
    actor: 'system',
    note: `The order is ${orderStatus} but the payment provider reports the payment as ${providerStatus}.`,
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The order jobs, run every ORDER_JOBS_INTERVAL_MS (0 = only when asked): retrying stored
     * webhook events and reconciling payments. Other modules add their own tasks to it. Each
     * task runs on one instance at a time (an advisory lock per task on PostgreSQL), so instances
     * sharing a database do not ask the provider the same thing at once.
     */
    orderJobs: IntervalJob;
  }
}

export default fp(
  async function orderJobsPlugin(app: FastifyInstance) {
    const job = new IntervalJob({
      name: 'order-jobs',
      intervalMs: app.config.ORDER_JOBS_INTERVAL_MS,
      log: app.log,
      // Per task, not per job: a long reconciliation here holds back no other instance's
      // webhook retries or expiries.
      runAlone: advisoryRunAlone(app.db),
      ...(app.metrics ? { onTaskDone: jobMetrics(app.metrics.registry) } : {}),
    });
    let lastReconciled = 0;
    job.add('webhook-retry', () => retryWebhookEvents(app.db, app.payments, app.log));
    job.add('payment-reconciliation', async () => {
      if (Date.now() - lastReconciled < RECONCILE_EVERY_MS) return;
      lastReconciled = Date.now();
      await reconcilePayments(app.db, app.payments, app.log);
    });
    app.decorate('orderJobs', job);
    app.addHook('onReady', async () => job.start());
    // preClose runs before the database closes (an onClose hook): a run in progress finishes.
    app.addHook('preClose', async () => job.stop());
  },
  { name: 'order-jobs', dependencies: ['payments'] },
);
