import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../../contract/locale.ts';
import { localeCheck } from '../../db/locale-column.ts';
import { tsvector } from '../../db/types.ts';
import { users } from '../auth/tables.ts';

export interface NutritionFacts {
  servingSize: string;
  servingsPerContainer: number;
  rows: { name: string; amount: string; dailyValue?: string }[];
}

/**
 * A row's texts in the shop's other languages, by language: `{ "fr-CA": { "name": "Vanille" } }`.
 * The row's own columns are the English; a text missing here reads as the English one.
 */
export type Translations<Fields extends string, Values = string> = Partial<
  Record<Exclude<Locale, 'en-CA'>, Partial<Record<Fields, Values>>>
>;

const translations = <Fields extends string, Values = string>() =>
  jsonb('translations').$type<Translations<Fields, Values>>().notNull().default({});

export const categories = pgTable(
  'categories',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image'),
    translations: translations<'name' | 'description'>(),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug)],
);

export const brands = pgTable(
  'brands',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    image: text('image'),
    translations: translations<'name' | 'description'>(),
  },
  (t) => [uniqueIndex('brands_slug_key').on(t.slug)],
);

export const flavors = pgTable(
  'flavors',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    color: text('color').notNull(),
    image: text('image'),
    additionalImages: jsonb('additional_images').$type<string[]>().notNull().default([]),
    translations: translations<'name' | 'description'>(),
  },
  (t) => [uniqueIndex('flavors_slug_key').on(t.slug)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    brandId: text('brand_id')
      .notNull()
      .references(() => brands.id),
    description: text('description').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    nutritionFacts: jsonb('nutrition_facts').$type<NutritionFacts | null>(),
    translations: translations<
      'name' | 'description' | 'nutritionFacts',
      string | NutritionFacts
    >(),
    rating: real('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    soldCount: integer('sold_count').notNull().default(0),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean('is_active').notNull().default(true),
    /** Lowest active variant price in cents, kept in step with the variants for sorting and filters. */
    price: integer('price').notNull().default(0),
    /**
     * Whether an active variant has stock, kept by the database (the variants' in-stock trigger,
     * migration `0027_product-in-stock`).
     */
    inStock: boolean('in_stock').notNull().default(false),
    /** Weighted document: name (A), brand and categories (B), flavors and tags (C), description (D). */
    searchVector: tsvector('search_vector'),
    /** The same document in French: the French texts where the product has them. */
    searchVectorFr: tsvector('search_vector_fr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    // A brand's products, best first: the brand's listings, and the related products that share
    // only the brand (listSuggestedProducts), which read the first rows of it alone.
    index('products_brand_rank_idx').on(
      t.brandId,
      t.isActive,
      t.inStock.desc(),
      t.rating.desc(),
      t.soldCount.desc(),
      t.id,
    ),
    index('products_price_idx').on(t.price),
    index('products_created_idx').on(t.createdAt),
    // The home-page collections read the first rows of these orders (see service.ts).
    index('products_top_idx')
      .on(t.inStock.desc(), t.rating.desc(), t.reviewCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('products_bestsellers_idx')
      .on(t.inStock.desc(), t.soldCount.desc(), t.id)
      .where(sql`${t.isActive}`),
    index('products_search_idx').using('gin', t.searchVector),
  ],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    // With the product ids, so a category's products are read from the index alone.
    index('product_categories_category_idx').on(t.categoryId, t.productId),
  ],
);

export const variants = pgTable(
  'variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    flavorId: text('flavor_id')
      .notNull()
      .references(() => flavors.id),
    size: text('size').notNull(),
    sku: text('sku').notNull(),
    translations: translations<'size'>(),
    price: integer('price').notNull(),
    compareAtPrice: integer('compare_at_price'),
    stock: integer('stock').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('variants_sku_key').on(t.sku),
    uniqueIndex('variants_product_flavor_size_key').on(t.productId, t.flavorId, t.size),
    index('variants_flavor_idx').on(t.flavorId),
    check('variants_stock_non_negative', sql`${t.stock} >= 0`),
    check('variants_price_positive', sql`${t.price} > 0`),
  ],
);

/** Distinct normalised words of the catalog, used to correct misspelt search terms. */
export const searchTerms = pgTable(
  'search_terms',
  {
    /** The language whose texts the word is from: each language corrects to its own words. */
    locale: text('locale').notNull().default('en-CA'),
    term: text('term').notNull(),
    frequency: integer('frequency').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.locale, t.term] }),
    index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
    check('search_terms_locale', localeCheck(t.locale)),
  ],
);

/** Every stock change made by staff, with why and by whom. */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: text('id').primaryKey(),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** Units added (positive) or taken away (negative). */
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The request's Idempotency-Key: a retry of the same adjustment finds it, applied once. */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_adjustments_variant_idx').on(t.variantId, t.createdAt),
    uniqueIndex('stock_adjustments_variant_key').on(t.variantId, t.key),
    check('stock_adjustments_stock_after_non_negative', sql`${t.stockAfter} >= 0`),
  ],
);
