import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  categoryColor,
  imageVersion,
  orderArtFlavors,
  packShapeFor,
  renderProductImage,
  renderTileImage,
  type ImageKind,
  type ProductArt,
  type TileArt,
} from './images.ts';
import { brands, categories, flavors, productCategories, products, variants } from './tables.ts';

export interface LoadedImage {
  svg: string;
  /** The version of what is drawn; stored image URLs carry it as `?v=`. */
  version: string;
}

/** What a product's packshots show, read from the catalog as it is now. */
async function productArt(db: Executor, slug: string): Promise<ProductArt | null> {
  const [product] = await db
    .select({
      id: products.id,
      name: products.name,
      brandName: brands.name,
      brandColor: brands.color,
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.slug, slug))
    .limit(1);
  if (!product) return null;
  const [categoryRows, flavorRows] = await Promise.all([
    db
      .select({ slug: categories.slug })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, product.id)),
    db
      .selectDistinct({ slug: flavors.slug, name: flavors.name, color: flavors.color })
      .from(variants)
      .innerJoin(flavors, eq(flavors.id, variants.flavorId))
      .where(and(eq(variants.productId, product.id), eq(variants.isActive, true))),
  ]);
  return {
    name: product.name,
    brandName: product.brandName,
    brandColor: product.brandColor,
    shape: packShapeFor(categoryRows.map((c) => c.slug)),
    flavors: orderArtFlavors(flavorRows).map((f) => ({ name: f.name, color: f.color })),
  };
}

async function tileArt(
  db: Executor,
  kind: Exclude<ImageKind, 'products'>,
  slug: string,
): Promise<TileArt | null> {
  if (kind === 'categories') {
    const [row] = await db
      .select({ name: categories.name })
      .from(categories)
      .where(eq(categories.slug, slug));
    return row ? { name: row.name, color: categoryColor(slug) } : null;
  }
  const table = kind === 'brands' ? brands : flavors;
  const [row] = await db
    .select({ name: table.name, color: table.color })
    .from(table)
    .where(eq(table.slug, slug));
  return row ?? null;
}

/** Image `n` of a catalog item, or null when the item or that image does not exist. */
export async function loadImage(
  db: Executor,
  kind: ImageKind,
  slug: string,
  n: number,
): Promise<LoadedImage | null> {
  if (kind === 'products') {
    const art = await productArt(db, slug);
    const svg = art && renderProductImage(art, n);
    return art && svg ? { svg, version: imageVersion(art) } : null;
  }
  const art = await tileArt(db, kind, slug);
  const svg = art && renderTileImage(kind, art, n);
  return art && svg ? { svg, version: imageVersion(art) } : null;
}
