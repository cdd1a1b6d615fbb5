/**
 * The catalog's product rows as other modules need them inside their own statements and
 * transactions: finding one, locking one, naming one, and writing the review rollups.
 */
import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products } from './tables.ts';

/** The active product's id by slug or id (the slug wins, as on the product page), or null. */
export async function findProductId(db: Executor, identifier: string): Promise<string | null> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        sql`${products.isActive}`,
        sql`(${products.slug} = ${identifier} or ${products.id} = ${identifier})`,
      ),
    )
    .orderBy(desc(eq(products.slug, identifier)))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Locks the product's row for the rest of the transaction: writes that recount one product take
 * turns, so each recount reads what the one before it committed.
 */
export async function lockProduct(tx: Executor, productId: string): Promise<void> {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
}

/** The name of the product whose id is `productId` (a column of the caller's query). */
export const productNameOf = (productId: AnyColumn | SQL) =>
  sql<string>`(select ${products.name} from ${products} where ${products.id} = ${productId})`;

/**
 * Sets the rating and review count of each of `productIds` from `ratings`, a query of the
 * caller's answering `product_id, average, n`; a product it has no row for gets 0 and 0. The row
 * is always written, even when the numbers stay, so the catalog's change feed drops cached
 * product answers.
 */
export async function setProductRatings(
  tx: Executor,
  productIds: readonly string[],
  ratings: SQL,
): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update ${products} p set
      rating = coalesce(r.average, 0),
      review_count = coalesce(r.n, 0)
    from (
      select pr.id, x.average, x.n
      from ${products} pr
      left join (${ratings}) x on x.product_id = pr.id
      where pr.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    ) r
    where p.id = r.id`);
}
