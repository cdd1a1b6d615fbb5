/**
 * The one owner of stock. A variant's `stock` is what is on the shelf and not promised to an
 * order; a product's `totalStock` is the sum over its active variants, always recounted here by
 * one formula after a change (never adjusted by a second one that could drift). Orders reserve and
 * release through it, the desk adjusts through it; every function runs in the caller's
 * transaction and locks the variant rows it changes, in variant-id order, so two callers never
 * deadlock. Every increase passes through `releaseStock` or `adjustVariantStock`, and each one
 * that takes a variant from 0 to more mails the addresses waiting for it (stock alerts), in the
 * same transaction.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { queryRows } from '../search/sql.ts';
import { notifyRestocked } from '../stock-alerts/service.ts';
import { products, variants } from './tables.ts';

/**
 * The most units one variant may hold: far above any warehouse, and low enough that a product's
 * total over its variants still fits the database's integer column.
 */
export const MAX_VARIANT_STOCK = 10_000_000;

export interface StockLine {
  variantId: string;
  quantity: number;
}

export interface ShortLine {
  variantId: string;
  requested: number;
  available: number;
}

const byVariant = <T extends { variantId: string }>(lines: readonly T[]) =>
  [...lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));

/**
 * Sets each product's `totalStock` to the stock of its active variants: the one formula. One
 * statement, writing only the products whose count differs.
 */
export async function recountProducts(tx: Executor, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${products} set total_stock = r.stock
    from (
      select v.product_id, coalesce(sum(v.stock) filter (where v.is_active), 0)::int as stock
      from ${variants} v
      where v.product_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by v.product_id
    ) r
    where ${products.id} = r.product_id and ${products.totalStock} <> r.stock
  `);
}

/**
 * Takes every line's units off the shelf, or none: each variant's stock is decremented only where
 * enough is left. Answers the lines that were short (with what is left); when any is, nothing was
 * kept only if the caller rolls its transaction back, which it must.
 *
 * One statement whatever the number of lines: it locks the variants in variant-id order (the
 * locking select sorts before it locks), decrements each one whose stock covers its line (checked
 * again on the locked row, so stock never goes below 0), recounts the products it took from, and
 * answers every line with what its variant held.
 */
export async function reserveStock(
  tx: Executor,
  lines: readonly StockLine[],
): Promise<ShortLine[]> {
  const wanted = new Map<string, number>();
  for (const line of lines) {
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  if (wanted.size === 0) return [];
  const values = sql.join(
    [...wanted].map(([id, quantity]) => sql`(${id}::text, ${quantity}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; stock: number | null; taken: boolean }>(
    tx,
    sql`
    with wanted (id, quantity) as (values ${values}),
    locked as (
      select v.id, v.stock, w.quantity from ${variants} v join wanted w on w.id = v.id
      order by v.id
      for update of v
    ),
    taken as (
      update ${variants} v set stock = v.stock - l.quantity
      from locked l
      where v.id = l.id and v.stock >= l.quantity
      returning v.id, v.product_id, v.stock
    ),
    recounted as (
      update ${products} p set total_stock = r.stock
      from (
        select v.product_id,
          coalesce(sum(coalesce(t.stock, v.stock)) filter (where v.is_active), 0)::int as stock
        from ${variants} v left join taken t on t.id = v.id
        where v.product_id in (select product_id from taken)
        group by v.product_id
      ) r
      where p.id = r.product_id and p.total_stock <> r.stock
    )
    select w.id, l.stock, t.id is not null as taken
    from wanted w left join locked l on l.id = w.id left join taken t on t.id = w.id
  `,
  );
  const short: ShortLine[] = [];
  for (const row of rows) {
    if (row.taken) continue;
    short.push({
      variantId: row.id,
      requested: wanted.get(row.id) ?? 0,
      available: Math.max(0, row.stock ?? 0),
    });
  }
  return byVariant(short);
}

/** Puts units back on the shelf (an order that will not ship). Unknown variants are skipped. */
export async function releaseStock(tx: Executor, lines: readonly StockLine[]): Promise<void> {
  const touched: string[] = [];
  const restocked: string[] = [];
  for (const line of byVariant(lines)) {
    const [variant] = await tx
      .update(variants)
      .set({ stock: sql`${variants.stock} + ${line.quantity}` })
      .where(eq(variants.id, line.variantId))
      .returning({ productId: variants.productId, stock: variants.stock });
    if (!variant) continue;
    touched.push(variant.productId);
    // The row is locked by the update, so the stock before it is exactly this.
    if (line.quantity > 0 && variant.stock === line.quantity) restocked.push(line.variantId);
  }
  await recountProducts(tx, touched);
  await notifyRestocked(tx, restocked);
}

/**
 * Adds to, takes from (`delta`) or sets (`set`) one variant's stock under its row's lock, never
 * below 0 (409 naming what is there). Answers the stock before and after.
 */
export async function adjustVariantStock(
  tx: Executor,
  variantId: string,
  change: { delta?: number | undefined; set?: number | undefined },
): Promise<{ before: number; after: number }> {
  const [variant] = await tx
    .select({ stock: variants.stock, productId: variants.productId })
    .from(variants)
    .where(eq(variants.id, variantId))
    .for('update');
  if (!variant) throw notFound('not_found', 'That variant does not exist.');
  const after = change.set ?? variant.stock + (change.delta ?? 0);
  if (after < 0) {
    throw conflict(
      'stock_out_of_range',
      `Stock cannot go below 0: ${variant.stock} in stock, so at most ${variant.stock} can be taken away.`,
      { stock: variant.stock },
    );
  }
  if (after > MAX_VARIANT_STOCK) {
    throw conflict(
      'stock_out_of_range',
      `A variant holds at most ${MAX_VARIANT_STOCK} units: ${variant.stock} in stock, so at most ${MAX_VARIANT_STOCK - variant.stock} can be added.`,
      { stock: variant.stock },
    );
  }
  if (after !== variant.stock) {
    await tx.update(variants).set({ stock: after }).where(eq(variants.id, variantId));
    await recountProducts(tx, [variant.productId]);
    if (variant.stock === 0) await notifyRestocked(tx, [variantId]);
  }
  return { before: variant.stock, after };
}
