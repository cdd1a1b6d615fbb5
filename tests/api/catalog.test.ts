import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POPULAR_CATEGORY_SLUGS } from '../../contract/catalog-rules.ts';
import {
  type Brand,
  type Category,
  type Flavor,
  type ProductDetail,
  type ProductSummary,
} from '../../contract/catalog.ts';
import {
  loadProductSummaries,
  refreshProductRollups,
} from '../../server/modules/catalog/service.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { createCatalogTestApp, rowsOf, type TestApp } from '../helpers/test-app.ts';

const SPEC_CATEGORY_SLUGS = [
  'protein-powder',
  'pre-workout',
  'creatine',
  'energy-drink',
  'amino-acids-bcaa-eaa',
  'post-workout',
  'protein-vegan',
  'protein-hydrolized',
  'joint-health',
  'fat-burner',
  'carbs',
];

let t: TestApp;

beforeAll(async () => {
  t = await createCatalogTestApp();
});

afterAll(() => t.close());

async function get<T>(
  url: string,
): Promise<{ status: number; body: T; headers: Record<string, unknown> }> {
  const res = await t.app.inject(url);
  return { status: res.statusCode, body: res.json() as T, headers: res.headers };
}

const rows = <T>(query: ReturnType<typeof sql>) => rowsOf<T>(t.db, query);

const sortedByName = (items: { name: string }[]) =>
  items.map((i) => i.name).every((name, i, all) => i === 0 || all[i - 1]!.localeCompare(name) <= 0);

