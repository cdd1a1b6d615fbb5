import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminStatusBody } from '../../../contract/admin.ts';
import {
  ORDER_STATUS_LABELS,
  SHOPPER_CANCELLABLE,
  transitionEffects,
} from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { HttpError, badRequest, conflict, isDatabaseUnavailable } from '../../lib/errors.ts';
import type { PaymentProvider, ProviderPayment } from '../payments/provider.ts';
import { refundPayment, settlePayment } from '../payments/service.ts';
import {
  ordersOwedRefund,
  ordersWithPaymentProcessing,
  paymentOfOrder,
} from '../payments/of-orders.ts';
import { orders } from './tables.ts';
import { lockOrder, transitionOrder, type OrderActor } from './transitions.ts';

/** Orders the expiry job cancels in one pass; the next pass takes the rest. */
const EXPIRY_BATCH = 100;

/**
 * The bank is still processing the order's payment (a debit settles days later) and the provider
 * cannot stop it: the order is not cancelled yet. When the payment settles it is either paid (and
 * may then be cancelled with a full refund) or failed (and cancelled then).
 */
export class PaymentProcessingError extends HttpError {
  constructor() {
    super(
      409,
      'payment_processing',
      'Your bank is still processing the payment for this order, so it cannot be stopped yet and the order stays open. If the payment goes through you can cancel the order for a full refund; if it fails, the order is cancelled.',
    );
  }
}

export const PAYMENT_NOT_STOPPED =
  'The payment could not be stopped at the payment provider just now, so the order was not cancelled. Please try again in a moment.';

/**
 * Stops an unpaid order's payment at its provider before the order is cancelled, and records what
 * the provider answers through the completer: the payment's status moves only on the provider's
 * word. A payment that completed meanwhile cannot be stopped: the completer marks the order paid,
 * and the caller then sees it is no longer waiting for payment. One the bank is still processing
 * cannot be stopped either (PaymentProcessingError), and one the provider could neither cancel
 * nor read keeps the order open (503): cancelling it here while the money may still arrive is
 * what kept a shopper's money.
 */
async function stopPendingPayment(db: Database, provider: PaymentProvider, orderId: string) {
  const payment = await paymentOfOrder(db, orderId);
  if (!payment?.reference || payment.status === 'succeeded' || payment.status === 'canceled')
    return;
  let reading: ProviderPayment;
  try {
    reading = await provider.cancelPayment(payment.reference);
  } catch (refused) {
    // Our own database gone (the test provider keeps its side there) is said as such.
    if (isDatabaseUnavailable(refused)) throw refused;
    try {
      reading = await provider.retrievePayment(payment.reference);
    } catch (unread) {
      if (isDatabaseUnavailable(unread)) throw unread;
      throw new HttpError(503, 'payment_not_stopped', PAYMENT_NOT_STOPPED, {
        reason: 'payment_not_stopped',
      });
    }
  }
  await settlePayment(db, provider, { provider: provider.name, reading, actor: 'system' });
  if (reading.status === 'processing') throw new PaymentProcessingError();
  if (reading.status !== 'canceled' && reading.status !== 'succeeded') {
    throw new HttpError(503, 'payment_not_stopped', PAYMENT_NOT_STOPPED, {
      reason: 'payment_not_stopped',
    });
  }
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
  input: { orderId: string; userId: string; actor?: OrderActor },
): Promise<void> {
  const { orderId } = input;
  const who = input.actor ?? 'shopper';
  const [before] = await db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (before?.status === 'pending_payment') await stopPendingPayment(db, provider, orderId);
  const actor = { actor: who, actorId: input.userId };
  const owesRefund = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') return false;
    if (!SHOPPER_CANCELLABLE.includes(order.status)) {
      throw conflict(
        'order_not_cancellable',
        `This order is ${ORDER_STATUS_LABELS[order.status].toLowerCase()} and can no longer be cancelled.`,
        { status: order.status },
      );
    }
    const refunds = transitionEffects(order.status, 'cancelled')?.includes('refund') ?? false;
    const moved = await transitionOrder(tx, orderId, {
      to: 'cancelled',
      ...actor,
      note: refunds ? 'Cancelled by the shopper; refunded in full.' : 'Cancelled by the shopper.',
    });
    return moved.effects.includes('refund');
  });
  if (owesRefund) await refundInFull(db, provider, orderId, who, input.userId);
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
  const owesRefund = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.status === 'cancelled') {
      throw conflict('order_not_cancellable', 'This order is already cancelled.', {
        status: order.status,
      });
    }
    const refunds = transitionEffects(order.status, 'cancelled')?.includes('refund') ?? false;
    const said = refunds ? 'Cancelled by the shop; refunded in full.' : 'Cancelled by the shop.';
    const moved = await transitionOrder(tx, orderId, {
      to: 'cancelled',
      actor: 'staff',
      actorId: input.staffId,
      note: input.note ? `${said} ${input.note}` : said,
    });
    return moved.effects.includes('refund');
  });
  if (owesRefund) await refundInFull(db, provider, orderId, 'staff', input.staffId);
}

