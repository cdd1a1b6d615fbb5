/**
 * Orders' payments as the orders module reads them: an order has at most one payment, found by
 * its order id. The jobs' queries take a subquery of order ids from the orders module, so each
 * module's SQL names only its own tables and a job is still one statement.
 */
import { and, asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { insertJsonRows, insertedColumns, jsonRows } from '../../db/json-rows.ts';
import type { PaymentRow } from './completion.ts';
import { payments, refunds } from './tables.ts';

/** An order's payment, or null before one was started. */
export async function paymentOfOrder(
  db: Executor,
  orderId: string,
): Promise<typeof payments.$inferSelect | null> {
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  return payment ?? null;
}

/**
 * Of the orders `among` selects (a subquery of order ids), those whose payment succeeded and is
 * not wholly refunded, at most `limit`.
 */
export async function ordersOwedRefund(db: Executor, among: SQLWrapper, limit: number) {
  const rows = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        inArray(payments.orderId, among),
        eq(payments.status, 'succeeded'),
        sql`${payments.refunded} < ${payments.amount}`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.orderId);
}

/** The ids of orders whose payment the bank is still processing, as a subquery. */
export function ordersWithPaymentProcessing(db: Executor) {
  return db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(eq(payments.status, 'processing'));
}

/** An order's refunds, oldest first. */
export async function refundsOfOrder(db: Executor, orderId: string) {
  return db
    .select({ id: refunds.id, amount: refunds.amount, at: refunds.createdAt })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}

/** The amount refunded of each order's payment, by order id; an order without a payment is absent. */
export async function refundedByOrder(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: payments.orderId, refunded: payments.refunded })
    .from(payments)
    .where(inArray(payments.orderId, [...orderIds]));
  return new Map(rows.map((row) => [row.orderId, row.refunded]));
}

/** The columns a new payment is written with: every one. */
const PAYMENT_COLUMNS = insertedColumns(payments);

/** A new order's payment as the parameter `insertPaymentStatement` inserts. */
export const paymentJson = (payment: PaymentRow): string =>
  jsonRows(payments, PAYMENT_COLUMNS, [payment]);

/**
 * The insert of a new order's payment (`paymentJson`, or a statement built once's placeholder of
 * it), unexecuted: placement runs it inside its own statement, only `when` its order is written.
 */
export function insertPaymentStatement(json: SQLWrapper, when?: SQL): SQL {
  return insertJsonRows(payments, PAYMENT_COLUMNS, json, when);
}
