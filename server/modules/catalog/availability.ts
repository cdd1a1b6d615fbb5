/** What of the catalog is on sale now, for other modules' lists: a reorder, an e-mail's links. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { products, variants } from './tables.ts';

export interface VariantAvailability {
  /** The variant and its product are both on sale. */
  onSale: boolean;
  stock: number;
}

/** Each variant's availability by id, in one statement; an unknown id is absent. */
export async function variantAvailability(
  db: Executor,
  variantIds: readonly string[],
): Promise<Map<string, VariantAvailability>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: variants.id,
      stock: variants.stock,
      active: variants.isActive,
      productActive: products.isActive,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(inArray(variants.id, [...variantIds]));
  return new Map(
    rows.map((row) => [row.id, { onSale: row.active && row.productActive, stock: row.stock }]),
  );
}

/** The products on sale among `productIds`, with their current name and slug, by id. */
export async function productsOnSale(
  db: Executor,
  productIds: readonly string[],
): Promise<Map<string, { name: string; slug: string }>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(and(inArray(products.id, [...productIds]), eq(products.isActive, true)));
  return new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug }]));
}
