import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS_LABELS, PAID_ORDER_STATUSES } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { formatMoney } from './formatting.ts';
import { lockOrder, recordOrderEvent } from './transitions.ts';
import { ProviderRefusal, type PaymentProvider } from '../payments/provider.ts';
import { refundPayment } from '../payments/service.ts';
import { paymentOfOrder } from '../payments/of-orders.ts';
import { staffRefunds } from './tables.ts';

type Hold = typeof staffRefunds.$inferSelect;

/** Orders whose payment staff may refund (a cancelled order is refunded in full by itself). */

/**
 * A pending hold younger than this may still be in the hands of the request that made it; the
 * order jobs settle only older ones (settling one twice is harmless, under the same key, but
 * asks the provider for nothing).
 */
export const REFUND_HOLD_SETTLE_AFTER_MS = 2 * 60_000;
/** Holds the order jobs settle in one pass. */
const SETTLE_BATCH = 50;

export const REFUND_OUTCOME_UNKNOWN =
  'The payment provider did not confirm this refund. Its amount stays held on the order and the refund is asked for again under the same key, so it is made at most once: retry with the same key, or wait for the timeline to show it.';

/** The provider's idempotency key of a staff refund: derived from the request's key. */
export const staffRefundKey = (orderId: string, key: string) => `staff-refund-${orderId}-${key}`;

/**
 * Refunds part or all of an order's payment, once per Idempotency-Key. Under the order's lock,
 * what is left (paid, minus refunded, minus every refund still held) is checked and this refund's
 * amount held under its key, so two refunds racing cannot give back more than was paid; the
 * provider is then asked outside the lock (it may be slow) with a key derived from the request's.
 * A retry of the same key finds its hold and asks again under the same provider key: the provider
 * answers with the refund it already made, or makes it now; never a second one. The hold is let
 * go only when the provider refuses; when the outcome is unknown it stays (503), holding its
 * amount, until a retry or `settleRefundHolds` completes it. A whole refund of an order not yet
 * shipped moves it to `refunded` (the completer does that); of a shipped or delivered order it is
 * recorded without re-opening it.
 */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  input: {
    orderId: string;
    staffId: string;
    amount: number;
    reason?: string | undefined;
    key: string;
  },
): Promise<void> {
  const { orderId, amount, key } = input;
  const hold = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const [existing] = await tx
      .select()
      .from(staffRefunds)
      .where(and(eq(staffRefunds.orderId, orderId), eq(staffRefunds.key, key)));
    if (existing) {
      if (existing.amount !== amount) {
        throw conflict(
          'idempotency_key_reused',
          `This Idempotency-Key was used for a refund of ${formatMoney(existing.amount)}. Send a new key for a new refund.`,
        );
      }
      return existing;
    }
    const payment = await paymentOfOrder(tx, orderId);
    if (!payment?.reference || payment.status !== 'succeeded') {
      throw conflict('refund_not_allowed', 'This order has no completed payment to refund.', {
        status: order.status,
      });
    }
    if (!PAID_ORDER_STATUSES.includes(order.status)) {
      throw conflict(
        'refund_not_allowed',
        `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()}; its payment cannot be refunded by hand.`,
        { status: order.status },
      );
    }
    const [held] = await tx
      .select({ total: sql<number>`coalesce(sum(${staffRefunds.amount}), 0)::int` })
      .from(staffRefunds)
      .where(and(eq(staffRefunds.orderId, orderId), eq(staffRefunds.state, 'pending')));
    const left = payment.amount - payment.refunded - (held?.total ?? 0);
    if (amount > left) {
      throw conflict(
        'refund_exceeds_balance',
        left > 0
          ? `Only ${formatMoney(left)} (${left} cents) is left to refund on this order.`
          : 'Nothing is left to refund on this order.',
        { left },
      );
    }
    const [inserted] = await tx
      .insert(staffRefunds)
      .values({
        id: newId('srf'),
        orderId,
        amount,
        reason: input.reason ?? null,
        actorId: input.staffId,
        key,
      })
      .returning();
    return inserted!;
  });
  if (hold.state === 'done') return;
  await completeHold(db, provider, hold);
}

/**
 * Asks the provider for a held refund under its derived key and records the answer: the hold is
 * `done` once the refund is recorded, deleted when the provider refuses it, and left pending
 * (503) when the outcome cannot be known.
 */
async function completeHold(db: Database, provider: PaymentProvider, hold: Hold): Promise<void> {
  try {
    await refundPayment(db, provider, {
      orderId: hold.orderId,
      amount: hold.amount,
      key: staffRefundKey(hold.orderId, hold.key ?? hold.id),
      actor: 'staff',
      actorId: hold.actorId,
      reason: 'requested_by_customer',
    });
  } catch (err) {
    if (err instanceof ProviderRefusal) {
      await db.delete(staffRefunds).where(eq(staffRefunds.id, hold.id));
      throw err;
    }
    throw Object.assign(new HttpError(503, 'refund_outcome_unknown', REFUND_OUTCOME_UNKNOWN), {
      cause: err,
    });
  }
  await db.transaction(async (tx) => {
    const [settled] = await tx
      .update(staffRefunds)
      .set({ state: 'done' })
      .where(and(eq(staffRefunds.id, hold.id), eq(staffRefunds.state, 'pending')))
      .returning({ id: staffRefunds.id });
    if (settled && hold.reason) {
      await recordOrderEvent(tx, hold.orderId, {
        type: 'refund_reason',
        note: `${formatMoney(hold.amount)} refunded: ${hold.reason}`,
        actor: 'staff',
        actorId: hold.actorId,
      });
    }
  });
}

/**
 * Settles staff refunds whose outcome was left unknown (the provider did not answer, or the shop
 * failed after it did): each is asked for again under its own key, so the provider answers with
 * the refund it made or makes it now, once. A refusal lets the hold go. Answers how many settled.
 */
export async function settleRefundHolds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const stale = await db
    .select()
    .from(staffRefunds)
    .where(
      and(
        eq(staffRefunds.state, 'pending'),
        lt(staffRefunds.createdAt, new Date(now.getTime() - REFUND_HOLD_SETTLE_AFTER_MS)),
      ),
    )
    .orderBy(asc(staffRefunds.createdAt))
    .limit(SETTLE_BATCH);
  let settled = 0;
  for (const hold of stale) {
    try {
      await completeHold(db, provider, hold);
      settled++;
    } catch (err) {
      if (err instanceof ProviderRefusal) {
        log.warn({ orderId: hold.orderId, holdId: hold.id }, 'held refund refused; released');
        settled++;
      } else {
        log.warn({ err, orderId: hold.orderId, holdId: hold.id }, 'held refund still unsettled');
      }
    }
  }
  if (settled > 0) log.info({ settled }, 'settled held staff refunds');
  return settled;
}
