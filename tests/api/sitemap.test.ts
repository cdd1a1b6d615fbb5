import { eq, inArray, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import {
  brands,
  categories,
  flavors,
  productCategories,
  products,
  variants,
} from '../../server/modules/catalog/tables.ts';
import seoRoutes, {
  SITEMAP_CACHE_MS,
  type SeoRouteOptions,
} from '../../server/modules/seo/routes.ts';
import { SITEMAP_MAX_URLS } from '../../server/modules/seo/service.ts';
import { INFORMATION_PAGES } from '../../server/modules/seo/sources.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ORIGIN = 'https://shop.forge.test';
const XML_TYPE = 'application/xml; charset=utf-8';
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** A product whose slug needs percent-encoding, and the newest of the catalog (home's lastmod). */
const AMPERSAND_SLUG = 'protein&more';
const NEWEST_CREATED_AT = new Date('2031-02-03T04:05:06.789Z');
/** A brand whose only product is hidden: listed, but with nothing to date it by. */
const QUIET_BRAND = 'seo-quiet-labs';
const HIDDEN_SLUG = 'seo-hidden-bar';
/** A flavor whose only variant is inactive: listed, but no product shows it. */
const RETIRED_FLAVOR = 'seo-retired';
const DEACTIVATED = 3;

let t: TestApp;
let deactivated: string[];

async function addFixtures(db: Database): Promise<void> {
  await seedCatalog(db, { products: 60 });
  const [brand] = await db.select({ id: brands.id }).from(brands).limit(1);
  await db
    .insert(brands)
    .values({ id: 'brand_seo_quiet', slug: QUIET_BRAND, name: 'Quiet Labs', color: '#123456' });
  await db.insert(products).values([
    {
      id: 'prod_seo_amp',
      slug: AMPERSAND_SLUG,
      name: 'Protein & More',
      brandId: brand!.id,
      createdAt: NEWEST_CREATED_AT,
    },
    {
      id: 'prod_seo_hidden',
      slug: HIDDEN_SLUG,
      name: 'Hidden Bar',
      brandId: 'brand_seo_quiet',
      isActive: false,
    },
  ]);
  // The new product sells one seeded flavor; another flavor it once had is retired.
  const [flavor] = await db.select({ id: flavors.id }).from(flavors).limit(1);
  await db
    .insert(flavors)
    .values({ id: 'flv_seo_retired', slug: RETIRED_FLAVOR, name: 'Retired', color: '#654321' });
  await db.insert(variants).values([
    {
      id: 'var_seo_amp',
      productId: 'prod_seo_amp',
      flavorId: flavor!.id,
      size: '1 kg',
      sku: 'SEO-AMP-1',
      price: 2999,
    },
    {
      id: 'var_seo_old',
      productId: 'prod_seo_amp',
      flavorId: 'flv_seo_retired',
      size: '1 kg',
      sku: 'SEO-AMP-2',
      price: 2999,
      isActive: false,
    },
  ]);
  const seeded = await db.select({ slug: products.slug }).from(products).orderBy(products.id);
  deactivated = seeded.slice(0, DEACTIVATED).map((row) => row.slug);
  await db.update(products).set({ isActive: false }).where(inArray(products.slug, deactivated));
}

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_ORIGIN: ORIGIN }, prepare: (d) => addFixtures(d.db) });
});
afterAll(() => t.close());

/** The routes alone on the test database, with another origin, limit or clock. */
async function seoApp(origin: string, options: SeoRouteOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('config', { ...t.config, publicOrigin: origin });
  app.decorate('db', t.db);
  await app.register(seoRoutes, options);
  await app.ready();
  return app;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

interface Entry {
  loc: string;
  lastmod: string | null;
  /** The page's twins, `[hreflang, href]`, as its `<xhtml:link>`s name them in order. */
  alternates: [hreflang: string, href: string][];
}

/** The `<url>` or `<sitemap>` entries of a document, unescaped. */
function entries(xml: string, tag: 'url' | 'sitemap'): Entry[] {
  const pattern = new RegExp(
    `<${tag}><loc>([^<]*)</loc>(?:<lastmod>([^<]*)</lastmod>)?((?:<xhtml:link [^>]*/>)*)</${tag}>`,
    'g',
  );
  const entryCount = xml.split(`<${tag}>`).length - 1;
  const found = [...xml.matchAll(pattern)].map((m) => ({
    loc: unescapeXml(m[1]!),
    lastmod: m[2] === undefined ? null : unescapeXml(m[2]),
    alternates: [
      ...m[3]!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]*)" href="([^"]*)"\/>/g),
    ].map((link): [string, string] => [unescapeXml(link[1]!), unescapeXml(link[2]!)]),
  }));
  // Every entry has the shape read here: none is skipped unseen.
  expect(found).toHaveLength(entryCount);
  return found;
}