describe('GET /taxonomy/{name}', () => {
  test('categories: every listed slug, proper names, sorted by name, each menu group filled', async () => {
    const { status, body, headers } = await get<{ success: true; data: Category[] }>(
      '/api/v1/taxonomy/categories',
    );
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const slugs = body.data.map((c) => c.slug);
    for (const slug of SPEC_CATEGORY_SLUGS) expect(slugs).toContain(slug);
    expect(body.data.find((c) => c.slug === 'protein-powder')?.name).toBe('Protein Powder');
    expect(body.data.find((c) => c.slug === 'amino-acids-bcaa-eaa')?.name).toBe(
      'Amino Acids (BCAA/EAA)',
    );
    expect(sortedByName(body.data)).toBe(true);
    expect(headers['cache-control']).toContain('max-age=');

    // The menu: popular ones apart, the rest grouped by first letter.
    const rest = body.data.filter(
      (c) => !(POPULAR_CATEGORY_SLUGS as readonly string[]).includes(c.slug),
    );
    const groups = { 'A-E': /^[A-E]/, 'F-M': /^[F-M]/, 'N-T': /^[N-T]/, 'U-Z': /^[U-Z]/ };
    for (const [group, pattern] of Object.entries(groups)) {
      const members = rest.filter((c) => pattern.test(c.name.toUpperCase()));
      expect(members.length, group).toBeGreaterThanOrEqual(2);
    }
    for (const category of body.data) {
      expect(category._id).toMatch(/^cat_/);
      expect(category.description.length).toBeGreaterThan(10);
      expect(category.image).toMatch(/^\/api\/v1\/images\/categories\/[a-z0-9-]+\/1\.png\?v=/);
    }
  });

  test('brands: at least 20, sorted by name, each with a colour and an image', async () => {
    const { status, body } = await get<{ success: true; data: Brand[] }>('/api/v1/taxonomy/brands');
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(20);
    expect(sortedByName(body.data)).toBe(true);
    for (const brand of body.data) {
      expect(brand.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(brand.image).toMatch(/^\/api\/v1\/images\/brands\//);
    }
  });

  test('flavors: at least 30 with accented names; some without image, all with additionalImages', async () => {
    const { status, body } = await get<{ success: true; data: Flavor[] }>(
      '/api/v1/taxonomy/flavors',
    );
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(30);
    expect(sortedByName(body.data)).toBe(true);
    const names = body.data.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['Crème Brûlée', 'Açaí Berry', 'Piña Colada']));
    expect(body.data.some((f) => f.image === null)).toBe(true);
    expect(body.data.some((f) => f.image !== null)).toBe(true);
    for (const flavor of body.data) {
      expect(flavor.additionalImages.length).toBeGreaterThan(0);
      expect(flavor.additionalImages[0]).toMatch(/^\/api\/v1\/images\/flavors\//);
    }
  });

  test('an unknown taxonomy name is a 404 with a message', async () => {
    const { status, body } = await get<{ success: false; message: string }>(
      '/api/v1/taxonomy/colours',
    );
    expect(status).toBe(404);
    expect(body.success).toBe(false);
    expect(body.message).toContain('colours');
  });
});

describe('GET /products/{identifier}', () => {
  test('by slug: the product with brand, categories, images and variants', async () => {
    const { status, body } = await get<{ success: true; data: ProductDetail }>(
      '/api/v1/products/whey-protein-isolate',
    );
    expect(status).toBe(200);
    const product = body.data;
    expect(product).toMatchObject({
      slug: 'whey-protein-isolate',
      name: 'Whey Protein Isolate',
      brand: { slug: 'ironclad-nutrition', name: 'Ironclad Nutrition' },
      inStock: true,
      onSale: false,
      compareAtPrice: null,
    });
    expect(product._id).toMatch(/^prod_/);
    expect(product.categories.map((c) => c.slug).sort()).toEqual([
      'protein-powder',
      'whey-isolate',
    ]);
    expect(product.images.length).toBeGreaterThanOrEqual(2);
    expect(product.image).toBe(product.images[0]);
    expect(product.description).toContain('Whey Protein Isolate');
    expect(product.nutritionFacts?.rows.length).toBeGreaterThan(0);
    expect(product.tags.length).toBeGreaterThan(0);
    expect(product.variants).toHaveLength(12);
    for (const variant of product.variants) {
      expect(variant).toMatchObject({
        _id: expect.stringMatching(/^var_/),
        sku: expect.any(String),
        flavor: {
          _id: expect.stringMatching(/^flv_/),
          slug: expect.any(String),
          name: expect.any(String),
        },
        size: expect.any(String),
        price: expect.any(Number),
        compareAtPrice: null,
      });
      expect(Number.isInteger(variant.price)).toBe(true);
      expect(variant.stock).toBeGreaterThan(0);
    }
    // Ordered by flavor name in dictionary order (accents ignored), then by price.
    expect([...new Set(product.variants.map((v) => v.flavor.name))]).toEqual([
      'Chocolate',
      'Crème Brûlée',
      'Strawberry',
      'Vanilla',
    ]);
    const chocolatePrices = product.variants
      .filter((v) => v.flavor.name === 'Chocolate')
      .map((v) => v.price);
    expect(chocolatePrices).toEqual([...chocolatePrices].sort((a, b) => a - b));
    expect(product.price).toBe(Math.min(...product.variants.map((v) => v.price)));
    expect(new Date(product.createdAt).toString()).not.toBe('Invalid Date');
  });

  test("each variant shows its own flavor's packshot, one per flavor, then the back of the pack", async () => {
    const { body } = await get<{ data: ProductDetail }>('/api/v1/products/whey-protein-isolate');
    const product = body.data;
    const flavors = [...new Set(product.variants.map((v) => v.flavor.slug))];
    expect(product.images).toHaveLength(flavors.length + 1);
    const packshotOf = new Map<string, string | null>();
    for (const variant of product.variants) {
      const seen = packshotOf.get(variant.flavor.slug);
      // Every size of one flavor shares its tub; no two flavors share one.
      if (seen !== undefined) expect(variant.image).toBe(seen);
      packshotOf.set(variant.flavor.slug, variant.image);
    }
    const packshots = [...packshotOf.values()];
    expect(new Set(packshots).size).toBe(flavors.length);
    expect(packshots.every((url) => url !== null && product.images.includes(url))).toBe(true);
    // The packshot a variant names is drawn in that flavor.
    const vanilla = product.variants.find((v) => v.flavor.slug === 'vanilla')!;
    const svg = await t.app.inject(vanilla.image!.replace('.png', '.svg'));
    expect(svg.body).toContain('— Vanilla</title>');
  });

  test("price is the cheapest variant's; priceVaries tells whether others cost more", async () => {
    const several = await get<{ data: ProductDetail }>('/api/v1/products/whey-protein-isolate');
    const prices = several.body.data.variants.map((v) => v.price);
    expect(several.body.data.price).toBe(Math.min(...prices));
    expect(Math.max(...prices)).toBeGreaterThan(several.body.data.price);
    expect(several.body.data.priceVaries).toBe(true);

    const [single] = await rows<{ slug: string }>(sql`
      select p.slug from products p join variants v on v.product_id = p.id and v.is_active
      where p.is_active group by p.slug having count(distinct v.price) = 1 order by p.slug limit 1`);
    const one = await get<{ data: ProductDetail }>(`/api/v1/products/${single!.slug}`);
    expect(one.body.data.priceVaries).toBe(false);

    // Listings carry the same flag as the product page.
    const listed = await get<{ data: ProductSummary[] }>(
      '/api/v1/products?collection=new&limit=48',
    );
    const withBoth = listed.body.data.filter((p) => p.priceVaries);
    expect(withBoth.length).toBeGreaterThan(0);
    expect(listed.body.data.some((p) => !p.priceVaries)).toBe(true);
  });

  test('by id: the same product', async () => {
    const bySlug = await get<{ data: ProductDetail }>('/api/v1/products/creatine-monohydrate');
    const byId = await get<{ data: ProductDetail }>(`/api/v1/products/${bySlug.body.data._id}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data).toEqual(bySlug.body.data);
  });

  test('an on-sale product carries the compare-at price of its cheapest variant', async () => {
    const { body } = await get<{ data: ProductDetail }>('/api/v1/products/serious-mass-gainer');
    const cheapest = [...body.data.variants].sort((a, b) => a.price - b.price)[0]!;
    expect(body.data.onSale).toBe(true);
    expect(body.data.compareAtPrice).toBe(cheapest.compareAtPrice);
    expect(body.data.compareAtPrice).toBeGreaterThan(body.data.price);
  });

  test('a sold-out product is listed with inStock false and zero stock everywhere', async () => {
    const { status, body } = await get<{ data: ProductDetail }>(
      '/api/v1/products/glucosamine-joint-complex',
    );
    expect(status).toBe(200);
    expect(body.data.inStock).toBe(false);
    expect(body.data.variants.every((v) => v.stock === 0)).toBe(true);
  });

  test('an unknown product is a 404 "Product not found"', async () => {
    const { status, body } = await get<{ success: false; message: string }>(
      '/api/v1/products/no-such-product',
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'not_found', message: 'Product not found' });
  });

  test('an inactive product is a 404 by slug and by id', async () => {
    const [row] = await t.db
      .update(products)
      .set({ isActive: false })
      .where(eq(products.slug, 'thermo-shred'))
      .returning({ id: products.id });
    try {
      expect((await get('/api/v1/products/thermo-shred')).status).toBe(404);
      expect((await get(`/api/v1/products/${row!.id}`)).status).toBe(404);
      expect((await get('/api/v1/products/thermo-shred/suggested')).status).toBe(404);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, row!.id));
    }
  });
});

describe('GET /products?collection=', () => {
  test('top: 12 by default, in-stock products first, then by rating', async () => {
    const { status, body } = await get<{ success: true; data: ProductSummary[] }>(
      '/api/v1/products?collection=top',
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(12);
    expect(body.data.every((p) => p.inStock)).toBe(true);
    const ratings = body.data.map((p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const [best] = await rows<{ rating: number }>(
      sql`select max(rating)::float8 as rating from products where is_active and in_stock`,
    );
    expect(ratings[0]).toBeCloseTo(best!.rating, 1);
  });

  test('new: newest first, honouring limit', async () => {
    const { body } = await get<{ data: ProductSummary[] }>(
      '/api/v1/products?collection=new&limit=5',
    );
    expect(body.data).toHaveLength(5);
    const dates = body.data.map((p) => Date.parse(p.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const [newest] = await rows<{ slug: string }>(
      sql`select slug from products where is_active order by created_at desc limit 1`,
    );
    expect(body.data[0]!.slug).toBe(newest!.slug);
  });

  test('bestsellers: most sold first', async () => {
    const { body } = await get<{ data: ProductSummary[] }>(
      '/api/v1/products?collection=bestsellers&limit=48',
    );
    expect(body.data).toHaveLength(48);
    const sold = await rows<{ slug: string }>(
      sql`select slug from products where is_active and in_stock order by sold_count desc, id limit 3`,
    );
    expect(body.data.slice(0, 3).map((p) => p.slug)).toEqual(sold.map((s) => s.slug));
  });

  test('summaries have the card shape: the main image only, in listings and search answers', async () => {
    const { body } = await get<{ data: ProductSummary[] }>(
      '/api/v1/products?collection=new&limit=48',
    );
    const { body: found } = await get<{ results: { products: ProductSummary[] } }>(
      '/api/v1/search/products?limit=48',
    );
    expect(found.results.products.length).toBeGreaterThan(0);
    for (const product of [...body.data, ...found.results.products]) {
      expect(Object.keys(product).sort()).toEqual(
        [
          '_id',
          'brand',
          'categories',
          'compareAtPrice',
          'createdAt',
          'image',
          'inStock',
          'name',
          'onSale',
          'price',
          'priceVaries',
          'rating',
          'reviewCount',
          'slug',
        ].sort(),
      );
      expect(product.price).toBeGreaterThan(0);
      expect(product.onSale).toBe(product.compareAtPrice !== null);
      expect(product.categories.length).toBeGreaterThan(0);
    }
  });

  test('without a collection the top products are listed', async () => {
    const top = await get<{ data: ProductSummary[] }>('/api/v1/products?collection=top');
    const plain = await get<{ data: ProductSummary[] }>('/api/v1/products');
    expect(plain.status).toBe(200);
    expect(plain.body.data.map((p) => p._id)).toEqual(top.body.data.map((p) => p._id));
  });

  test('an unknown collection is a 400 naming collection', async () => {
    const { status, body } = await get<{ message: string; errors: { path: string }[] }>(
      '/api/v1/products?collection=cheapest',
    );
    expect(status).toBe(400);
    expect(body.message).toContain('collection');
    expect(body.errors[0]!.path).toBe('querystring.collection');
  });

  test('a limit over 48 or under 1 is a 400 naming limit', async () => {
    for (const limit of ['49', '0', 'many']) {
      const { status, body } = await get<{ errors: { path: string }[] }>(
        `/api/v1/products?collection=top&limit=${limit}`,
      );
      expect(status, limit).toBe(400);
      expect(body.errors[0]!.path).toBe('querystring.limit');
    }
  });
});

describe('GET /products/{identifier}/suggested', () => {
  test('related products share a category or the brand, exclude the product, in stock first', async () => {
    const { body: detail } = await get<{ data: ProductDetail }>(
      '/api/v1/products/whey-protein-isolate',
    );
    const { status, body } = await get<{ success: true; data: ProductSummary[] }>(
      '/api/v1/products/whey-protein-isolate/suggested',
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(8);
    const categoryIds = new Set(detail.data.categories.map((c) => c._id));
    for (const product of body.data) {
      expect(product.slug).not.toBe('whey-protein-isolate');
      const related =
        product.brand._id === detail.data.brand._id ||
        product.categories.some((c) => categoryIds.has(c._id));
      expect(related, product.slug).toBe(true);
    }
    const stock = body.data.map((p) => p.inStock);
    expect(stock).toEqual([...stock].sort((a, b) => Number(b) - Number(a)));
    // Both of its categories shared ranks above one shared.
    expect(body.data[0]!.categories.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['protein-powder', 'whey-isolate']),
    );
  });

  test('limit is honoured and bounded', async () => {
    const { body } = await get<{ data: ProductSummary[] }>(
      '/api/v1/products/creatine-monohydrate/suggested?limit=3',
    );
    expect(body.data).toHaveLength(3);
    expect((await get('/api/v1/products/creatine-monohydrate/suggested?limit=100')).status).toBe(
      400,
    );
  });

  test('an unknown product is a 404', async () => {
    const { status, body } = await get<{ message: string }>('/api/v1/products/nope/suggested');
    expect(status).toBe(404);
    expect(body.message).toBe('Product not found');
  });
});

describe('seed invariants', () => {
  test('counts: 200 products, 20+ brands, 30+ flavors, several variants each', async () => {
    const [counts] = await rows<{
      products: number;
      brands: number;
      flavors: number;
      fewest: number;
    }>(sql`
      select (select count(*)::int from products) as products,
             (select count(*)::int from brands) as brands,
             (select count(*)::int from flavors) as flavors,
             (select min(n)::int from (select count(*) as n from variants group by product_id) v) as fewest`);
    expect(counts).toEqual({ products: 200, brands: 24, flavors: 35, fewest: 2 });
  });

  test('some products are out of stock, some variants out of stock, some on sale', async () => {
    const [r] = await rows<{ soldOut: number; emptyVariants: number; onSale: number }>(sql`
      select (select count(*)::int from products where not in_stock) as "soldOut",
             (select count(*)::int from variants where stock = 0) as "emptyVariants",
             (select count(distinct product_id)::int from variants
                where compare_at_price > price) as "onSale"`);
    expect(r!.soldOut).toBeGreaterThanOrEqual(2);
    expect(r!.emptyVariants).toBeGreaterThan(r!.soldOut);
    expect(r!.onSale).toBeGreaterThanOrEqual(10);
  });

  test('product price and in-stock flag match their variants', async () => {
    const mismatches = await rows<{ slug: string }>(sql`
      select p.slug from products p join (
        select product_id, min(price) filter (where is_active) as price,
               coalesce(bool_or(stock > 0) filter (where is_active), false) as in_stock
        from variants group by product_id) v on v.product_id = p.id
      where p.price <> v.price or p.in_stock <> v.in_stock`);
    expect(mismatches).toEqual([]);
  });

  test('SKUs and slugs are unique and variants cover flavor × size', async () => {
    const [r] = await rows<{ skus: number; distinctSkus: number }>(sql`
      select count(*)::int as skus, count(distinct sku)::int as "distinctSkus" from variants`);
    expect(r!.skus).toBe(r!.distinctSkus);
  });

  test('products have search documents once seeded', async () => {
    const [r] = await rows<{ missing: number }>(
      sql`select count(*)::int as missing from products where search_vector is null`,
    );
    expect(r!.missing).toBe(0);
  });
});

describe('refreshProductRollups and loadProductSummaries', () => {
  test('a price or stock change is reflected in the product after a refresh', async () => {
    const [product] = await t.db
      .select({ id: products.id, price: products.price, inStock: products.inStock })
      .from(products)
      .where(eq(products.slug, 'bcaa-recovery'));
    const productVariants = await t.db
      .select()
      .from(variants)
      .where(eq(variants.productId, product!.id));
    const cheapest = [...productVariants].sort((a, b) => a.price - b.price)[0]!;
    await t.db.transaction(async (tx) => {
      await tx.update(variants).set({ price: 199, stock: 0 }).where(eq(variants.id, cheapest.id));
      await refreshProductRollups(tx, [product!.id]);
    });
    const [after] = await t.db
      .select({ price: products.price, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, product!.id));
    const othersInStock = productVariants.some(
      (v) => v.id !== cheapest.id && v.isActive && v.stock > 0,
    );
    expect(after).toEqual({ price: 199, inStock: othersInStock });

    await t.db
      .update(variants)
      .set({ price: cheapest.price, stock: cheapest.stock })
      .where(eq(variants.id, cheapest.id));
    await refreshProductRollups(t.db);
    const [restored] = await t.db
      .select({ price: products.price, inStock: products.inStock })
      .from(products)
      .where(eq(products.id, product!.id));
    expect(restored).toEqual({ price: product!.price, inStock: product!.inStock });
  });

  test('deactivating every variant leaves the product with no stock', async () => {
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'volt-energy-drink'));
    await t.db.update(variants).set({ isActive: false }).where(eq(variants.productId, product!.id));
    await refreshProductRollups(t.db, [product!.id]);
    const [summary] = await loadProductSummaries(t.db, [product!.id], 'en-CA');
    expect(summary!.inStock).toBe(false);
    await t.db.update(variants).set({ isActive: true }).where(eq(variants.productId, product!.id));
    await refreshProductRollups(t.db, [product!.id]);
    const [again] = await loadProductSummaries(t.db, [product!.id], 'en-CA');
    expect(again!.inStock).toBe(true);
  });

  test('summaries come back in the order of the ids asked for, unknown ids skipped', async () => {
    const some = await t.db.select({ id: products.id }).from(products).limit(5);
    const ids = some.map((r) => r.id).reverse();
    const summaries = await loadProductSummaries(
      t.db,
      [ids[0]!, 'prod_missing', ...ids.slice(1)],
      'en-CA',
    );
    expect(summaries.map((s) => s._id)).toEqual(ids);
    expect(await loadProductSummaries(t.db, [], 'en-CA')).toEqual([]);
  });
});

describe('conditional catalog reads', () => {
  const get = (url: string, etag?: string) =>
    t.app.inject({ url, headers: etag ? { 'if-none-match': etag } : {} });

  test('product, taxonomy, collections and related products carry an ETag and a public, revalidating Cache-Control', async () => {
    for (const url of [
      '/api/v1/products/bcaa-recovery',
      '/api/v1/taxonomy/categories',
      '/api/v1/products?collection=top',
      '/api/v1/products/bcaa-recovery/suggested',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^"[\w-]{27}"$/);
      expect(res.headers['cache-control'], url).toMatch(
        /^public, max-age=\d+, stale-while-revalidate=\d+$/,
      );
      const again = await get(url, res.headers.etag as string);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(res.headers.etag);
      // A weak comparison, and a list naming it among others, match too.
      expect((await get(url, `"other", W/${res.headers.etag as string}`)).statusCode).toBe(304);
      expect((await get(url, '"other"')).statusCode).toBe(200);
    }
  });

  test('a compressed answer keeps its ETag', async () => {
    const res = await t.app.inject({
      url: '/api/v1/products/bcaa-recovery',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toMatch(/^"[\w-]{27}"$/);
  });

  test('a stock change the answer tells, made by any instance, changes the ETag of the product', async () => {
    const url = '/api/v1/products/bcaa-recovery';
    const before = await get(url);
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.slug, 'bcaa-recovery'));
    await t.db
      .update(variants)
      // A stock the answer tells in full (it tells up to SHOWN_STOCK_MAX).
      .set({ stock: sql`case when ${variants.stock} = 3 then 4 else 3 end` })
      .where(eq(variants.productId, product!.id));
    await refreshProductRollups(t.db, [product!.id]);
    // The change reaches the cache through the database's notification.
    let after = await get(url, before.headers.etag as string);
    for (let i = 0; after.statusCode === 304 && i < 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      after = await get(url, before.headers.etag as string);
    }
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json<{ data: ProductDetail }>().data.variants.map((v) => v.stock)).toEqual(
      before.json<{ data: ProductDetail }>().data.variants.map((v) => (v.stock === 3 ? 4 : 3)),
    );
  });
});

describe('OpenAPI', () => {
  test('the catalog routes are documented', async () => {
    const { body } = await get<{ paths: Record<string, unknown> }>('/api/v1/openapi.json');
    expect(Object.keys(body.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/taxonomy/categories',
        '/api/v1/taxonomy/brands',
        '/api/v1/taxonomy/flavors',
        '/api/v1/products',
        '/api/v1/products/{identifier}',
        '/api/v1/products/{identifier}/suggested',
      ]),
    );
  });
});
