import { and, asc, count, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_CSV_MAX_ROWS,
  type AdminOrder,
  type AdminOrderSummary,
  type AdminOrdersFilter,
  type AdminOrdersPage,
  type AdminOrdersQuery,
  type AdminStatusBody,
  type VariantStock,
} from '../../../contract/admin.ts';
import { PROVINCES } from '../../../contract/checkout-rules.ts';
import {
  ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  formatOrderNumber,
  type OrderStatus,
} from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { users } from '../auth/tables.ts';
import { adjustVariantStock } from '../catalog/stock.ts';
import { products, variants } from '../catalog/tables.ts';
import { cancelOrderAsStaff } from '../orders/lifecycle.ts';
import { orderDto, orderImages } from '../orders/service.ts';
import { orderEvents, orders } from '../orders/tables.ts';
import { lockOrder, transitionOrder } from '../orders/transitions.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { payments, refunds } from '../payments/tables.ts';
import { stockAdjustments } from './tables.ts';

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
function conditions(filter: AdminOrdersFilter, withStatus = true): SQL | undefined {
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

function ordering(filter: AdminOrdersFilter): SQL[] {
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

/**
 * One CSV cell: quoted when it holds a comma, quote or line break (quotes doubled), and a text
 * starting like a formula (= + - @) prefixed with ' so a spreadsheet shows it rather than runs it.
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Every sales tax the shop charges somewhere (GST, HST, PST, QST, RST): one CSV column each. */
const TAX_NAMES = [...new Set(PROVINCES.flatMap((p) => p.taxes.map((tax) => tax.name)))].sort();

const CSV_COLUMNS = [
  'number',
  'created_at',
  'status',
  'email',
  'name',
  'city',
  'province',
  'items',
  'subtotal',
  'discount',
  'shipping',
  ...TAX_NAMES.map((name) => name.toLowerCase()),
  'total',
  'refunded',
  'carrier',
  'tracking_number',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The filtered orders as CSV, at most ADMIN_CSV_MAX_ROWS of them. Money is in dollars (CAD): each
 * tax in its own column (0.00 where the province does not charge it), and the amount refunded.
 */
export async function ordersCsv(db: Database, filter: AdminOrdersFilter): Promise<string> {
  const rows = await db
    .select({ row: orders, refunded: payments.refunded })
    .from(orders)
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .where(conditions(filter))
    .orderBy(...ordering(filter))
    .limit(ADMIN_CSV_MAX_ROWS);
  const lines = [CSV_COLUMNS.join(',')];
  for (const { row, refunded } of rows) {
    const tax = (name: string) =>
      row.taxes.filter((line) => line.name === name).reduce((sum, line) => sum + line.amount, 0);
    const cells = [
      formatOrderNumber(row.number),
      row.createdAt.toISOString(),
      row.status,
      row.email,
      row.shippingAddress.name,
      row.shippingAddress.city,
      row.shippingAddress.province,
      row.itemCount,
      dollars(row.subtotal),
      dollars(row.discount),
      dollars(row.shipping),
      ...TAX_NAMES.map((name) => dollars(tax(name))),
      dollars(row.total),
      dollars(refunded ?? 0),
      row.carrier ?? '',
      row.trackingNumber ?? '',
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function orderRow(db: Executor, orderId: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound('That order does not exist.');
  return row;
}

/** The whole order as staff see it: the shopper's view plus customer, refunds and timeline. */
export async function adminOrder(db: Database, orderId: string): Promise<AdminOrder> {
  const row = await orderRow(db, orderId);
  const [order, [customer], events, paid] = await Promise.all([
    orderDto(db, row),
    row.userId
      ? db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, row.userId))
      : Promise.resolve([]),
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({ id: refunds.id, amount: refunds.amount, at: refunds.createdAt })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, row.id))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const payment = order.payment;
  return {
    ...order,
    customer: customer ?? null,
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
    if (!body.carrier) throw badRequest('carrier is required to mark an order shipped.', 'carrier');
    if (!body.trackingNumber) {
      throw badRequest('trackingNumber is required to mark an order shipped.', 'trackingNumber');
    }
  }
  await orderRow(db, orderId);
  if (body.status === 'cancelled') {
    await cancelOrderAsStaff(db, provider, { orderId, staffId, note: body.note });
    return;
  }
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const to = body.status;
    if (order.status === to) {
      throw conflict(`This order is already ${ORDER_STATUS_LABELS[to].toLowerCase()}.`, {
        status: order.status,
      });
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

export async function variantStock(db: Executor, variantId: string): Promise<VariantStock> {
  const [variant] = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      stock: variants.stock,
      productId: variants.productId,
      productTotalStock: products.totalStock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId));
  if (!variant) throw notFound('That variant does not exist.');
  const rows = await db
    .select()
    .from(stockAdjustments)
    .where(eq(stockAdjustments.variantId, variantId))
    .orderBy(desc(stockAdjustments.createdAt), desc(stockAdjustments.id))
    .limit(50);
  return {
    ...variant,
    adjustments: rows.map((row) => ({
      id: row.id,
      delta: row.delta,
      stockAfter: row.stockAfter,
      reason: row.reason,
      actorId: row.actorId,
      at: row.createdAt.toISOString(),
    })),
  };
}

/**
 * Adds to, takes from or sets a variant's stock (through the stock module: never below 0, the
 * product's total recounted) and logs the change with its reason, once per Idempotency-Key: a
 * retry of the same key finds the adjustment it made and answers the stock as it is.
 */
export async function adjustStock(
  db: Database,
  input: {
    variantId: string;
    staffId: string;
    key: string;
    delta?: number | undefined;
    set?: number | undefined;
    reason: string;
  },
): Promise<VariantStock> {
  return db.transaction(async (tx) => {
    // Serialises two tries of one key: the second finds the first's row.
    await tx
      .select({ id: variants.id })
      .from(variants)
      .where(eq(variants.id, input.variantId))
      .for('update');
    const [done] = await tx
      .select({ id: stockAdjustments.id })
      .from(stockAdjustments)
      .where(
        and(eq(stockAdjustments.variantId, input.variantId), eq(stockAdjustments.key, input.key)),
      );
    if (done) return variantStock(tx, input.variantId);
    const { before, after } = await adjustVariantStock(tx, input.variantId, input);
    await tx.insert(stockAdjustments).values({
      id: newId('sadj'),
      variantId: input.variantId,
      delta: after - before,
      stockAfter: after,
      reason: input.reason,
      actorId: input.staffId,
      key: input.key,
    });
    return variantStock(tx, input.variantId);
  });
}
