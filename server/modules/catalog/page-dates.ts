/**
 * When the catalog's pages last changed, as queries for others to compose (the sitemaps).
 *
 * The catalog has no updated-at column: a product's content is written when it is created, and
 * only its stock and price roll-ups change afterwards (which a crawler need not be told of). So
 * a product's date is its `created_at`, and a listing's is that of the newest product it shows.
 * "Active" is what the storefront means by it: `is_active`, the product page's own test.
 */
import { sql } from 'drizzle-orm';
import { brands, categories, flavors, productCategories, products, variants } from './tables.ts';

/** The `created_at` of the newest active product, as a scalar subquery. */
export const newestActiveProduct = sql`(select max(p.created_at) from ${products} p where p.is_active)`;

/**
 * Each page kind's rows `key` (the slug of the page) and `lastmod` (the `created_at` of the
 * newest active product it shows; null when it shows none).
 */
export const CATALOG_PAGE_DATES = {
  products: sql`select p.slug as key, p.created_at as lastmod from ${products} p where p.is_active`,
  categories: sql`select c.slug as key, (
      select max(p.created_at) from ${productCategories} pc
      join ${products} p on p.id = pc.product_id
      where pc.category_id = c.id and p.is_active
    ) as lastmod
    from ${categories} c`,
  brands: sql`select b.slug as key, (
      select max(p.created_at) from ${products} p where p.brand_id = b.id and p.is_active
    ) as lastmod
    from ${brands} b`,
  /** A flavor page lists the active products with an active variant of that flavor. */
  flavors: sql`select f.slug as key, (
      select max(p.created_at) from ${products} p
      where p.is_active and exists (
        select 1 from ${variants} v where v.product_id = p.id and v.flavor_id = f.id and v.is_active
      )
    ) as lastmod
    from ${flavors} f`,
};
