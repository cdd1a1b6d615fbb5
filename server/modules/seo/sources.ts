import { sql, type SQL } from 'drizzle-orm';
import {
  brands,
  categories,
  flavors,
  productCategories,
  products,
  variants,
} from '../catalog/tables.ts';

/**
 * One kind of page the sitemaps list. Its rows become the child sitemaps `<kind>-1.xml`,
 * `<kind>-2.xml`, … under `/sitemaps/`, in order of their key.
 */
export interface SitemapSource {
  /** The children's name: `/sitemaps/<kind>-<n>.xml`; lower-case letters only. */
  kind: string;
  /** The shop's path of the page a row stands for. */
  path(key: string): string;
  /**
   * A query of two columns: `key` (unique text: a slug, or for the information pages their path)
   * and `lastmod` (a timestamptz, or null when nothing says when the page last changed). Only
   * these two columns are ever read, whatever the size of the table behind them.
   */
  rows: SQL;
}

/**
 * The information pages, in the shop's own words. `/` lists the newest products, so its lastmod
 * is the catalog's newest product; the others are text that changes only with a release of the
 * shop, which the database knows nothing of, so they carry no lastmod.
 */
export const INFORMATION_PAGES = [
  '/',
  '/about',
  '/contact',
  '/consultancy',
  '/brands',
  '/privacy',
  '/returns',
  '/shipping',
  '/discounts',
] as const;

const HOME = '/';

/**
 * The catalog has no updated-at column: a product's content is written when it is created, and
 * only its stock and price roll-ups change afterwards (which a crawler need not be told of). So
 * a product's lastmod is its `created_at`, and a listing's is that of the newest product it
 * shows. "Active" is what the storefront means by it: `is_active`, the product page's own test.
 */
const newestActiveProduct = sql`(select max(p.created_at) from ${products} p where p.is_active)`;

/** A page address under `prefix` for a slug, percent-encoded so any slug makes a valid URL. */
const slugPath = (prefix: string) => (slug: string) => `${prefix}${encodeURIComponent(slug)}`;

const informationPages: SitemapSource = {
  kind: 'pages',
  path: (key) => key,
  rows: sql`select page.key, case when page.key = ${HOME} then ${newestActiveProduct} end as lastmod
    from (values ${sql.join(
      INFORMATION_PAGES.map((path) => sql`(${path}::text)`),
      sql`, `,
    )}) as page(key)`,
};

const productPages: SitemapSource = {
  kind: 'products',
  path: slugPath('/product/'),
  rows: sql`select p.slug as key, p.created_at as lastmod from ${products} p where p.is_active`,
};

const categoryPages: SitemapSource = {
  kind: 'categories',
  path: slugPath('/category/'),
  rows: sql`select c.slug as key, (
      select max(p.created_at) from ${productCategories} pc
      join ${products} p on p.id = pc.product_id
      where pc.category_id = c.id and p.is_active
    ) as lastmod
    from ${categories} c`,
};

const brandPages: SitemapSource = {
  kind: 'brands',
  path: slugPath('/brand/'),
  rows: sql`select b.slug as key, (
      select max(p.created_at) from ${products} p where p.brand_id = b.id and p.is_active
    ) as lastmod
    from ${brands} b`,
};

/** A flavor page lists the active products with an active variant of that flavor. */
const flavorPages: SitemapSource = {
  kind: 'flavors',
  path: slugPath('/flavor/'),
  rows: sql`select f.slug as key, (
      select max(p.created_at) from ${products} p
      where p.is_active and exists (
        select 1 from ${variants} v where v.product_id = p.id and v.flavor_id = f.id and v.is_active
      )
    ) as lastmod
    from ${flavors} f`,
};

/** Every kind of page the sitemaps list, in the order the index names them. */
export const SITEMAP_SOURCES: readonly SitemapSource[] = [
  informationPages,
  categoryPages,
  brandPages,
  flavorPages,
  productPages,
];
