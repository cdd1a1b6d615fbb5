import { and, asc, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { QueryBuilder, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  Brand,
  Category,
  Flavor,
  ProductCollection,
  ProductDetail,
  ProductSummary,
  TaxonomyRef,
} from '../../../contract/catalog.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import { REVIEWS_PREVIEW_COUNT, type Review } from '../../../contract/reviews.ts';
import type { Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { reviewsPreviewJson } from '../reviews/service.ts';
import { flavorPackshot } from './images.ts';
import { localized, localizedField, localizedJson } from './localized.ts';
import {
  brands,
  categories,
  flavors,
  productCategories,
  products,
  variants,
  type NutritionFacts,
} from './tables.ts';

/**
 * Names are sorted here rather than in SQL: database collations differ (PGlite sorts bytes, so
 * "Açaí" would follow "Z"), and a shopper expects the dictionary order of their language.
 */
const collators = new Map<Locale, Intl.Collator>();
function byName(locale: Locale): Intl.Collator {
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, collator);
  }
  return collator;
}
const sortByName = <T extends { name: string }>(items: T[], locale: Locale) =>
  items.sort((a, b) => byName(locale).compare(a.name, b.name));

/** `is_active` alone (not `= true`), so the partial indexes on active products apply. */
const activeProduct = sql`${products.isActive}`;

/** Categories of a product as a JSON array of `{_id, slug, name}`, ordered by name. */
const categoriesJson = (locale: Locale) => {
  const name = localizedField('c', 'name', locale);
  return sql<TaxonomyRef[] | string>`coalesce((
  select json_agg(json_build_object('_id', c.id, 'slug', c.slug, 'name', ${name}) order by ${name})
  from ${productCategories} pc join ${categories} c on c.id = pc.category_id
  where pc.product_id = ${products.id}
), '[]'::json)`;
};

/** Compare-at price of the cheapest active variant (ties broken towards the discounted one). */
const cheapestCompareAt = sql<number | null>`(
  select v.compare_at_price from ${variants} v
  where v.product_id = ${products.id} and v.is_active
  order by v.price, v.compare_at_price desc nulls last
  limit 1
)`;

/** Whether some active variant costs more than the cheapest (the product's rolled-up price). */
const priceVaries = sql<boolean>`exists (
  select 1 from ${variants} v
  where v.product_id = ${products.id} and v.is_active and v.price <> ${products.price}
)`;

const summaryColumns = (locale: Locale) => ({
  id: products.id,
  slug: products.slug,
  name: localized(products.name, products.translations, locale),
  images: products.images,
  price: products.price,
  rating: products.rating,
  reviewCount: products.reviewCount,
  inStock: products.inStock,
  createdAt: products.createdAt,
  brandId: brands.id,
  brandSlug: brands.slug,
  brandName: localized(brands.name, brands.translations, locale),
  categories: categoriesJson(locale),
  compareAtPrice: cheapestCompareAt,
  priceVaries,
});

type SummaryRow = {
  id: string;
  slug: string;
  name: string;
  images: string[];
  price: number;
  rating: number;
  reviewCount: number;
  inStock: boolean;
  createdAt: Date;
  brandId: string;
  brandSlug: string;
  brandName: string;
  categories: TaxonomyRef[] | string;
  compareAtPrice: number | null;
  priceVaries: boolean;
};

function toSummary(row: SummaryRow): ProductSummary {
  // Some drivers hand json back as text, others parse it.
  const cats = typeof row.categories === 'string' ? JSON.parse(row.categories) : row.categories;
  const compareAtPrice =
    row.compareAtPrice === null || row.compareAtPrice === undefined
      ? null
      : Number(row.compareAtPrice);
  return {
    _id: row.id,
    slug: row.slug,
    name: row.name,
    brand: { _id: row.brandId, slug: row.brandSlug, name: row.brandName },
    categories: cats as TaxonomyRef[],
    image: row.images[0] ?? null,
    price: row.price,
    compareAtPrice,
    onSale: compareAtPrice !== null && compareAtPrice > row.price,
    priceVaries: Boolean(row.priceVaries),
    rating: Math.round(row.rating * 10) / 10,
    reviewCount: row.reviewCount,
    inStock: row.inStock,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectSummaries(db: Executor, locale: Locale) {
  return db
    .select(summaryColumns(locale))
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId));
}

/**
 * Product summaries for the given ids, in the order of `ids`; ids that do not exist are skipped.
 * Inactive products are included: callers that list products filter them out when choosing ids.
 */
