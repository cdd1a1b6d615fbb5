/**
 * Units sold, as the catalog ranks by them: a product's `sold_count` orders the Bestsellers shelf,
 * the featured order of listings and related products. The orders module counts each order once
 * it is paid, and takes its units back if it is cancelled or refunded afterwards
 * (`countSales`); this is where they land.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Adds `units` (product id → units; negative for units taken back) to the products' counts, in
 * the caller's transaction. The products are locked in id order first, as the variants' in-stock
 * trigger locks them, so the two never deadlock. A count never goes under 0. A product deleted
 * since is skipped.
 */
export async function addSales(db: Executor, units: ReadonlyMap<string, number>): Promise<void> {
  const changed = [...units].filter(([, count]) => count !== 0);
  if (changed.length === 0) return;
  const ids = changed.map(([id]) => id);
  const counts = changed.map(([, count]) => count);
  await db.execute(
    sql`select 1 from products where id = any(${sql.param(ids)}::text[]) order by id for no key update`,
  );
  await db.execute(sql`
    update products p set sold_count = greatest(0, p.sold_count + sold.units)
    from unnest(${sql.param(ids)}::text[], ${sql.param(counts)}::int[]) as sold(id, units)
    where p.id = sold.id`);
}
