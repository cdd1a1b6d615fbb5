/** Staff's stock control: a variant's stock with its log, and staff adjustments to it. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { VariantStock } from '../../../contract/admin.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { adjustVariantStock } from './stock.ts';
import { stockAdjustments, variants } from './tables.ts';

/**
 * A variant's product's stock over its active variants, as staff read it beside the variant's.
 * (The outer row is named by its table: in a one-table select Drizzle leaves columns unqualified.)
 */
const productTotalStock = sql<number>`(select coalesce(sum(s.stock), 0)::int from ${variants} s
  where s.product_id = ${variants}.product_id and s.is_active)`;

export async function variantStock(db: Executor, variantId: string): Promise<VariantStock> {
  const [variant] = await db
    .select({
      variantId: variants.id,
      sku: variants.sku,
      stock: variants.stock,
      productId: variants.productId,
      productTotalStock,
    })
    .from(variants)
    .where(eq(variants.id, variantId));
  if (!variant) throw notFound('not_found', 'That variant does not exist.');
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
