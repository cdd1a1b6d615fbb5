/**
 * An account's orders as other modules need them: whether it received a product (reviews), its
 * orders for the data export, those still open, and what stays of them once the account goes.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { OPEN_ORDER_STATUSES, type Address } from '../../../contract/orders.ts';
import type { Executor } from '../../db/client.ts';
import { orderItems, orders } from './tables.ts';

/** The address an anonymised order keeps: unique, and never deliverable (.invalid, RFC 2606). */
export const deletedOrderEmail = (orderId: string) => `deleted-${orderId}@invalid`;

/**
 * What an order's address keeps once its account is deleted: the province, the first three
 * characters of the postal code (the forward sortation area) and the country, which the tax
 * records need; name, street, city and phone are gone.
 */
export function anonymiseAddress(address: Address): Address {
  return {
    name: 'Deleted account',
    line1: '',
    line2: undefined,
    city: '',
    province: address.province,
    postalCode: address.postalCode.slice(0, 3),
    country: address.country,
    phone: '',
  };
}

/** Whether an order of this account holding the product has been delivered. */
export async function hasReceived(
  tx: Executor,
  userId: string,
  productId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'delivered'),
        eq(orderItems.productId, productId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Moves every order of one user to another; how many moved. */
export async function moveOrders(
  tx: Executor,
  fromUserId: string,
  toUserId: string,
  at: Date,
): Promise<number> {
  const moved = await tx
    .update(orders)
    .set({ userId: toUserId, updatedAt: at })
    .where(eq(orders.userId, fromUserId))
    .returning({ id: orders.id });
  return moved.length;
}

/** The account's orders with their lines, oldest first, for its data export. */
export async function exportOrdersOf(db: Executor, userId: string) {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const lines = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  return orderRows.map(({ checkoutKey: _key, userId: _user, salesCounted: _counted, ...o }) => ({
    ...o,
    items: lines.filter((l) => l.orderId === o.id).map(({ orderId: _order, ...l }) => l),
  }));
}

/** The account's orders not yet delivered or closed, by number. */
export async function openOrdersOf(db: Executor, userId: string) {
  return db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.number));
}

/**
 * The account's orders stay for the books without it: no owner, an address that delivers
 * nowhere, and only what the tax records need of the shipping and billing addresses.
 */
export async function anonymiseOrdersOf(tx: Executor, userId: string, at: Date): Promise<void> {
  const own = await tx
    .select({
      id: orders.id,
      shippingAddress: orders.shippingAddress,
      billingAddress: orders.billingAddress,
    })
    .from(orders)
    .where(eq(orders.userId, userId));
  for (const order of own) {
    await tx
      .update(orders)
      .set({
        userId: null,
        email: deletedOrderEmail(order.id),
        shippingAddress: anonymiseAddress(order.shippingAddress),
        billingAddress: anonymiseAddress(order.billingAddress),
        updatedAt: at,
      })
      .where(eq(orders.id, order.id));
  }
}
