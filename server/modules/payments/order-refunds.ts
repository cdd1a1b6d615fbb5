/** The refunds of orders' payments, as the order desk shows them. */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, refunds } from './tables.ts';

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