/**
 * Staff move an order on: processing, shipped (carrier and tracking number required, stored with
 * the change), delivered, or cancelled (a paid order is refunded in full). Each move is checked
 * by `transitionOrder` under the order's lock; asking for the status the order already has is a
 * 409, so of two staff shipping one order at once the second is told it has already shipped
 * (one transition, one timeline entry, one e-mail).
 */
export async function changeOrderStatus(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; staffId: string; body: AdminStatusBody },
): Promise<void> {
  const { orderId, staffId, body } = input;
  if (body.status === 'shipped') {
    if (!body.carrier)
      throw badRequest('validation', 'carrier is required to mark an order shipped.', 'carrier');
    if (!body.trackingNumber) {
      throw badRequest(
        'validation',
        'trackingNumber is required to mark an order shipped.',
        'trackingNumber',
      );
    }
  }
  if (body.status === 'cancelled') {
    await cancelOrderAsStaff(db, provider, { orderId, staffId, note: body.note });
    return;
  }
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const to = body.status;
    if (order.status === to) {
      throw conflict(
        'order_transition_refused',
        `This order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`,
        {
          status: order.status,
        },
      );
    }
    let note = body.note ?? null;
    if (to === 'shipped') {
      // Stored before the move, so the "shipped" e-mail queued by the move carries the tracking;
      // a refused move rolls this back with it.
      await tx
        .update(orders)
        .set({ carrier: body.carrier!, trackingNumber: body.trackingNumber! })
        .where(eq(orders.id, orderId));
      const shipped = `Shipped with ${body.carrier}, tracking number ${body.trackingNumber}.`;
      note = note ? `${shipped} ${note}` : shipped;
    }
    await transitionOrder(tx, orderId, { to, actor: 'staff', actorId: staffId, note });
  });
}

/** Refunds what is left of a cancelled order's payment; a failure is logged by the caller's job. */
async function refundInFull(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  actor: OrderActor,
  actorId: string | null = null,
): Promise<void> {
  const payment = await paymentOfOrder(db, orderId);
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
  const cancelled = db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'cancelled'));
  const owed = await ordersOwedRefund(db, cancelled, EXPIRY_BATCH);
  let settled = 0;
  for (const orderId of owed) {
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
  // A payment the bank is processing cannot be stopped: its order waits until it settles.
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        lte(orders.payBy, now),
        notInArray(orders.id, ordersWithPaymentProcessing(db)),
      ),
    )
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
        return true;
      });
      if (done) cancelled++;
    } catch (err) {
      if (err instanceof PaymentProcessingError) continue; // began processing just now
      log.error({ err, orderId: id }, 'could not cancel an unpaid order');
    }
  }
  if (cancelled > 0) log.info({ cancelled }, 'cancelled unpaid orders past their payment window');
  return cancelled;
}
