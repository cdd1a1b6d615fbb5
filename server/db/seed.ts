/**
 * The seed catalog: taxonomy from seed-data.ts and any number of generated products. Generation
 * uses a fixed-seed random generator, so the same product count always yields the same catalog
 * (names, slugs, prices, stock, dates relative to now); only the random ids differ.
 */
import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  CATEGORY_TILE_PACKS,
  categoryArt,
  orderArtFlavors,
  packShapeFor,
  productImageUrls,
  tileImageUrl,
  type ProductArt,
} from '../modules/catalog/images.ts';
import { refreshProductRollups } from '../modules/catalog/service.ts';
import {
  brands,
  categories,
  flavors,
  productCategories,
  products,
  searchTerms,
  variants,
} from '../modules/catalog/tables.ts';
import { reviews } from '../modules/reviews/tables.ts';
import { rebuildSearchIndex } from '../modules/search/indexer.ts';
import { newId } from '../lib/ids.ts';
import type { Database, Executor } from './client.ts';
import {
  BRANDS,
  CATEGORIES,
  COMMON_TAGS,
  FIXED_PRODUCTS,
  FLAVORS,
  FRUITY,
  LINE_WORDS,
  PRODUCT_FAMILIES,
  REVIEW_PHRASES,
  REVIEWERS,
  SWEET,
  type FixedProduct,
  type ProductFamily,
} from './seed-data.ts';
import {
  BRANDS_FR,
  CATEGORIES_FR,
  FAMILIES_FR,
  flavorDescriptionFr,
  flavorLineFr,
  FLAVORS_FR,
  MIDDLES_FR,
  OPENERS_FR,
  SIZE_LABELS_FR,
} from './seed-data-fr.ts';
import { mulberry32 } from '../lib/random.ts';

export interface SeedOptions {
  products: number;
}

type CategoryRow = typeof categories.$inferInsert & { id: string };
type BrandRow = typeof brands.$inferInsert & { id: string };
type FlavorRow = typeof flavors.$inferInsert & { id: string };
type ProductRow = typeof products.$inferInsert & { id: string };
type VariantRow = typeof variants.$inferInsert & { id: string };
type ProductCategoryRow = typeof productCategories.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert & { id: string };

export interface GeneratedCatalog {
  categories: CategoryRow[];
  brands: BrandRow[];
  flavors: FlavorRow[];
  products: ProductRow[];
  productCategories: ProductCategoryRow[];
  variants: VariantRow[];
  reviews: ReviewRow[];
}

const SEED = 0x5eed2026;

/**
 * Reviews written per product at most. Every rating the seed shows is the average of review rows
 * a shopper can read, so counts stay small (and the seed fast) rather than invented.
 */
const MAX_SEED_REVIEWS = 5;
const DAY = 24 * 60 * 60 * 1000;

