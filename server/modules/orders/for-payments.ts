/** What the payments module reads of orders: the order a payment is for, and its state. */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './tables.ts';

/** An order's row as the orders module stores it. */
export type OrderRow = typeof orders.$inferSelect;

/** What opening a payment at the provider needs of its order; null when there is no such order. */
export async function orderForPayment(db: Executor, orderId: string) {
  const [order] = await db
    .select({
      number: orders.number,
      status: orders.status,
      shippingAddress: orders.shippingAddress,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order ?? null;
}

/**
 * Every order's id, number, status and last change, as a subquery a payments query joins on
 * `orderState.id` (reconciliation compares a payment with its order's last change).
 */
export function orderStates(db: Executor) {
  return db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .as('order_state');
}
