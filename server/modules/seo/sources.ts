import { sql, type SQL } from 'drizzle-orm';
import { CATALOG_PAGE_DATES, newestActiveProduct } from '../catalog/page-dates.ts';

/**
 * One kind of page the sitemaps list. Its rows become the child sitemaps `<kind>-1.xml`,
 * `<kind>-2.xml`, … under `/sitemaps/`, in order of their key.
 */
export interface SitemapSource {
  /** The children's name: `/sitemaps/<kind>-<n>.xml`; lower-case letters only. */
  kind: string;
  /**
   * The shop's path of the page a row stands for, in English (the path the routes know); the
   * sitemaps list its French twin (`/fr` + the path) beside it.
   */
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
  '/terms',
] as const;

const HOME = '/';

// A catalog page's lastmod is the `created_at` of the newest active product it shows
// (catalog/page-dates.ts says why).

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
  rows: CATALOG_PAGE_DATES.products,
};

const categoryPages: SitemapSource = {
  kind: 'categories',
  path: slugPath('/category/'),
  rows: CATALOG_PAGE_DATES.categories,
};

const brandPages: SitemapSource = {
  kind: 'brands',
  path: slugPath('/brand/'),
  rows: CATALOG_PAGE_DATES.brands,
};

/** A flavor page lists the active products with an active variant of that flavor. */
const flavorPages: SitemapSource = {
  kind: 'flavors',
  path: slugPath('/flavor/'),
  rows: CATALOG_PAGE_DATES.flavors,
};

/** Every kind of page the sitemaps list, in the order the index names them. */
export const SITEMAP_SOURCES: readonly SitemapSource[] = [
  informationPages,
  categoryPages,
  brandPages,
  flavorPages,
  productPages,
];
