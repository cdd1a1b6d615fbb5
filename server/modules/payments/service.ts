import { eq, sql } from 'drizzle-orm';
import { formatOrderNumber } from '../../../contract/orders.ts';
import { builtOnce, type Placeholders } from '../../db/built-once.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { OrderActor } from '../orders/transitions.ts';
import { orderForPayment, type OrderRow } from '../orders/for-payments.ts';
import {
  applyPaymentUpdate,
  type PaymentOutcome,
  type PaymentRow,
  type PaymentUpdate,
} from './completion.ts';
import type { PaymentProvider, ProviderPayment } from './provider.ts';
import { payments } from './tables.ts';

/** The provider's idempotency key for an order's payment: one payment per order, however often asked. */
export const paymentKey = (orderId: string) => `order-payment-${orderId}`;

async function paymentOf(db: Database, orderId: string): Promise<PaymentRow> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  if (!row) throw notFound('not_found', 'That order has no payment.');
  return row;
}

/** Stores what the provider answered for a new payment: every placement runs it once. */
const storeProviderPayment = builtOnce(
  (
    db,
    p: Placeholders<Pick<PaymentRow, 'id' | 'reference' | 'clientSecret' | 'status' | 'updatedAt'>>,
  ) =>
    db
      .update(payments)
      .set({
        reference: sql`${p('reference')}`,
        clientSecret: sql`${p('clientSecret')}`,
        status: sql`${p('status')}`,
        updatedAt: sql`${p('updatedAt')}`,
      })
      .where(eq(payments.id, p('id')))
      .returning(),
);

/**
 * Makes sure the order's payment exists at the provider, creating it when placement could not
 * (the provider did not answer). The key derived from the order makes a repeat return the same
 * payment; the unique reference makes storing it twice harmless.
 */
export async function ensureProviderPayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  /** The payment and its order as the caller just wrote them (placement), saving their reads. */
  known?: { payment: PaymentRow; order: Pick<OrderRow, 'number' | 'status' | 'shippingAddress'> },
): Promise<PaymentRow> {
  const row = known?.payment ?? (await paymentOf(db, orderId));
  if (row.reference) return row;
  const order = known ? known.order : await orderForPayment(db, orderId);
  // A closed order takes no money: its payment is never opened at the provider.
  if (order!.status !== 'pending_payment') return row;
  const created = await provider.createPayment({
    orderId,
    orderNumber: formatOrderNumber(order!.number),
    amount: row.amount,
    idempotencyKey: paymentKey(orderId),
    shippingAddress: order!.shippingAddress,
  });
  const [stored] = await storeProviderPayment(db, {
    id: row.id,
    reference: created.reference,
    clientSecret: created.clientSecret,
    status: created.status,
    updatedAt: new Date(),
  });
  return stored ?? (await paymentOf(db, orderId));
}

/**
 * Reads the payment's state again from its provider and applies it through the completer, then
 * returns money taken for an order that was cancelled meanwhile.
 */
export async function refreshPayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  actor: OrderActor = 'provider',
): Promise<PaymentRow> {
  const row = await ensureProviderPayment(db, provider, orderId);
  if (!row.reference) return row;
  const reading = await provider.retrievePayment(row.reference);
  const outcome = await settlePayment(db, provider, { provider: provider.name, reading, actor });
  return outcome.kind === 'applied' ? outcome.payment : row;
}

/**
 * Applies a provider's reading through the completer and, when the money came in for an order
 * cancelled meanwhile, gives it back (once: the refund's key is the order's). The webhook and the
 * reconciliation job use this as `refreshPayment` does.
 */
export async function settlePayment(
  db: Database,
  provider: PaymentProvider,
  update: PaymentUpdate,
): Promise<PaymentOutcome> {
  const outcome = await applyPaymentUpdate(db, update);
  if (outcome.kind !== 'applied' || outcome.refundOwed <= 0) return outcome;
  const orderId = outcome.order.id;
  const payment = await refundPayment(db, provider, {
    orderId,
    amount: outcome.refundOwed,
    key: `refund-after-cancel-${orderId}`,
    actor: 'system',
    reason: 'Paid after the order was cancelled',
  });
  return { ...outcome, payment, refundOwed: 0 };
}

/**
 * Refunds part or all of an order's payment through its provider and records it through the
 * completer (which moves a wholly refunded, unshipped order to `refunded`). The key makes a retry
 * refund once.
 */
export async function refundPayment(
  db: Database,
  provider: PaymentProvider,
  input: {
    orderId: string;
    amount: number;
    key: string;
    actor: OrderActor;
    actorId?: string | null;
    reason?: string;
  },
): Promise<PaymentRow> {
  const row = await paymentOf(db, input.orderId);
  const refund = await provider.refundPayment({
    reference: row.reference!,
    amount: input.amount,
    idempotencyKey: input.key,
    ...(input.reason ? { reason: input.reason } : {}),
  });
  const reading = await provider.retrievePayment(row.reference!);
  const outcome = await applyPaymentUpdate(db, {
    provider: provider.name,
    // The refund is counted by its reference (a retry's replayed refund once); adding its amount
    // to the stored total here would count a retried refund twice.
    reading,
    refunds: [refund],
    actor: input.actor,
    actorId: input.actorId ?? null,
  });
  return outcome.kind === 'applied' ? outcome.payment : row;
}

/**
 * Applies what the built-in test provider's "card network" made of an attempt (a test card, a
 * saved test card, or the answer to its authentication step) through the completer, and returns
 * money taken for an order cancelled meanwhile.
 */
export async function applyTestOutcome(
  db: Database,
  provider: PaymentProvider,
  input: {
    payment: PaymentRow;
    outcome: Pick<ProviderPayment, 'status' | 'lastError' | 'card'>;
    userId: string;
    /** The order's shopper, or staff acting on it. */
    actor: OrderActor;
  },
): Promise<PaymentRow> {
  const { payment } = input;
  const applied = await applyPaymentUpdate(db, {
    provider: 'test',
    reading: {
      reference: payment.reference!,
      amount: payment.amount,
      clientSecret: null,
      refunded: payment.refunded,
      ...input.outcome,
    },
    actor: input.actor,
    actorId: input.userId,
  });
  if (applied.kind !== 'applied') throw notFound('not_found', 'That payment does not exist.');
  if (applied.refundOwed <= 0) return applied.payment;
  return refundPayment(db, provider, {
    orderId: payment.orderId,
    amount: applied.refundOwed,
    key: `refund-after-cancel-${payment.orderId}`,
    actor: 'system',
  });
}
