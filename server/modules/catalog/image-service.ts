import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  CATEGORY_TILE_PACKS,
  categoryArt,
  imageVersion,
  orderArtFlavors,
  packShapeFor,
  renderCategoryImage,
  renderProductImage,
  renderTileImage,
  type CategoryArt,
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

/** What a category's picture shows: its oldest active products' packs (see CATEGORY_TILE_PACKS). */
async function categoryTileArt(db: Executor, slug: string): Promise<CategoryArt | null> {
  const [category] = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug));
  if (!category) return null;
  // Slugs and ids compare byte by byte ("C"), as the seed's JavaScript does, on any collation.
  const firstFlavorColor = sql<string | null>`(
    select f.color from ${variants} v join ${flavors} f on f.id = v.flavor_id
    where v.product_id = ${products.id} and v.is_active
    order by f.slug collate "C" limit 1
  )`;
  const rows = await db
    .select({ brandColor: brands.color, flavorColor: firstFlavorColor })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(productCategories.categoryId, category.id), eq(products.isActive, true)))
    .orderBy(products.createdAt, sql`${products.id} collate "C"`)
    .limit(CATEGORY_TILE_PACKS);
  return categoryArt(
    { slug, name: category.name },
    rows.flatMap((row) =>
      row.flavorColor ? [{ brandColor: row.brandColor, flavorColor: row.flavorColor }] : [],
    ),
  );
}

async function tileArt(
  db: Executor,
  kind: 'brands' | 'flavors',
  slug: string,
): Promise<TileArt | null> {
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
  if (kind === 'categories') {
    const art = await categoryTileArt(db, slug);
    const svg = art && renderCategoryImage(art, n);
    return art && svg ? { svg, version: imageVersion(art) } : null;
  }
  const art = await tileArt(db, kind, slug);
  const svg = art && renderTileImage(kind, art, n);
  return art && svg ? { svg, version: imageVersion(art) } : null;
}
