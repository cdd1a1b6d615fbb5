/** Orders as the API answers them: one order whole, an order link's view, a shopper's list. */
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  SHOPPER_CANCELLABLE,
  formatOrderNumber,
  type Order,
  type OrderLink,
  type OrderSummary,
  type OrdersPage,
} from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { paymentDto, type PaymentRow } from '../payments/completion.ts';
import { paymentOfOrder } from '../payments/of-orders.ts';
import { orderEvents, orderItems, orders } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;

/**
 * The order if this user may see it: its owner, or staff. Anyone else gets the same 404 as for an
 * order that does not exist, so order ids reveal nothing.
 */
export async function findVisibleOrder(
  executor: Executor,
  user: SessionUser,
  orderId: string,
): Promise<OrderRow> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== user._id && user.role !== 'admin')) {
    throw notFound('not_found', 'That order does not exist.');
  }
  return row;
}

/** The whole order as the API answers it. */
export async function orderDto(executor: Executor, row: OrderRow): Promise<Order> {
  const [items, payment, events] = await Promise.all([
    executor
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id))
      .orderBy(asc(orderItems.position)),
    paymentOfOrder(executor, row.id),
    executor
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return orderDtoOf(row, items, payment ?? null, events);
}

/** The whole order as the API answers it, from its rows (items by position, events by time). */
export function orderDtoOf(
  row: OrderRow,
  items: readonly Omit<typeof orderItems.$inferSelect, 'id' | 'orderId' | 'position'>[],
  payment: PaymentRow | null,
  events: readonly Pick<
    typeof orderEvents.$inferSelect,
    'type' | 'status' | 'createdAt' | 'note' | 'actor'
  >[],
): Order {
  return {
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    payBy: row.status === 'pending_payment' && row.payBy ? row.payBy.toISOString() : null,
    email: row.email,
    lines: items.map((item) => ({
      productId: item.productId ?? '',
      variantId: item.variantId ?? '',
      name: item.name,
      slug: item.slug,
      image: item.image,
      brand: item.brand,
      flavor: item.flavor,
      size: item.size,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: item.lineTotal,
    })),
    shippingMethod: row.shippingMethod,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    discount: row.discountCode ? { code: row.discountCode, percentOff: row.percentOff } : null,
    totals: {
      itemCount: row.itemCount,
      subtotal: row.subtotal,
      discount: row.discount,
      shipping: row.shipping,
      taxes: row.taxes,
      total: row.total,
    },
    payment: payment ? paymentDto(payment) : null,
    shipment:
      row.carrier && row.trackingNumber
        ? { carrier: row.carrier, trackingNumber: row.trackingNumber }
        : null,
    events: events.map((event) => ({
      type: event.type,
      status: event.status,
      at: event.createdAt.toISOString(),
      note: event.note,
      actor: event.actor,
    })),
    canCancel: SHOPPER_CANCELLABLE.includes(row.status),
  };
}

/**
 * The order as an order link shows it: read-only, so nothing that acts on it — no cancelling, and
 * no payment secret to pay with. `accountOffer`: its owner is still a guest, who may make an
 * account.
 */
export function orderLinkDto(order: Order, accountOffer: boolean): OrderLink {
  return {
    ...order,
    accountOffer,
    canCancel: false,
    payment: order.payment ? { ...order.payment, clientSecret: null } : null,
  };
}

/** Up to four product images of each order, for the order lists. */
export async function orderImages(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  if (ids.length === 0) return images;
  const items = await db
    .select({ orderId: orderItems.orderId, image: orderItems.image })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.position));
  for (const item of items) {
    const list = images.get(item.orderId) ?? [];
    if (item.image && list.length < 4) list.push(item.image);
    images.set(item.orderId, list);
  }
  return images;
}

export async function listMyOrders(
  db: Database,
  userId: string,
  page: number,
  limit: number,
): Promise<OrdersPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const images = await orderImages(
    db,
    rows.map((row) => row.id),
  );
  const total = counted?.total ?? 0;
  const items: OrderSummary[] = rows.map((row) => ({
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    itemCount: row.itemCount,
    total: row.total,
    images: images.get(row.id) ?? [],
  }));
  return { items, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}