/** Sample data's random choices, the same from the same seed. */
function random(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sample = <T>(items: readonly T[], k: number): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  };
  return { next, int, pick, sample, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Shop-style prices: whole dollars minus a cent (4499, 8999). */
const retailPrice = (cents: number) => Math.max(99, Math.round(cents / 100) * 100 - 1);

/**
 * A product's description in English and French: the same sentences, picked by one draw each, so
 * the French is the English's translation and the seed's other draws do not move.
 */
function productDescription(
  rand: Random,
  family: ProductFamily,
  brandName: string,
  name: string,
  flavorSlugs: string[],
) {
  const flavorNames = flavorSlugs.map((slug) => FLAVORS.find((f) => f.slug === slug)!.name);
  const openers = [
    `${brandName} ${name} is ${family.pitch}.`,
    `Meet ${name} from ${brandName}: ${family.pitch}.`,
    `${name} by ${brandName} is ${family.pitch}.`,
  ];
  const middles = [
    'Every batch is tested by an independent lab for purity and label accuracy.',
    'Formulated with athletes and registered dietitians, with no proprietary blends.',
    'Made in a GMP-certified facility with transparent, fully disclosed doses.',
    'Trusted by competitive athletes and weekend warriors alike.',
  ];
  const flavorLine =
    flavorNames.length > 1
      ? `Available in ${flavorNames.slice(0, -1).join(', ')} and ${flavorNames.at(-1)}.`
      : flavorNames[0] === 'Unflavored'
        ? 'Unflavored, so it disappears into any drink.'
        : `Available in ${flavorNames[0]}.`;
  const opener = rand.int(0, openers.length - 1);
  const middle = rand.int(0, middles.length - 1);
  const french = FAMILIES_FR[family.key]!;
  return {
    en: [openers[opener], middles[middle], flavorLine].join(' '),
    fr: [
      OPENERS_FR[opener]!(brandName, name, french.pitch),
      MIDDLES_FR[middle],
      flavorLineFr(flavorSlugs.map((slug) => FLAVORS_FR[slug]!)),
    ].join(' '),
  };
}

function taxonomy(): Pick<GeneratedCatalog, 'categories' | 'brands' | 'flavors'> {
  return {
    categories: CATEGORIES.map((c) => ({
      id: newId('cat'),
      slug: c.slug,
      name: c.name,
      description: c.description,
      translations: { 'fr-CA': CATEGORIES_FR[c.slug] },
      // Drawn from the category's products: set once they are generated.
      image: null,
    })),
    brands: BRANDS.map((b) => ({
      id: newId('brand'),
      slug: b.slug,
      name: b.name,
      description: b.description,
      translations: { 'fr-CA': BRANDS_FR[b.slug] },
      color: b.color,
      image: tileImageUrl('brands', b.slug, { name: b.name, color: b.color }),
    })),
    flavors: FLAVORS.map((f, i) => {
      const art = { name: f.name, color: f.color };
      const kind = SWEET.includes(f.slug) ? 'sweet' : FRUITY.includes(f.slug) ? 'fruity' : 'plain';
      return {
        id: newId('flv'),
        slug: f.slug,
        name: f.name,
        description:
          kind === 'sweet'
            ? `${f.name}: a rich, dessert-style flavour that tastes great with milk or water.`
            : kind === 'fruity'
              ? `${f.name}: a bright, refreshing flavour for drinks and pre-workouts.`
              : `${f.name}: no added flavour, so it mixes into anything.`,
        translations: {
          'fr-CA': {
            name: FLAVORS_FR[f.slug],
            description: flavorDescriptionFr(kind, FLAVORS_FR[f.slug]!),
          },
        },
        color: f.color,
        // Every third flavor has no main image, so clients exercise the additionalImages fallback.
        image: i % 3 === 2 ? null : tileImageUrl('flavors', f.slug, art, 1),
        additionalImages: [
          tileImageUrl('flavors', f.slug, art, 2),
          tileImageUrl('flavors', f.slug, art, 3),
        ],
      };
    }),
  };
}

/** Builds every row of a catalog with `options.products` products, without touching a database. */
export function generateCatalog(options: SeedOptions, now = new Date()): GeneratedCatalog {
  const rand = random(SEED);
  const catalog: GeneratedCatalog = {
    ...taxonomy(),
    products: [],
    productCategories: [],
    variants: [],
    reviews: [],
  };
  const categoryBySlug = new Map(catalog.categories.map((c) => [c.slug, c]));
  const brandBySlug = new Map(catalog.brands.map((b) => [b.slug, b]));
  const flavorBySlug = new Map(catalog.flavors.map((f) => [f.slug, f]));
  const familyByKey = new Map(PRODUCT_FAMILIES.map((f) => [f.key, f]));
  const totalWeight = PRODUCT_FAMILIES.reduce((sum, f) => sum + f.weight, 0);
  const pickFamily = () => {
    let roll = rand.next() * totalWeight;
    for (const family of PRODUCT_FAMILIES) {
      roll -= family.weight;
      if (roll < 0) return family;
    }
    return PRODUCT_FAMILIES[0]!;
  };
  const usedSlugs = new Set<string>();

  for (let index = 0; index < options.products; index++) {
    const fixed: FixedProduct | undefined = FIXED_PRODUCTS[index];
    const family = fixed ? familyByKey.get(fixed.family)! : pickFamily();
    const brand = fixed ? brandBySlug.get(fixed.brand)! : brandBySlug.get(rand.pick(BRANDS).slug)!;

    let name: string;
    let slug: string;
    if (fixed) {
      name = fixed.name;
      slug = fixed.slug;
    } else {
      const line = rand.chance(0.8) ? `${rand.pick(LINE_WORDS)} ` : '';
      const base = `${line}${rand.pick(family.names)}`;
      name = base;
      slug = slugify(`${brand.name} ${name}`);
      for (let edition = 2; usedSlugs.has(slug); edition++) {
        name = `${base} ${edition}.0`;
        slug = slugify(`${brand.name} ${name}`);
      }
    }
    usedSlugs.add(slug);

    const flavorSlugs = fixed
      ? fixed.flavors
      : family.flavors.length === 1
        ? family.flavors
        : rand.sample(family.flavors, rand.int(2, Math.min(4, family.flavors.length)));
    const sizes =
      fixed || flavorSlugs.length === 1
        ? family.sizes
        : rand
            .sample(family.sizes, rand.int(1, Math.min(2, family.sizes.length)))
            .sort((a, b) => a.price - b.price);
    const chosenFlavors = flavorSlugs.map((s) => flavorBySlug.get(s)!);

    const id = newId('prod');
    const priceFactor = fixed ? 1 : 0.85 + rand.next() * 0.4;
    const onSale = fixed ? fixed.mode === 'sale' : rand.chance(0.2);
    const soldOut = fixed ? fixed.mode === 'soldout' : rand.chance(0.04);
    const discount = 1.15 + rand.next() * 0.2;
    const sizeIndex = new Map(family.sizes.map((s, i) => [s.code, i]));
    const firstVariant = catalog.variants.length;
    for (const flavor of chosenFlavors) {
      for (const size of sizes) {
        const price = retailPrice(size.price * priceFactor);
        const stock = soldOut || (!fixed && rand.chance(0.12)) ? 0 : rand.int(3, 250);
        catalog.variants.push({
          id: newId('var'),
          productId: id,
          flavorId: flavor.id,
          size: size.label,
          translations: { 'fr-CA': { size: SIZE_LABELS_FR[size.label] } },
          sku: `FN-${String(index + 1).padStart(6, '0')}-${flavor.slug.slice(0, 4).toUpperCase()}${sizeIndex.get(size.code)}-${size.code}`,
          price,
          compareAtPrice: onSale ? Math.max(retailPrice(price * discount), price + 100) : null,
          stock,
        });
      }
    }

    // The price is written with the row (rather than by an UPDATE afterwards). The total stock is
    // left at its default, 0: inserting the variants adds theirs (the database keeps the totals).
    const productVariants = catalog.variants.slice(firstVariant);
    const price = Math.min(...productVariants.map((v) => v.price));

    const categorySlugs = family.categories;
    for (const categorySlug of categorySlugs) {
      catalog.productCategories.push({
        productId: id,
        categoryId: categoryBySlug.get(categorySlug)!.id,
      });
    }
    const art: ProductArt = {
      name,
      brandName: brand.name,
      brandColor: brand.color,
      shape: packShapeFor(categorySlugs),
      flavors: orderArtFlavors(chosenFlavors).map((f) => ({ name: f.name, color: f.color })),
    };
    // The same draws as when the seed invented its numbers, so the rest of the catalog (and
    // every test relying on it) stays as it was; they now choose how many reviews to write and
    // what their average aims at.
    const popularity = fixed
      ? 120 + index * 37
      : rand.chance(0.08)
        ? 0
        : Math.floor(Math.exp(rand.next() * 7));
    const targetRating = fixed
      ? 4.5 + (index % 5) / 10
      : popularity === 0
        ? 0
        : Math.round((3.2 + rand.next() * 1.8) * 10) / 10;
    const tags = [...new Set([...family.tags, ...rand.sample(COMMON_TAGS, rand.int(1, 3))])];
    const daysAgo = fixed ? 30 + index * 20 : rand.next() * 365;
    const createdAt = new Date(now.getTime() - Math.floor(daysAgo * DAY));
    const description = productDescription(rand, family, brand.name, name, flavorSlugs);
    const written = seedReviews(
      id,
      index,
      Math.min(popularity, MAX_SEED_REVIEWS),
      targetRating,
      createdAt,
      now,
    );
    catalog.reviews.push(...written);
    const reviewCount = written.length;
    const rating = averageRating(written.map((review) => review.rating));
    catalog.products.push({
      id,
      slug,
      name,
      brandId: brand.id,
      description: description.en,
      images: productImageUrls(slug, art),
      nutritionFacts: family.nutrition,
      translations: {
        'fr-CA': {
          description: description.fr,
          nutritionFacts: FAMILIES_FR[family.key]!.nutrition,
        },
      },
      rating,
      reviewCount,
      price,
      soldCount: fixed ? 500 + index * 10 : Math.floor(Math.exp(rand.next() * 8.5)),
      tags,
      createdAt,
    });
  }
  drawCategoryImages(catalog);
  return catalog;
}

/** A product's rating as the database computes it: the average, one decimal (0 without any). */
function averageRating(ratings: readonly number[]): number {
  if (ratings.length === 0) return 0;
  // Tenths from whole numbers, so a half rounds up as numeric round() does in the database.
  return Math.round((ratings.reduce((sum, r) => sum + r, 0) * 10) / ratings.length) / 10;
}

/**
 * `count` reviews of a product whose whole-star ratings average as near `target` as they can,
 * with text from a small phrase bank, dated between the product's arrival and now. A generator of
 * their own (seeded by the product's position), so the catalog's other draws never move.
 */
function seedReviews(
  productId: string,
  index: number,
  count: number,
  target: number,
  since: Date,
  now: Date,
): ReviewRow[] {
  if (count === 0) return [];
  const rand = random(SEED + 1 + index);
  const total = Math.min(5 * count, Math.max(count, Math.round(target * count)));
  const base = Math.floor(total / count);
  const ratings = rand.sample(
    Array.from({ length: count }, (_, i) => (i < total - base * count ? base + 1 : base)),
    count,
  );
  const span = Math.max(now.getTime() - since.getTime(), DAY);
  return ratings.map((rating) => {
    const [title, body] = rand.pick(REVIEW_PHRASES[rating - 1]!);
    const createdAt = new Date(since.getTime() + Math.floor(rand.next() * span));
    return {
      id: newId('rev'),
      productId,
      rating,
      title,
      body,
      author: rand.pick(REVIEWERS),
      verifiedPurchase: true,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

/** Each category's picture shows its oldest products, chosen as the image service chooses them. */
function drawCategoryImages(catalog: GeneratedCatalog) {
  const productById = new Map(catalog.products.map((p) => [p.id, p]));
  const brandById = new Map(catalog.brands.map((b) => [b.id, b]));
  const flavorById = new Map(catalog.flavors.map((f) => [f.id, f]));
  const flavorsOf = new Map<string, FlavorRow[]>();
  for (const variant of catalog.variants) {
    const list = flavorsOf.get(variant.productId) ?? [];
    const flavor = flavorById.get(variant.flavorId)!;
    if (!list.includes(flavor)) list.push(flavor);
    flavorsOf.set(variant.productId, list);
  }
  const byAge = (a: ProductRow, b: ProductRow) =>
    a.createdAt!.getTime() - b.createdAt!.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  for (const category of catalog.categories) {
    const oldest = catalog.productCategories
      .filter((link) => link.categoryId === category.id)
      .map((link) => productById.get(link.productId)!)
      .sort(byAge)
      .slice(0, CATEGORY_TILE_PACKS);
    const art = categoryArt(
      category,
      oldest.map((product) => ({
        brandColor: brandById.get(product.brandId)!.color,
        flavorColor: orderArtFlavors(flavorsOf.get(product.id)!)[0]!.color,
      })),
    );
    category.image = tileImageUrl('categories', category.slug, art);
  }
}

/**
 * Inserts many rows as one JSON parameter per chunk, expanded by json_populate_recordset: several
 * times faster than a multi-row VALUES list (one bind parameter instead of thousands), on PGlite
 * and PostgreSQL alike. Columns absent from every row keep their defaults.
 */
async function bulkInsert<T extends PgTable>(
  tx: Executor,
  table: T,
  rows: T['$inferInsert'][],
  chunk = 2000,
) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += chunk) {
    const records = rows
      .slice(start, start + chunk)
      .map((row) =>
        Object.fromEntries(
          columns.map(([key, column]) => [
            column.name,
            (row as Record<string, unknown>)[key] ?? null,
          ]),
        ),
      );
    await tx.execute(
      sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
    );
  }
}

export interface SeedResult {
  categories: number;
  brands: number;
  flavors: number;
  products: number;
  variants: number;
  reviews: number;
  /** Milliseconds spent generating rows, inserting them, and building the search index. */
  timings: { generate: number; insert: number; searchIndex: number };
}

/** Inserts a generated catalog (always), keeps the product rollups and the search index in step. */
export async function seedCatalog(db: Database, options: SeedOptions): Promise<SeedResult> {
  let mark = performance.now();
  const lap = () => {
    const now = performance.now();
    const elapsed = Math.round(now - mark);
    mark = now;
    return elapsed;
  };
  const catalog = generateCatalog(options);
  const generate = lap();
  let insert = 0;
  let searchIndex = 0;
  await db.transaction(async (tx) => {
    await bulkInsert(tx, categories, catalog.categories);
    await bulkInsert(tx, brands, catalog.brands);
    await bulkInsert(tx, flavors, catalog.flavors);
    await bulkInsert(tx, products, catalog.products);
    await bulkInsert(tx, productCategories, catalog.productCategories);
    await bulkInsert(tx, variants, catalog.variants);
    await bulkInsert(tx, reviews, catalog.reviews);
    await refreshProductRollups(tx);
    // Fresh statistics, so the first queries on a large catalog get good plans.
    await tx.execute(
      sql`analyze ${categories}, ${brands}, ${flavors}, ${products}, ${productCategories}, ${variants}, ${reviews}`,
    );
    insert = lap();
    // In the same transaction: a catalog is never visible (or counted as seeded) unindexed.
    await rebuildSearchIndex(tx);
    searchIndex = lap();
  });
  return {
    timings: { generate, insert, searchIndex },
    categories: catalog.categories.length,
    brands: catalog.brands.length,
    flavors: catalog.flavors.length,
    products: catalog.products.length,
    variants: catalog.variants.length,
    reviews: catalog.reviews.length,
  };
}

/** Seeds the catalog when the database has no categories yet; true when it did. */
export async function seedCatalogIfEmpty(db: Database, options: SeedOptions): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(categories);
  if (row && row.n > 0) return false;
  await seedCatalog(db, options);
  return true;
}

/** Empties every catalog table (and what refers to catalog rows) for a fresh seed. */
export async function clearCatalog(db: Executor): Promise<void> {
  await db.execute(
    sql`truncate ${variants}, ${productCategories}, ${products}, ${flavors}, ${brands}, ${categories}, ${searchTerms} cascade`,
  );
}
