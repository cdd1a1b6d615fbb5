import { and, eq, sql } from 'drizzle-orm';
import {
  canMovePayment,
  type Payment,
  type PaymentProviderName,
} from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import {
  lockOrder,
  recordOrderEvent,
  transitionOrder,
  type OrderActor,
} from '../orders/transitions.ts';
import { formatMoney } from '../orders/formatting.ts';
import type { OrderRow } from '../orders/for-payments.ts';
import { enqueueRefundMail } from '../orders/mails.ts';
import type { ProviderPayment, ProviderRefund } from './provider.ts';
import { payments, refunds } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

export interface PaymentUpdate {
  provider: PaymentProviderName;
  /** The provider's reading of the payment (retrieve, a webhook's object, a confirmation). */
  reading: ProviderPayment;
  /** Refunds the provider reports, each counted once by its reference. */
  refunds?: readonly ProviderRefund[];
  actor: OrderActor;
  actorId?: string | null;
}

export type PaymentOutcome =
  | { kind: 'unknown' }
  | {
      kind: 'applied';
      payment: PaymentRow;
      order: OrderRow;
      /** The provider took money for an order that had already been cancelled: give it back. */
      refundOwed: number;
    };

export function paymentDto(row: PaymentRow): Payment {
  return {
    id: row.id,
    provider: row.provider,
    status: row.status,
    amount: row.amount,
    currency: 'cad',
    clientSecret: row.clientSecret,
    lastError: row.lastError,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
    refunded: row.refunded,
  };
}

/**
 * The one completer of payments. The browser's return, the provider's webhook, the payment
 * status check and the reconciliation job all hand their reading of a payment here. It locks the
 * order row (then the payment row, always in that order), applies what is new, and only ever moves
 * forward: a succeeded or cancelled payment keeps its state whatever arrives later, only a
 * `succeeded` reading pays an order, and a refund never re-opens an order that has shipped.
 * Racing callers are serialised by the lock; the second finds the work done and changes nothing.
 */
export async function applyPaymentUpdate(
  db: Database,
  update: PaymentUpdate,
): Promise<PaymentOutcome> {
  const { reading } = update;
  const [found] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, update.provider), eq(payments.reference, reading.reference)));
  if (!found) return { kind: 'unknown' };

  return db.transaction(async (tx) => {
    let order = await lockOrder(tx, found.orderId);
    const [current] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .for('update');
    if (!current) return { kind: 'unknown' as const };

    // Only along PAYMENT_TRANSITIONS: a late event of an earlier state changes nothing.
    const status = canMovePayment(current.status, reading.status) ? reading.status : current.status;
    const newlyFailed =
      status === 'requires_payment_method' &&
      reading.lastError !== null &&
      (current.status !== status || current.lastError !== reading.lastError);
    const refunded = await recordRefunds(tx, current, update.refunds ?? [], reading.refunded);
    const card =
      reading.card ??
      (current.cardBrand && current.cardLast4
        ? { brand: current.cardBrand, last4: current.cardLast4 }
        : null);
    const next = {
      status,
      lastError: status === 'requires_payment_method' ? reading.lastError : null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      clientSecret: reading.clientSecret ?? current.clientSecret,
      refunded,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).some(
      (field) => next[field] !== current[field],
    );
    // A reading that changes nothing leaves the row (and its updatedAt) alone: reconciliation
    // and the desk tell changes by it.
    const [payment] = changed
      ? await tx
          .update(payments)
          .set({ ...next, updatedAt: new Date() })
          .where(eq(payments.id, current.id))
          .returning()
      : [current];

    const who = { actor: update.actor, actorId: update.actorId ?? null };
    if (newlyFailed) {
      await recordOrderEvent(tx, order.id, {
        type: 'payment_failed',
        note: reading.lastError,
        ...who,
      });
    }
    if (status === 'processing' && current.status !== 'processing') {
      await recordOrderEvent(tx, order.id, {
        type: 'payment_processing',
        note: 'The bank is processing the payment; it cannot be stopped until it settles.',
        ...who,
      });
    }
    if (status === 'requires_action' && current.status !== 'requires_action') {
      await recordOrderEvent(tx, order.id, {
        type: 'payment_action_required',
        note: 'The bank asked the shopper to authenticate the payment.',
        ...who,
      });
    }

    let refundOwed = 0;
    if (status === 'succeeded' && current.status !== 'succeeded') {
      if (order.status === 'pending_payment') {
        // Never mark an order paid for a sum other than its total (the order's own: a payment
        // opened for a wrong sum must not pay it either); leave it for a person.
        if (reading.amount !== order.total) {
          await recordOrderEvent(tx, order.id, {
            type: 'payment_mismatch',
            note: `The provider reports ${formatMoney(reading.amount)} paid; the order's total is ${formatMoney(order.total)}.`,
            ...who,
          });
        } else {
          order = (await transitionOrder(tx, order.id, { to: 'paid', ...who })).order;
        }
      } else if (order.status === 'cancelled') {
        refundOwed = reading.amount - refunded;
        await recordOrderEvent(tx, order.id, {
          type: 'payment_after_cancel',
          note: 'The payment completed after the order was cancelled; it is refunded in full.',
          ...who,
        });
      }
    }

    if (refunded > current.refunded) {
      const amount = refunded - current.refunded;
      await recordOrderEvent(tx, order.id, {
        type: 'refund',
        note: `${formatMoney(amount)} refunded (${formatMoney(refunded)} of ${formatMoney(current.amount)} in all).`,
        ...who,
      });
      const whole = refunded >= current.amount;
      if (whole && (order.status === 'paid' || order.status === 'processing')) {
        // The order's "refunded" e-mail tells the shopper.
        order = (await transitionOrder(tx, order.id, { to: 'refunded', ...who })).order;
      } else {
        // A part, a refund of goods already shipped, or of a cancelled order: its own e-mail.
        await enqueueRefundMail(tx, { order, amount, refunded, paid: current.amount });
      }
    }
    return { kind: 'applied' as const, payment: payment!, order, refundOwed };
  });
}

/**
 * Stores the refunds not seen before (unique by the provider's reference) and answers the
 * payment's refunded total: the larger of what the rows add up to and what the provider says.
 */
async function recordRefunds(
  tx: Executor,
  payment: PaymentRow,
  reported: readonly ProviderRefund[],
  providerTotal: number,
): Promise<number> {
  for (const refund of reported) {
    await tx
      .insert(refunds)
      .values({
        id: newId('rfd'),
        paymentId: payment.id,
        reference: refund.reference,
        amount: refund.amount,
      })
      .onConflictDoNothing();
  }
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, payment.id));
  return Math.min(payment.amount, Math.max(payment.refunded, providerTotal, sum?.total ?? 0));
}