/** The French twin of an English address, written out here rather than by contract/locale.ts. */
function frenchOf(origin: string, loc: string): string {
  const path = loc.slice(origin.length);
  return `${origin}/fr${path === '/' ? '' : path}`;
}

const isFrench = (origin: string, loc: string) =>
  loc === `${origin}/fr` || loc.startsWith(`${origin}/fr/`);

/** Every child of the index with its pages. */
async function crawl(app: FastifyInstance, origin: string) {
  const index = await app.inject('/sitemap.xml');
  expect(index.statusCode).toBe(200);
  const children = [];
  for (const child of entries(index.body, 'sitemap')) {
    expect(child.loc.startsWith(`${origin}/sitemaps/`)).toBe(true);
    const res = await app.inject(child.loc.slice(origin.length));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.body).toContain(
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    );
    children.push({
      ...child,
      name: child.loc.slice(`${origin}/sitemaps/`.length),
      pages: entries(res.body, 'url'),
    });
  }
  return children;
}

/** The slugs of the pages under `prefix` (`/product/`) across the children, in the order listed. */
function slugsUnder(pages: Entry[], origin: string, prefix: string): string[] {
  const start = `${origin}${prefix}`;
  return pages
    .filter((page) => page.loc.startsWith(start))
    .map((page) => decodeURIComponent(page.loc.slice(start.length)));
}

const w3c = (date: Date) => date.toISOString().slice(0, 19) + 'Z';
const sorted = (values: string[]) => [...values].sort();

async function activeProducts(): Promise<{ slug: string; createdAt: Date }[]> {
  return t.db
    .select({ slug: products.slug, createdAt: products.createdAt })
    .from(products)
    .where(eq(products.isActive, true));
}

/** Each slug's newest active product, computed here from plain rows rather than by the server's SQL. */
function newestBySlug(all: string[], rows: { slug: string; createdAt: Date }[]) {
  const newest = new Map<string, string | null>(all.map((slug) => [slug, null]));
  for (const row of rows) {
    const current = newest.get(row.slug);
    const candidate = w3c(row.createdAt);
    if (!current || candidate > current) newest.set(row.slug, candidate);
  }
  return newest;
}

