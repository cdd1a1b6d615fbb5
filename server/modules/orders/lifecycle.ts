import { and, asc, eq, lte, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ORDER_STATUS_LABELS, SHOPPER_CANCELLABLE } from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { refreshPayment, refundPayment } from '../payments/service.ts';
import { payments } from '../payments/tables.ts';
import { orders } from './tables.ts';
import { lockOrder, transitionOrder, type OrderActor } from './transitions.ts';

/** Orders the expiry job cancels in one pass; the next pass takes the rest. */
const EXPIRY_BATCH = 100;

/**
 * Stops an unpaid order's payment at its provider before the order is cancelled. A payment that
 * completed meanwhile cannot be stopped: it is read back through the completer instead, which
 * marks the order paid, and the caller then sees it is no longer waiting for payment.
 */
async function stopPendingPayment(db: Database, provider: PaymentProvider, orderId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment?.reference || payment.status === 'succeeded' || payment.status === 'canceled')
    return;
  try {
    await provider.cancelPayment(payment.reference);
  } catch {
    await refreshPayment(db, provider, orderId, 'system');
  }
}

async function markPaymentCancelled(db: Pick<Database, 'update'>, orderId: string) {
  await db
    .update(payments)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(payments.orderId, orderId), ne(payments.status, 'succeeded')));
}

/**
 * The shopper cancels their order: while it waits for payment (the payment is stopped first), or
 * once paid but before the shop starts packing it. A paid order is cancelled under its lock (so
 * staff cannot start packing it meanwhile) and then refunded in full through its provider; a
 * refund the provider cannot make now is owed and made by `settleOwedRefunds`. Either way the
 * order's stock and discount code are released.
 */
export async function cancelOrderAsShopper(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; userId: string },
): Promise<void> {
  const { orderId } = input;
  const [before] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (before?.status === 'pending_payment') await stopPendingPayment(db, provider, orderId);
  const actor = { actor: 'shopper' as OrderActor, actorId: input.userId };
  const wasPaid = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') return false;
    if (!SHOPPER_CANCELLABLE.includes(order.status)) {
      throw conflict(
        `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} and can no longer be cancelled.`,
        { status: order.status },
      );
    }
    const paid = order.status === 'paid';
    await transitionOrder(tx, orderId, {
      to: 'cancelled',
      ...actor,
      note: paid ? 'Cancelled by the shopper; refunded in full.' : 'Cancelled by the shopper.',
    });
    if (!paid) await markPaymentCancelled(tx, orderId);
    return paid;
  });
  if (wasPaid) await refundInFull(db, provider, orderId, 'shopper', input.userId);
}

/**
 * Staff cancel an order: one awaiting payment (its payment is stopped first) or paid and not yet
 * being packed, as ORDER_TRANSITIONS allows (anything else is a 409 from `transitionOrder`). A paid
 * order is refunded in full after the cancellation commits; a refund the provider cannot make now
 * is owed and made by `settleOwedRefunds`.
 */
export async function cancelOrderAsStaff(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; staffId: string; note?: string | undefined },
): Promise<void> {
  const { orderId } = input;
  const [before] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (before?.status === 'pending_payment') await stopPendingPayment(db, provider, orderId);
  const wasPaid = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw conflict('This order is already cancelled.', { status: order.status });
    }
    const paid = order.status === 'paid';
    const said = paid ? 'Cancelled by the shop; refunded in full.' : 'Cancelled by the shop.';
    await transitionOrder(tx, orderId, {
      to: 'cancelled',
      actor: 'staff',
      actorId: input.staffId,
      note: input.note ? `${said} ${input.note}` : said,
    });
    if (!paid) await markPaymentCancelled(tx, orderId);
    return paid;
  });
  if (wasPaid) await refundInFull(db, provider, orderId, 'staff', input.staffId);
}

/** Refunds what is left of a cancelled order's payment; a failure is logged by the caller's job. */
async function refundInFull(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  actor: OrderActor,
  actorId: string | null = null,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!payment?.reference || payment.status !== 'succeeded') return;
  const owed = payment.amount - payment.refunded;
  if (owed <= 0) return;
  await refundPayment(db, provider, {
    orderId,
    amount: owed,
    key: `refund-cancelled-${orderId}-${payment.refunded}`,
    actor,
    actorId,
    reason: 'requested_by_customer',
  });
}

/**
 * Gives back the money of cancelled orders whose payment succeeded and is not wholly refunded:
 * a refund the provider could not make when the order was cancelled, or a payment that completed
 * after its order was cancelled. Answers how many it settled.
 */
export async function settleOwedRefunds(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
): Promise<number> {
  const owed = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.status, 'cancelled'),
        eq(payments.status, 'succeeded'),
        sql`${payments.refunded} < ${payments.amount}`,
      ),
    )
    .limit(EXPIRY_BATCH);
  let settled = 0;
  for (const { orderId } of owed) {
    try {
      await refundInFull(db, provider, orderId, 'system');
      settled++;
    } catch (err) {
      log.error({ err, orderId }, 'could not refund a cancelled order');
    }
  }
  return settled;
}

/**
 * Cancels orders left unpaid past their pay-by time, releasing their stock and discount codes.
 * Answers how many it cancelled.
 */
export async function expireUnpaidOrders(
  db: Database,
  provider: PaymentProvider,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'pending_payment'), lte(orders.payBy, now)))
    .orderBy(asc(orders.payBy))
    .limit(EXPIRY_BATCH);
  let cancelled = 0;
  for (const { id } of due) {
    try {
      await stopPendingPayment(db, provider, id);
      const done = await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (order.status !== 'pending_payment' || !order.payBy || order.payBy > now) return false;
        await transitionOrder(tx, id, {
          to: 'cancelled',
          actor: 'system',
          note: 'Payment was not completed in time; the items went back on the shelf.',
        });
        await markPaymentCancelled(tx, id);
        return true;
      });
      if (done) cancelled++;
    } catch (err) {
      log.error({ err, orderId: id }, 'could not cancel an unpaid order');
    }
  }
  if (cancelled > 0) log.info({ cancelled }, 'cancelled unpaid orders past their payment window');
  return cancelled;
}
