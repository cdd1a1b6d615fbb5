import { and, eq } from 'drizzle-orm';
import {
  ORDER_STATUS_LABELS,
  transitionEffects,
  type OrderEffect,
  type OrderStatus,
} from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { releaseStock, type StockLine } from '../catalog/stock.ts';
import { releaseDiscountCode } from '../discounts/service.ts';
import { enqueueOrderStatusMail } from './mails.ts';
import { orderEvents, orderItems, orders } from './tables.ts';

export type OrderActor = 'shopper' | 'staff' | 'system' | 'provider';

/**
 * Who acts when a signed-in user acts on an order through a shopper's route: the order's own
 * shopper, or staff (an admin may open and act on anyone's order). The timeline and the e-mails
 * name the real actor.
 */
export function actorOf(user: { _id: string }, order: { userId: string | null }): OrderActor {
  return order.userId === user._id ? 'shopper' : 'staff';
}

export interface TransitionInput {
  to: OrderStatus;
  actor: OrderActor;
  actorId?: string | null;
  note?: string | null;
}

export interface TransitionResult {
  /** False when the order already had that status: the call changed nothing (a repeat). */
  changed: boolean;
  from: OrderStatus;
  order: typeof orders.$inferSelect;
  /**
   * The move's effects from ORDER_TRANSITIONS (none for a repeat). All but `refund` are done
   * inside the transaction; `refund` is the caller's, once the transaction commits.
   */
  effects: readonly OrderEffect[];
}

const STATUS_VERBS: Record<OrderStatus, string> = {
  pending_payment: 'put back to awaiting payment',
  paid: 'marked paid',
  processing: 'marked processing',
  shipped: 'marked shipped',
  delivered: 'marked delivered',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

/** Locks the order's row for the rest of the transaction; 404 when it does not exist. */
export async function lockOrder(tx: Executor, orderId: string) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw notFound('not_found', 'That order does not exist.');
  return order;
}

/**
 * The one way an order changes status. It locks the order's row, so two callers racing (the
 * browser's return and a webhook, two staff) are serialised: the second sees the new status and
 * changes nothing. Moves only along ORDER_TRANSITIONS; a repeat of the current status is a no-op,
 * anything else a 409 with the reason. Writes the timeline and does the move's effects as the
 * table names them. Call it inside a transaction.
 */
export async function transitionOrder(
  tx: Executor,
  orderId: string,
  input: TransitionInput,
): Promise<TransitionResult> {
  const current = await lockOrder(tx, orderId);
  const from = current.status;
  if (from === input.to) return { changed: false, from, order: current, effects: [] };
  const effects = transitionEffects(from, input.to);
  if (!effects) {
    throw conflict(
      'order_transition_refused',
      `This order is ${ORDER_STATUS_LABELS[from].toLowerCase()} and cannot be ${STATUS_VERBS[input.to]}.`,
      { status: from },
    );
  }
  const now = new Date();
  const [order] = await tx
    .update(orders)
    .set({
      status: input.to,
      updatedAt: now,
      ...(effects.includes('stamp_paid') ? { paidAt: now, payBy: null } : {}),
      ...(effects.includes('close') ? { closedAt: now, payBy: null } : {}),
      // The client address was kept only to bound unpaid orders.
      ...(from === 'pending_payment' ? { placedFrom: null } : {}),
    })
    .where(eq(orders.id, orderId))
    .returning();
  await recordOrderEvent(tx, orderId, {
    type: input.to,
    status: input.to,
    actor: input.actor,
    actorId: input.actorId ?? null,
    note: input.note ?? null,
  });
  if (effects.includes('release_stock')) await releaseOrderStock(tx, orderId);
  if (effects.includes('release_code') && order!.discountCodeId) {
    await releaseDiscountCode(tx, order!.discountCodeId);
  }
  // Queued with the change itself: the shopper hears of it exactly when it commits, and once.
  if (effects.includes('mail')) {
    await enqueueOrderStatusMail(tx, { order: order!, from, actor: input.actor });
  }
  return { changed: true, from, order: order!, effects };
}

export async function recordOrderEvent(
  tx: Executor,
  orderId: string,
  event: {
    type: string;
    status?: OrderStatus | null;
    actor: OrderActor;
    actorId?: string | null;
    note?: string | null;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    id: newId('oev'),
    orderId,
    type: event.type,
    status: event.status ?? null,
    actor: event.actor,
    actorId: event.actorId ?? null,
    note: event.note ?? null,
  });
}

/** Records an event of a type the order's timeline does not hold yet; a repeat adds nothing. */
export async function recordOrderEventOnce(
  tx: Executor,
  orderId: string,
  event: Parameters<typeof recordOrderEvent>[2],
): Promise<void> {
  const [seen] = await tx
    .select({ id: orderEvents.id })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, event.type)))
    .limit(1);
  if (!seen) await recordOrderEvent(tx, orderId, event);
}

/** Puts an order's reserved units back in stock: the goods never left the warehouse. */
async function releaseOrderStock(tx: Executor, orderId: string): Promise<void> {
  const lines = await tx
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await releaseStock(
    tx,
    lines.filter((line): line is StockLine => line.variantId !== null),
  );
}
