import { and, asc, count, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  type AdminOrder,
  type AdminOrderSummary,
  type AdminOrdersFilter,
  type AdminOrdersPage,
  type AdminOrdersQuery,
} from '../../../contract/admin.ts';
import { ORDER_STATUSES, formatOrderNumber, type OrderStatus } from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { getProfile } from '../auth/accounts.ts';
import { refundsOfOrder } from '../payments/of-orders.ts';
import { orderDto, orderImages } from './answers.ts';
import { orderEvents, orders } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;

const shippingName = sql<string>`${orders.shippingAddress}->>'name'`;

/** `FN-10482`, `fn10482` or `10482` → 10482; null when the text is not an order number. */
export function orderNumberOf(text: string): number | null {
  const match = /^(?:fn-?)?(\d{1,9})$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A date filter's bound: a bare day as `to` includes that whole day. */
function upperBound(to: string): SQL {
  if (/^\d{4}-\d{2}-\d{2}$/.test(to)) {
    const next = new Date(`${to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    return lt(orders.createdAt, next);
  }
  return lte(orders.createdAt, new Date(to));
}

/** The WHERE conditions of a filter; `withStatus: false` leaves the status out (for counts). */
export function conditions(filter: AdminOrdersFilter, withStatus = true): SQL | undefined {
  const parts: SQL[] = [];
  if (withStatus && filter.status) parts.push(eq(orders.status, filter.status));
  if (filter.from) parts.push(gte(orders.createdAt, new Date(filter.from)));
  if (filter.to) parts.push(upperBound(filter.to));
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    const matches: SQL[] = [
      sql`${orders.email} ilike ${pattern}`,
      sql`${shippingName} ilike ${pattern}`,
    ];
    const number = orderNumberOf(q);
    if (number !== null) matches.push(eq(orders.number, number));
    parts.push(or(...matches)!);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

export function ordering(filter: AdminOrdersFilter): SQL[] {
  const by = filter.order === 'asc' ? asc : desc;
  const column = filter.sort === 'total' ? orders.total : orders.createdAt;
  return [by(column), by(orders.number)];
}

const summaryOf = (row: OrderRow, images: string[]): AdminOrderSummary => ({
  id: row.id,
  number: formatOrderNumber(row.number),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  itemCount: row.itemCount,
  total: row.total,
  images,
  email: row.email,
  name: row.shippingAddress.name,
});

/** The order desk's list: filtered, searched, sorted and paged on the server, with counts. */
export async function listOrders(db: Database, query: AdminOrdersQuery): Promise<AdminOrdersPage> {
  const where = conditions(query);
  const [rows, [counted], byStatus] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(...ordering(query))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(orders).where(where),
    db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(conditions(query, false))
      .groupBy(orders.status),
  ]);
  const images = await orderImages(
    db,
    rows.map((row) => row.id),
  );
  const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
    OrderStatus,
    number
  >;
  for (const { status, n } of byStatus) counts[status] = n;
  const total = counted?.total ?? 0;
  return {
    items: rows.map((row) => summaryOf(row, images.get(row.id) ?? [])),
    page: query.page,
    limit: query.limit,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
    counts,
  };
}

async function orderRow(db: Executor, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('not_found', 'That order does not exist.');
  return row;
}

/** The whole order as staff see it: the shopper's view plus customer, refunds and timeline. */
export async function adminOrder(db: Database, orderId: string): Promise<AdminOrder> {
  const row = await orderRow(db, orderId);
  const [order, customer, events, paid] = await Promise.all([
    orderDto(db, row),
    row.userId ? getProfile(db, row.userId) : null,
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    refundsOfOrder(db, row.id),
  ]);
  const payment = order.payment;
  return {
    ...order,
    customer: customer ? { id: customer._id, name: customer.name, email: customer.email } : null,
    refunds: paid.map((r) => ({ id: r.id, amount: r.amount, at: r.at.toISOString() })),
    refundable: payment?.status === 'succeeded' ? payment.amount - payment.refunded : 0,
    timeline: events.map((event) => ({
      type: event.type,
      status: event.status,
      at: event.createdAt.toISOString(),
      note: event.note,
      actor: event.actor,
      actorId: event.actorId,
    })),
  };
}