describe('robots.txt', () => {
  test('allows the shop, keeps crawlers off private paths, and names the sitemap on the public origin', async () => {
    const res = await t.app.inject({
      url: '/robots.txt',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines.slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    // Only the API: a page blocked here is one search engines call unreachable, private or not.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual(['Disallow: /api/']);
    expect(lines.filter((line) => line.startsWith('Sitemap:'))).toEqual([
      `Sitemap: ${ORIGIN}/sitemap.xml`,
    ]);
    expect(res.body).not.toContain('attacker');
  });

  test('carries an ETag and answers 304 to it; HEAD answers the headers alone', async () => {
    const first = await t.app.inject('/robots.txt');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({ url: '/robots.txt', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/robots.txt' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(etag);
  });
});

describe('the sitemap index', () => {
  test('is a sitemapindex listing one child per kind of page at the full limit', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml', headers: { host: 'attacker.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XML_TYPE);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
    expect(res.body).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    );
    expect(entries(res.body, 'sitemap').map((child) => child.loc)).toEqual(
      ['pages', 'categories', 'brands', 'flavors', 'products'].map(
        (kind) => `${ORIGIN}/sitemaps/${kind}-1.xml`,
      ),
    );
    expect(res.body).not.toContain('attacker');
  });

  test("each child's lastmod is the latest of its pages", async () => {
    for (const child of await crawl(t.app, ORIGIN)) {
      const dates = child.pages.flatMap((page) => (page.lastmod ? [page.lastmod] : []));
      expect(child.lastmod, child.name).toBe(dates.length ? sorted(dates).at(-1) : null);
    }
  });
});

describe('the child sitemaps, against the database', () => {
  test('list every active product exactly once, with its time, and no hidden one', async () => {
    const pages = (await crawl(t.app, ORIGIN)).flatMap((child) => child.pages);
    const listed = slugsUnder(pages, ORIGIN, '/product/');
    expect(new Set(listed).size).toBe(listed.length);
    const active = await activeProducts();
    expect(sorted(listed)).toEqual(sorted(active.map((row) => row.slug)));
    for (const slug of [...deactivated, HIDDEN_SLUG]) expect(listed).not.toContain(slug);
    expect(listed).toContain(AMPERSAND_SLUG);

    const created = new Map(active.map((row) => [row.slug, w3c(row.createdAt)]));
    for (const page of pages.filter((p) => p.loc.startsWith(`${ORIGIN}/product/`))) {
      const slug = decodeURIComponent(page.loc.slice(`${ORIGIN}/product/`.length));
      expect(page.lastmod, slug).toBe(created.get(slug));
    }
  });

  test('list every category, brand and flavor, dated by its newest active product', async () => {
    const pages = (await crawl(t.app, ORIGIN)).flatMap((child) => child.pages);
    const active = eq(products.isActive, true);
    const kinds = [
      {
        prefix: '/category/',
        all: await t.db.select({ slug: categories.slug }).from(categories),
        dated: await t.db
          .select({ slug: categories.slug, createdAt: products.createdAt })
          .from(productCategories)
          .innerJoin(categories, eq(categories.id, productCategories.categoryId))
          .innerJoin(products, eq(products.id, productCategories.productId))
          .where(active),
      },
      {
        prefix: '/brand/',
        all: await t.db.select({ slug: brands.slug }).from(brands),
        dated: await t.db
          .select({ slug: brands.slug, createdAt: products.createdAt })
          .from(products)
          .innerJoin(brands, eq(brands.id, products.brandId))
          .where(active),
      },
      {
        prefix: '/flavor/',
        all: await t.db.select({ slug: flavors.slug }).from(flavors),
        dated: await t.db
          .select({ slug: flavors.slug, createdAt: products.createdAt })
          .from(variants)
          .innerJoin(flavors, eq(flavors.id, variants.flavorId))
          .innerJoin(products, eq(products.id, variants.productId))
          .where(sql`${products.isActive} and ${variants.isActive}`),
      },
    ];
    for (const { prefix, all, dated } of kinds) {
      const listed = slugsUnder(pages, ORIGIN, prefix);
      expect(all.length, prefix).toBeGreaterThan(0);
      expect(sorted(listed), prefix).toEqual(sorted(all.map((row) => row.slug)));
      const newest = newestBySlug(
        all.map((row) => row.slug),
        dated,
      );
      for (const page of pages.filter((p) => p.loc.startsWith(`${ORIGIN}${prefix}`))) {
        const slug = decodeURIComponent(page.loc.slice(`${ORIGIN}${prefix}`.length));
        expect(page.lastmod, `${prefix}${slug}`).toBe(newest.get(slug));
      }
    }
    for (const loc of [`${ORIGIN}/brand/${QUIET_BRAND}`, `${ORIGIN}/flavor/${RETIRED_FLAVOR}`]) {
      expect(pages.find((page) => page.loc === loc)).toMatchObject({ loc, lastmod: null });
    }
  });

  test('list the information pages; home is dated by the newest active product', async () => {
    const children = await crawl(t.app, ORIGIN);
    const pages = children.find((child) => child.name === 'pages-1.xml')!.pages;
    // Each in English and in French (`/fr` is the French home).
    expect(sorted(pages.map((page) => page.loc))).toEqual(
      sorted(
        INFORMATION_PAGES.flatMap((path) => [
          `${ORIGIN}${path}`,
          `${ORIGIN}/fr${path === '/' ? '' : path}`,
        ]),
      ),
    );
    const home = pages.find((page) => page.loc === `${ORIGIN}/`);
    expect(home?.lastmod).toBe(w3c(NEWEST_CREATED_AT));
    expect(pages.find((page) => page.loc === `${ORIGIN}/fr`)?.lastmod).toBe(w3c(NEWEST_CREATED_AT));
    for (const path of [
      '/about',
      '/contact',
      '/consultancy',
      '/brands',
      '/privacy',
      '/returns',
      '/shipping',
      '/discounts',
      '/terms',
    ]) {
      expect(pages.map((page) => page.loc)).toContain(`${ORIGIN}${path}`);
    }
  });

  test('every lastmod given is a W3C datetime, and every page is on the public origin', async () => {
    const children = await crawl(t.app, ORIGIN);
    for (const entry of [...children, ...children.flatMap((child) => child.pages)]) {
      expect(entry.loc.startsWith(`${ORIGIN}/`)).toBe(true);
      if (entry.lastmod !== null) expect(entry.lastmod).toMatch(W3C_DATETIME);
      for (const [, href] of entry.alternates) expect(href.startsWith(`${ORIGIN}/`)).toBe(true);
    }
    const products = children.filter((child) => child.name.startsWith('products-'));
    expect(products.flatMap((child) => child.pages).every((page) => page.lastmod)).toBe(true);
  });
});

describe('both languages', () => {
  test('every page is listed in English and in French, each naming both twins and x-default', async () => {
    const children = await crawl(t.app, ORIGIN);
    let english = 0;
    for (const child of children) {
      const byLoc = new Map(child.pages.map((page) => [page.loc, page]));
      expect(byLoc.size, child.name).toBe(child.pages.length);
      for (const page of child.pages.filter((entry) => !isFrench(ORIGIN, entry.loc))) {
        english += 1;
        const frenchLoc = frenchOf(ORIGIN, page.loc);
        // The twin is in the same child, with the same date.
        const twin = byLoc.get(frenchLoc);
        expect(twin, `${child.name} ${frenchLoc}`).toBeDefined();
        expect(twin!.lastmod, frenchLoc).toBe(page.lastmod);
        const alternates = [
          ['en-CA', page.loc],
          ['fr-CA', frenchLoc],
          ['x-default', page.loc],
        ];
        expect(page.alternates, page.loc).toEqual(alternates);
        expect(twin!.alternates, frenchLoc).toEqual(alternates);
      }
      // Nothing French without its English page.
      expect(child.pages.length, child.name).toBe(
        2 * child.pages.filter((entry) => !isFrench(ORIGIN, entry.loc)).length,
      );
    }
    expect(english).toBeGreaterThan(0);

    // Every product, category, brand, flavor and information page has its French address listed.
    const pages = children.flatMap((child) => child.pages);
    const active = await activeProducts();
    expect(sorted(slugsUnder(pages, ORIGIN, '/fr/product/'))).toEqual(
      sorted(active.map((row) => row.slug)),
    );
    expect(slugsUnder(pages, ORIGIN, '/fr/product/')).toContain(AMPERSAND_SLUG);
    for (const [prefix, table] of [
      ['category', categories],
      ['brand', brands],
      ['flavor', flavors],
    ] as const) {
      const all = await t.db.select({ slug: table.slug }).from(table);
      expect(sorted(slugsUnder(pages, ORIGIN, `/fr/${prefix}/`)), prefix).toEqual(
        sorted(all.map((row) => row.slug)),
      );
    }
    for (const path of INFORMATION_PAGES) {
      expect(pages.map((page) => page.loc)).toContain(`${ORIGIN}/fr${path === '/' ? '' : path}`);
    }
  });
});

describe('split by the limit', () => {
  const LIMIT = 7;

  test('the default is the protocol’s 50,000', () => {
    expect(SITEMAP_MAX_URLS).toBe(50_000);
  });

  /**
   * Each row is a page in two languages, two `<url>` entries, so a child of at most LIMIT URLs takes
   * LIMIT / 2 rows, rounded down.
   */
  const ROWS = Math.floor(LIMIT / 2);

  test(`at ${LIMIT} URLs a child, every kind splits into full runs and nothing is lost or repeated`, async () => {
    const app = await seoApp(ORIGIN, { maxUrls: LIMIT });
    try {
      const children = await crawl(app, ORIGIN);
      const active = await activeProducts();
      const productChildren = children.filter((child) => child.name.startsWith('products-'));
      expect(productChildren.map((child) => child.name)).toEqual(
        Array.from({ length: Math.ceil(active.length / ROWS) }, (_, i) => `products-${i + 1}.xml`),
      );
      const pageChildren = children.filter((child) => child.name.startsWith('pages-'));
      expect(pageChildren.map((child) => child.pages.length)).toEqual(
        Array.from(
          { length: Math.ceil(INFORMATION_PAGES.length / ROWS) },
          (_, i) => 2 * Math.min(ROWS, INFORMATION_PAGES.length - i * ROWS),
        ),
      );
      for (const child of children) {
        expect(child.pages.length, child.name).toBeGreaterThan(0);
        expect(child.pages.length, child.name).toBeLessThanOrEqual(LIMIT);
        const dates = child.pages.flatMap((page) => (page.lastmod ? [page.lastmod] : []));
        expect(child.lastmod, child.name).toBe(dates.length ? sorted(dates).at(-1) : null);
      }
      const listed = slugsUnder(
        children.flatMap((child) => child.pages),
        ORIGIN,
        '/product/',
      );
      expect(listed).toHaveLength(active.length);
      expect(sorted(listed)).toEqual(sorted(active.map((row) => row.slug)));
      const listedFrench = slugsUnder(
        children.flatMap((child) => child.pages),
        ORIGIN,
        '/fr/product/',
      );
      expect(sorted(listedFrench)).toEqual(sorted(listed));
      // A page and its twin share a child.
      for (const child of children) {
        const locs = new Set(child.pages.map((page) => page.loc));
        for (const page of child.pages.filter((entry) => !isFrench(ORIGIN, entry.loc))) {
          expect(locs.has(frenchOf(ORIGIN, page.loc)), page.loc).toBe(true);
        }
      }
      const [categoryCount] = await t.db.select({ n: sql<number>`count(*)::int` }).from(categories);
      expect(children.filter((child) => child.name.startsWith('categories-'))).toHaveLength(
        Math.ceil(categoryCount!.n / ROWS),
      );
      const beyond = await app.inject(`/sitemaps/products-${productChildren.length + 1}.xml`);
      expect(beyond.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe('caching', () => {
  test('the index and a child carry a strong ETag and Cache-Control, and answer 304 to it', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/products-1.xml', '/sitemaps/pages-1.xml']) {
      const first = await t.app.inject(url);
      expect(first.statusCode, url).toBe(200);
      expect(first.headers['cache-control']).toBe(`public, max-age=${SITEMAP_CACHE_MS / 1000}`);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);
      const same = await t.app.inject({ url, headers: { 'if-none-match': etag } });
      expect(same.statusCode, url).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe(etag);
      const weak = await t.app.inject({ url, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(weak.statusCode, url).toBe(304);
      const stale = await t.app.inject({ url, headers: { 'if-none-match': '"other"' } });
      expect(stale.statusCode, url).toBe(200);
      expect(stale.body).toBe(first.body);
    }
  });

  test('HEAD answers the headers of GET without a body', async () => {
    for (const url of ['/sitemap.xml', '/sitemaps/products-1.xml']) {
      const get = await t.app.inject(url);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(head.statusCode, url).toBe(200);
      expect(head.body).toBe('');
      expect(head.headers['content-type']).toBe(XML_TYPE);
      expect(head.headers.etag).toBe(get.headers.etag);
    }
  });

  test('built sitemaps are reused for the cache time, then read again from the database', async () => {
    let now = Date.parse('2030-01-01T00:00:00Z');
    const app = await seoApp(ORIGIN, { clock: () => new Date(now) });
    const [victim] = await activeProducts();
    const listedNow = async () => {
      const res = await app.inject('/sitemaps/products-1.xml');
      return {
        etag: res.headers.etag,
        slugs: slugsUnder(entries(res.body, 'url'), ORIGIN, '/product/'),
      };
    };
    try {
      const before = await listedNow();
      expect(before.slugs).toContain(victim!.slug);
      await t.db.update(products).set({ isActive: false }).where(eq(products.slug, victim!.slug));
      now += SITEMAP_CACHE_MS - 1;
      const cached = await listedNow();
      expect(cached).toEqual(before);
      now += 1;
      const fresh = await listedNow();
      expect(fresh.slugs).not.toContain(victim!.slug);
      expect(fresh.slugs).toHaveLength(before.slugs.length - 1);
      expect(fresh.etag).not.toBe(before.etag);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.slug, victim!.slug));
      await app.close();
    }
  });
});

describe('what is not there, and escaping', () => {
  test('an unknown child sitemap is a 404', async () => {
    for (const name of [
      'products-99.xml',
      'products-0.xml',
      'products-01.xml',
      'products-1',
      'orders-1.xml',
      'sitemap.xml',
    ]) {
      const res = await t.app.inject(`/sitemaps/${name}`);
      expect(res.statusCode, name).toBe(404);
    }
  });

  test('an origin with & is escaped in the XML and left plain in robots.txt; a slug with & is percent-encoded', async () => {
    const origin = 'https://forge&co.example';
    const app = await seoApp(origin);
    try {
      const index = await app.inject('/sitemap.xml');
      expect(index.body).toContain(
        '<loc>https://forge&amp;co.example/sitemaps/products-1.xml</loc>',
      );
      const child = await app.inject('/sitemaps/products-1.xml');
      expect(child.body).toContain(
        `<loc>https://forge&amp;co.example/product/${encodeURIComponent(AMPERSAND_SLUG)}</loc>`,
      );
      expect(child.body).toContain(
        `<loc>https://forge&amp;co.example/fr/product/${encodeURIComponent(AMPERSAND_SLUG)}</loc>`,
      );
      expect(child.body).toContain(
        `<xhtml:link rel="alternate" hreflang="fr-CA" href="https://forge&amp;co.example/fr/product/${encodeURIComponent(AMPERSAND_SLUG)}"/>`,
      );
      for (const body of [index.body, child.body]) {
        expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|#39;)/);
      }
      const robots = await app.inject('/robots.txt');
      expect(robots.body).toContain(`Sitemap: ${origin}/sitemap.xml\n`);
    } finally {
      await app.close();
    }
  });
});