export async function loadProductSummaries(
  db: Executor,
  ids: readonly string[],
  locale: Locale,
): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await selectSummaries(db, locale).where(inArray(products.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, toSummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * Summaries of the active products — all of them, or those among `ids` — in no set order: what
 * an in-memory copy of the catalog (the search index) is built from.
 */
export async function loadActiveProductSummaries(
  db: Executor,
  locale: Locale,
  ids?: readonly string[],
): Promise<ProductSummary[]> {
  if (ids && ids.length === 0) return [];
  const rows = await selectSummaries(db, locale).where(
    ids ? and(activeProduct, inArray(products.id, [...ids])) : activeProduct,
  );
  return rows.map(toSummary);
}

/**
 * An active variant of the product, with its stock and the names a mail shows, in `locale`; its row
 * is locked for share until the transaction ends, so a stock change in flight commits first or
 * waits.
 */
export async function shareVariantOf(
  tx: Executor,
  productId: string,
  variantId: string,
  locale: Locale,
) {
  const [variant] = await tx
    .select({
      stock: variants.stock,
      size: localized(variants.size, variants.translations, locale),
      productName: localized(products.name, products.translations, locale),
      slug: products.slug,
      flavorName: localized(flavors.name, flavors.translations, locale),
      flavorSlug: flavors.slug,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(flavors, eq(flavors.id, variants.flavorId))
    .where(
      and(
        eq(variants.id, variantId),
        eq(variants.productId, productId),
        eq(variants.isActive, true),
      ),
    )
    .for('share', { of: variants });
  return variant;
}

/**
 * A query to compose, for a statement of the caller: those of `variantIds` in stock, active and of
 * an active product, each row `id, size, product_name, slug, flavor_name, flavor_slug` and the
 * French of the names, `size_fr, product_name_fr, flavor_name_fr`.
 */
export function variantsBackInStock(variantIds: readonly string[]): SQL {
  return sql`select v.id, v.size, p.name as product_name, p.slug, f.name as flavor_name,
      f.slug as flavor_slug, ${localizedField('v', 'size', 'fr-CA')} as size_fr,
      ${localizedField('p', 'name', 'fr-CA')} as product_name_fr,
      ${localizedField('f', 'name', 'fr-CA')} as flavor_name_fr
    from ${variants} v
    join ${products} p on p.id = v.product_id
    join ${flavors} f on f.id = v.flavor_id
    where v.id in (${sql.join(
      variantIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and v.stock > 0 and v.is_active and p.is_active`;
}

/** A taxonomy table's columns, with its name and description in `locale`. */
const taxonomyColumns = <T extends typeof categories | typeof brands | typeof flavors>(
  table: T,
  locale: Locale,
) => ({
  id: table.id,
  slug: table.slug,
  name: localized(table.name, table.translations, locale),
  description: localized(table.description, table.translations, locale),
  image: table.image,
});

/**
 * Every category, brand and flavor row in `locale`, in no set order: what an in-memory copy of
 * the catalog (the search index) is built from.
 */
export async function loadTaxonomyRows(db: Executor, locale: Locale) {
  const [categoryRows, brandRows, flavorRows] = await Promise.all([
    db.select(taxonomyColumns(categories, locale)).from(categories),
    db.select({ ...taxonomyColumns(brands, locale), color: brands.color }).from(brands),
    db
      .select({
        ...taxonomyColumns(flavors, locale),
        color: flavors.color,
        additionalImages: flavors.additionalImages,
      })
      .from(flavors),
  ]);
  return { categoryRows, brandRows, flavorRows };
}

const inStockFirst = sql`${products.inStock} desc nulls last`;
/** Orders matching the products_top_idx and products_bestsellers_idx indexes exactly. */
const collectionOrder: Record<ProductCollection, SQL[]> = {
  top: [
    inStockFirst,
    sql`${products.rating} desc nulls last`,
    sql`${products.reviewCount} desc nulls last`,
  ],
  new: [desc(products.createdAt)],
  bestsellers: [inStockFirst, sql`${products.soldCount} desc nulls last`],
};

/** A curated listing for the home page: best rated, newest or best selling active products. */
export async function listCollection(
  db: Executor,
  collection: ProductCollection,
  limit: number,
  locale: Locale,
): Promise<ProductSummary[]> {
  const rows = await selectSummaries(db, locale)
    .where(activeProduct)
    .orderBy(...collectionOrder[collection], asc(products.id))
    .limit(limit);
  return rows.map(toSummary);
}

async function findActiveProduct(db: Executor, identifier: string) {
  const [row] = await db
    .select({ id: products.id, brandId: products.brandId })
    .from(products)
    .where(and(activeProduct, or(eq(products.slug, identifier), eq(products.id, identifier))))
    .orderBy(desc(eq(products.slug, identifier)))
    .limit(1);
  return row ?? null;
}

/**
 * Slugs of a product's active flavors, in no set order: what its packshots are numbered by
 * (`flavorPackshot`). Correlated with `products.id`, so any query over products can select it.
 */
export const activeFlavorSlugs = sql<string[]>`coalesce((
  select array_agg(distinct f.slug) from ${variants} v join ${flavors} f on f.id = v.flavor_id
  where v.product_id = ${products.id} and v.is_active
), '{}'::text[])`;

/**
 * Every variant that can be bought (active, of an active product) with what a priced line shows
 * of it, its product, brand and flavor, named in `locale`: a subquery to join, which the database
 * folds into the caller's query. Its computed columns are named `sv_…`, so none is ambiguous
 * beside the caller's.
 */
const sellableVariantsQuery = (locale: Locale) =>
  new QueryBuilder()
    .select({
      variantId: sql<string>`${variants.id}`.as('sv_variant_id'),
      productId: sql<string>`${products.id}`.as('sv_product_id'),
      name: sql<string>`${localized(products.name, products.translations, locale)}`.as(
        'sv_product_name',
      ),
      slug: sql<string>`${products.slug}`.as('sv_product_slug'),
      images: products.images,
      flavorSlugs: activeFlavorSlugs.as('sv_flavor_slugs'),
      brandId: sql<string>`${brands.id}`.as('sv_brand_id'),
      brandSlug: sql<string>`${brands.slug}`.as('sv_brand_slug'),
      brandName: sql<string>`${localized(brands.name, brands.translations, locale)}`.as(
        'sv_brand_name',
      ),
      flavorId: sql<string>`${flavors.id}`.as('sv_flavor_id'),
      flavorSlug: sql<string>`${flavors.slug}`.as('sv_flavor_slug'),
      flavorName: sql<string>`${localized(flavors.name, flavors.translations, locale)}`.as(
        'sv_flavor_name',
      ),
      size: sql<string>`${localized(variants.size, variants.translations, locale)}`.as('sv_size'),
      sku: variants.sku,
      unitPrice: variants.price,
      compareAtPrice: variants.compareAtPrice,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(flavors, eq(flavors.id, variants.flavorId))
    .where(and(eq(products.isActive, true), eq(variants.isActive, true)))
    .as('sellable_variants');

const sellableByLocale = new Map<Locale, ReturnType<typeof sellableVariantsQuery>>();

/** The sellable variants with their names in `locale` (built once per language). */
export function sellableVariantsIn(locale: Locale) {
  let query = sellableByLocale.get(locale);
  if (!query) {
    query = sellableVariantsQuery(locale);
    sellableByLocale.set(locale, query);
  }
  return query;
}

/** The sellable variants named in English: for checks whose names go no further than a log or an error. */
export const sellableVariants = sellableVariantsIn(DEFAULT_LOCALE);

/**
 * The stock of a variant that can be put in a cart (as `findSellableVariant` checks it), as a
 * one-column select for a caller's own statement: no row when it cannot be bought. The ids are
 * values, or the columns of a row of the caller's statement (a cart line's, say).
 */
export const sellableStockSql = (
  productId: string | Placeholder | AnyPgColumn,
  variantId: string | Placeholder | AnyPgColumn,
): SQL => sql`
  select ${variants.stock} from ${variants}
  join ${products} on ${products.id} = ${variants.productId}
  where ${variants.id} = ${variantId} and ${products.id} = ${productId}
    and ${variants.isActive} and ${products.isActive}`;

/** A variant that can be put in a cart: active, of an active product, of the product named. */
export async function findSellableVariant(tx: Executor, productId: string, variantId: string) {
  const [product] = await tx
    .select({ name: products.name, isActive: products.isActive })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  if (!product?.isActive) throw notFound('not_found', 'That product is not available.');
  const [variant] = await tx
    .select({ productId: variants.productId, isActive: variants.isActive, stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId))
    .limit(1);
  if (!variant?.isActive) throw notFound('not_found', 'That variant is not available.');
  if (variant.productId !== productId) {
    throw notFound('not_found', 'That variant does not belong to this product.');
  }
  return { name: product.name, stock: variant.stock };
}

/** What a product's card shows on one flavor's listing: that flavor's packshot, price and stock. */
export type FlavorLook = Pick<
  ProductSummary,
  'image' | 'price' | 'compareAtPrice' | 'onSale' | 'priceVaries' | 'inStock'
>;

/**
 * The look of each given active product in one flavor, by product id; a product without an active
 * variant of that flavor is left out. The price is the flavor's cheapest (ties to the discounted
 * one), as a card's "From $X" is the product's cheapest.
 */
export async function loadFlavorLooks(
  db: Executor,
  productIds: readonly string[],
  flavorSlug: string,
): Promise<Map<string, FlavorLook>> {
  const looks = new Map<string, FlavorLook>();
  if (productIds.length === 0) return looks;
  const rows = await db
    .select({
      productId: variants.productId,
      price: variants.price,
      compareAtPrice: variants.compareAtPrice,
      stock: variants.stock,
      images: products.images,
      flavorSlugs: activeFlavorSlugs,
    })
    .from(variants)
    .innerJoin(flavors, eq(flavors.id, variants.flavorId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(
      and(
        inArray(variants.productId, [...productIds]),
        eq(flavors.slug, flavorSlug),
        eq(variants.isActive, true),
        activeProduct,
      ),
    )
    .orderBy(asc(variants.price), sql`${variants.compareAtPrice} desc nulls last`);
  const byProduct = new Map<string, typeof rows>();
  for (const row of rows)
    byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
  for (const [productId, [cheapest, ...others]] of byProduct) {
    if (!cheapest) continue;
    looks.set(productId, {
      image: flavorPackshot(cheapest.images, cheapest.flavorSlugs, flavorSlug),
      price: cheapest.price,
      compareAtPrice: cheapest.compareAtPrice,
      onSale: cheapest.compareAtPrice !== null && cheapest.compareAtPrice > cheapest.price,
      priceVaries: others.some((row) => row.price !== cheapest.price),
      inStock: [cheapest, ...others].some((row) => row.stock > 0),
    });
  }
  return looks;
}

/** Active variants of a product as JSON, with their flavor. */
const variantsJson = (locale: Locale) => sql<VariantJson[] | string>`coalesce((
  select json_agg(json_build_object(
    '_id', v.id, 'sku', v.sku, 'size', ${localizedField('v', 'size', locale)}, 'price', v.price,
    'compareAtPrice', v.compare_at_price, 'stock', shown_stock(v.stock),
    'flavor', json_build_object('_id', f.id, 'slug', f.slug, 'name', ${localizedField('f', 'name', locale)})
  ) order by v.price, v.size)
  from ${variants} v join ${flavors} f on f.id = v.flavor_id
  where v.product_id = ${products.id} and v.is_active
), '[]'::json)`;

type VariantJson = Omit<ProductDetail['variants'][number], 'image'>;

/** The full product by slug or id, or null when it does not exist or is inactive (one query). */
export async function getProductDetail(
  db: Executor,
  identifier: string,
  locale: Locale,
): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns(locale),
      description: localized(products.description, products.translations, locale),
      nutritionFacts: localizedJson<NutritionFacts | null>(
        products.nutritionFacts,
        products.translations,
        locale,
      ),
      tags: products.tags,
      variants: variantsJson(locale),
      reviewsPreview: reviewsPreviewJson(REVIEWS_PREVIEW_COUNT, products.id),
    })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(activeProduct, or(eq(products.slug, identifier), eq(products.id, identifier))))
    // A slug that happens to equal another product's id must not be ambiguous: slug wins.
    .orderBy(desc(eq(products.slug, identifier)))
    .limit(1);
  if (!row) return null;
  const variantList = (
    typeof row.variants === 'string' ? JSON.parse(row.variants) : row.variants
  ) as VariantJson[];
  // Stable sort: price order from SQL is kept within a flavor.
  variantList.sort((a, b) => byName(locale).compare(a.flavor.name, b.flavor.name));
  const flavorSlugs = [...new Set(variantList.map((variant) => variant.flavor.slug))];
  const reviewsPreview = (
    typeof row.reviewsPreview === 'string' ? JSON.parse(row.reviewsPreview) : row.reviewsPreview
  ) as Review[];
  return {
    ...toSummary(row),
    images: row.images,
    description: row.description,
    nutritionFacts: (row.nutritionFacts as NutritionFacts | null) ?? null,
    tags: row.tags,
    variants: variantList.map((variant) => ({
      ...variant,
      image: flavorPackshot(row.images, flavorSlugs, variant.flavor.slug),
    })),
    reviewsPreview,
  };
}

/**
 * Products related to the given one: sharing categories (more shared first) or the brand,
 * excluding the product itself, in-stock products first. Null when the product is unknown.
 *
 * The order: in stock first, then more categories shared, then the same brand, then rating,
 * units sold and id. The products sharing a category come from the category index, which holds
 * the product ids; each one's rank from the brand's ranking index (`products_brand_rank_idx`),
 * which holds every column the order needs, so the wide products table need not be read. A
 * product that shares no category can rank only by the brand, so of those only the brand's first
 * `limit` in that order can make the list, and only they are read (docs/search.md).
 */
export async function listSuggestedProducts(
  db: Executor,
  identifier: string,
  limit: number,
  locale: Locale,
): Promise<ProductSummary[] | null> {
  const found = await findActiveProduct(db, identifier);
  if (!found) return null;
  const result = (await db.execute(sql`
    with related as materialized (
      select theirs.product_id as id, count(*)::int as shared
      from ${productCategories} mine
      join ${productCategories} theirs on theirs.category_id = mine.category_id
      where mine.product_id = ${found.id} and theirs.product_id <> ${found.id}
      group by theirs.product_id
    ),
    ranked as (
      select p.id, p.in_stock, r.shared, p.brand_id = ${found.brandId} as same_brand,
        p.rating, p.sold_count
      from related r join ${products} p on p.id = r.id
      where p.is_active
      union all
      (select p.id, p.in_stock, null, true, p.rating, p.sold_count
       from ${products} p
       where p.brand_id = ${found.brandId} and p.is_active and p.id <> ${found.id}
         and not exists (select 1 from related r where r.id = p.id)
       order by p.in_stock desc nulls last, p.rating desc nulls last, p.sold_count desc nulls last,
         p.id
       limit ${limit})
    )
    select id from ranked
    order by in_stock desc, shared desc nulls last, same_brand desc, rating desc, sold_count desc,
      id
    limit ${limit}
  `)) as unknown as { rows: { id: string }[] };
  return loadProductSummaries(
    db,
    result.rows.map((row) => row.id),
    locale,
  );
}

export async function listCategories(db: Executor, locale: Locale): Promise<Category[]> {
  const rows = sortByName(
    await db.select(taxonomyColumns(categories, locale)).from(categories),
    locale,
  );
  return rows.map((c) => ({
    _id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    image: c.image,
  }));
}

export async function listBrands(db: Executor, locale: Locale): Promise<Brand[]> {
  const rows = sortByName(
    await db.select({ ...taxonomyColumns(brands, locale), color: brands.color }).from(brands),
    locale,
  );
  return rows.map((b) => ({
    _id: b.id,
    slug: b.slug,
    name: b.name,
    description: b.description,
    image: b.image,
    color: b.color,
  }));
}

export async function listFlavors(db: Executor, locale: Locale): Promise<Flavor[]> {
  const rows = sortByName(
    await db
      .select({
        ...taxonomyColumns(flavors, locale),
        color: flavors.color,
        additionalImages: flavors.additionalImages,
      })
      .from(flavors),
    locale,
  );
  return rows.map((f) => ({
    _id: f.id,
    slug: f.slug,
    name: f.name,
    description: f.description,
    color: f.color,
    image: f.image,
    additionalImages: f.additionalImages,
  }));
}

/**
 * Recomputes products.price (lowest active variant price) and products.inStock (an active
 * variant has stock) from the variants — for the given products, or all when `productIds` is
 * omitted. Call it in the same transaction after changing variant prices or activity.
 */
export async function refreshProductRollups(
  tx: Executor,
  productIds?: readonly string[],
): Promise<void> {
  if (productIds && productIds.length === 0) return;
  const only = productIds
    ? sql`where pr.id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await tx.execute(sql`
    update ${products} set price = r.price, in_stock = r.in_stock
    from (
      select pr.id,
        coalesce(min(v.price) filter (where v.is_active), 0)::int as price,
        coalesce(bool_or(v.stock > 0) filter (where v.is_active), false) as in_stock
      from ${products} pr left join ${variants} v on v.product_id = pr.id
      ${only}
      group by pr.id
    ) r
    where ${products.id} = r.id
      and (${products.price} <> r.price or ${products.inStock} <> r.in_stock)
  `);
}
