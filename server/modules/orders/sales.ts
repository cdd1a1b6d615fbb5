/**
 * Counts what sells. An order's units join its products' `sold_count` (catalog/sales.ts) once it
 * is paid, and leave it if it is cancelled or refunded afterwards; `sales_counted` says which side
 * of the count each order is on. A background task (orders/jobs.ts) settles the orders whose flag
 * and status disagree, in batches, each batch in one transaction with its counts, so an order is
 * counted once whatever fails or runs twice: a batch that fails leaves every flag as it was.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { addSales } from '../catalog/sales.ts';
import { queryRows } from '../search/sql.ts';
import { SOLD_CONDITION } from './tables.ts';

/** Orders settled per transaction. */
export const SALES_BATCH = 500;

/**
 * Settles one batch of orders whose count disagrees with their status, skipping those another
 * transaction holds (a transition under way: the next run takes them). Answers how many.
 */
async function settleBatch(db: Database, batchSize: number): Promise<number> {
  return db.transaction(async (tx) => {
    const picked = await queryRows<{ id: string; sold: boolean }>(
      tx,
      sql`select id, ${SOLD_CONDITION} as sold from orders
          where sales_counted <> (${SOLD_CONDITION})
          order by id limit ${batchSize} for update skip locked`,
    );
    if (picked.length === 0) return 0;
    const ids = picked.map((order) => order.id);
    const sold = picked.map((order) => order.sold);
    await tx.execute(
      sql`update orders set sales_counted = picked.sold
          from unnest(${sql.param(ids)}::text[], ${sql.param(sold)}::boolean[]) as picked(id, sold)
          where orders.id = picked.id`,
    );
    const lines = await queryRows<{ product_id: string; units: number }>(
      tx,
      sql`select i.product_id,
                 sum(case when picked.sold then i.quantity else -i.quantity end)::int as units
          from order_items i
          join unnest(${sql.param(ids)}::text[], ${sql.param(sold)}::boolean[]) as picked(id, sold)
            on picked.id = i.order_id
          where i.product_id is not null
          group by i.product_id`,
    );
    await addSales(tx, new Map(lines.map((line) => [line.product_id, line.units])));
    return picked.length;
  });
}

/**
 * Settles every order whose count disagrees with its status, `batchSize` to a transaction;
 * answers how many it settled.
 */
export async function countSales(db: Database, batchSize = SALES_BATCH): Promise<number> {
  let settled = 0;
  for (;;) {
    const batch = await settleBatch(db, batchSize);
    settled += batch;
    if (batch < batchSize) return settled;
  }
}
