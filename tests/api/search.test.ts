import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SearchProductsResponse, SuggestResponse } from '../../contract/search.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { rebuildSearchIndex } from '../../server/modules/search/indexer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { activeFixtureProducts, insertSearchFixture } from './search-fixture.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertSearchFixture(database.db) });
});

afterAll(() => t.close());

async function suggest(q: string): Promise<SuggestResponse['suggestions']> {
  const res = await t.app.inject({ url: '/api/v1/search/suggest', query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<SuggestResponse>();
  expect(body.success).toBe(true);
  return body.suggestions;
}

async function search(query: Record<string, string>): Promise<SearchProductsResponse> {
  const res = await t.app.inject({ url: '/api/v1/search/products', query });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json<SearchProductsResponse>();
}

const ids = (body: SearchProductsResponse) => body.results.products.map((p) => p._id);

describe('search quality', () => {
  test('a prefix finds the word it begins: crea finds creatine', async () => {
    const body = await search({ search: 'crea' });
    expect(ids(body).slice(0, 2).sort()).toEqual(['prd_creatine', 'prd_creatine_hcl']);
    const suggestions = await suggest('crea');
    expect(suggestions.products.map((p) => p.name)).toContain('Creatine Monohydrate');
    expect(suggestions.categories.map((c) => c.slug)).toEqual(['creatine']);
  });

  test('a misspelt word is corrected: whey protien finds whey protein', async () => {
    const body = await search({ search: 'whey protien' });
    expect(ids(body)[0]).toBe('prd_gold');
    expect(body.meta.corrections).toEqual([{ term: 'protien', replacements: ['protein'] }]);
    expect(body.meta.didYouMean).toBe('whey protein');
    const suggestions = await suggest('whey protien');
    expect(suggestions.products[0]?.name).toBe('Gold Standard 100% Whey Protein');
  });

  test('swapped letters are corrected too: wehy finds whey', async () => {
    const body = await search({ search: 'wehy' });
    expect(ids(body)).toEqual(expect.arrayContaining(['prd_gold', 'prd_isolate']));
  });

  test('a word the catalog lacks and that is close to nothing finds nothing', async () => {
    const body = await search({ search: 'xylophone' });
    expect(body.results.products).toEqual([]);
    expect(body.results.pagination.totalProducts).toBe(0);
    expect(body.facets.priceRange).toEqual({ min: null, max: null });
  });

  test('every word must match: isolate chocolate finds only the chocolate isolate', async () => {
    const body = await search({ search: 'isolate chocolate' });
    expect(ids(body)).toEqual(['prd_isolate']);
  });

  test('name matches rank above brand or category matches, which rank above description matches', async () => {
    const body = await search({ search: 'glacier' });
    const order = ids(body);
    expect(order[0]).toBe('prd_glacier_name');
    expect(order.slice(1, 3).sort()).toEqual(['prd_glacier_brand', 'prd_glacier_category']);
    expect(order[3]).toBe('prd_glacier_description');
    expect(order).toHaveLength(4);

    const suggestions = await suggest('glacier');
    const scores = suggestions.products.map((p) => p.relevanceScore);
    expect(suggestions.products[0]?._id).toBe('prd_glacier_name');
    expect(suggestions.products.at(-1)?._id).toBe('prd_glacier_description');
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(scores[0]).toBeGreaterThan(scores.at(-1) ?? 100);
  });

  test('accents and case are ignored: creme brulee finds Crème Brûlée', async () => {
    for (const q of ['creme brulee', 'CRÈME BRÛLÉE', 'Creme Brulee']) {
      const suggestions = await suggest(q);
      expect(suggestions.flavors.map((f) => f.slug)).toEqual(['creme-brulee']);
      expect(suggestions.flavors[0]?.relevanceScore).toBe(100);
      // The bar is named after the flavor; the others only come in it.
      expect(suggestions.products[0]?._id).toBe('prd_bar');
      const body = await search({ search: q });
      expect(ids(body).sort()).toEqual(['prd_bar', 'prd_blast', 'prd_gold']);
    }
    const upper = await search({ search: 'CREATINE MONOHYDRATE' });
    expect(ids(upper)[0]).toBe('prd_creatine');
  });

  test('hyphenated names match with or without the hyphen', async () => {
    for (const term of ['pre-workout', 'preworkout', 'pre workout']) {
      const body = await search({ search: term });
      expect(ids(body)[0]).toBe('prd_blast');
    }
  });
});

describe('queries of the long tail', () => {
  test('a whole word then the start of the next: creatine mono, whey iso', async () => {
    expect(ids(await search({ search: 'creatine mono' }))[0]).toBe('prd_creatine');
    expect(ids(await search({ search: 'whey iso' }))).toEqual(['prd_isolate']);
    expect((await suggest('creatine mono')).products[0]?._id).toBe('prd_creatine');
  });

  test('a typo in the second word of a pair is corrected: gold standrd, nitro blsat', async () => {
    const gold = await search({ search: 'gold standrd' });
    expect(ids(gold)).toEqual(['prd_gold']);
    expect(gold.meta.didYouMean).toBe('gold standard');
    expect(ids(await search({ search: 'nitro blsat' }))).toEqual(['prd_blast']);
  });

  test('accents, case and a typo at once: CRÈME brulle', async () => {
    const body = await search({ search: 'CRÈME brulle' });
    expect(ids(body).sort()).toEqual(['prd_bar', 'prd_blast', 'prd_gold']);
    expect(body.meta.didYouMean).toBe('creme brulee');
  });

  test('a word found only in descriptions ranks last but is found: hydrochloride, lactose', async () => {
    expect(ids(await search({ search: 'hydrochloride' }))).toEqual(['prd_creatine_hcl']);
    expect(ids(await search({ search: 'lactose' }))).toEqual(['prd_isolate']);
  });

  test('a long-tail query with filters, sort and a second page keeps facets consistent', async () => {
    const body = await search({ search: 'pro', sort: 'price-desc', limit: '1', page: '2' });
    const all = await search({ search: 'pro', sort: 'price-desc', limit: '100' });
    expect(ids(body)).toEqual(ids(all).slice(1, 2));
    expect(body.results.pagination.totalProducts).toBe(all.results.products.length);
    const byBrand = body.facets.brands.reduce((sum, brand) => sum + brand.count, 0);
    expect(byBrand).toBe(all.results.products.length);
  });

  test('every active product is found by the start of each word of its name, with the next word', async () => {
    for (const product of activeFixtureProducts) {
      const words = product.name
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(Boolean);
      for (let i = 0; i < words.length; i++) {
        const word = words[i]!;
        if (word.length < 3) continue;
        const q = [word.slice(0, 3), words[i + 1]].filter(Boolean).join(' ');
        const body = await search({ search: q, limit: '100' });
        expect(ids(body), `${q} → ${product.id}`).toContain(product.id);
      }
    }
  });
});

describe('GET /search/suggest', () => {
  test('groups products, categories, brands and flavors with the documented fields', async () => {
    const suggestions = await suggest('optimum');
    expect(suggestions.brands).toEqual([
      {
        _id: 'brd_on',
        name: 'Optimum Nutrition',
        slug: 'optimum-nutrition',
        type: 'BRAND',
        image: null,
        description: '',
        relevanceScore: 90,
      },
    ]);
    expect(suggestions.products.map((p) => p._id).sort()).toEqual(['prd_creatine', 'prd_gold']);
    for (const product of suggestions.products) {
      expect(product).toMatchObject({ type: 'PRODUCT', image: expect.stringMatching(/^\/api\//) });
      expect(Number.isInteger(product.price)).toBe(true);
      expect(Number.isInteger(product.relevanceScore)).toBe(true);
      expect(product.relevanceScore).toBeGreaterThan(0);
      expect(product.relevanceScore).toBeLessThanOrEqual(100);
    }
    expect(suggestions.products.find((p) => p._id === 'prd_creatine')?.price).toBe(2999);
  });

  test('a flavor without its own image falls back to the first additional image', async () => {
    const [creme] = (await suggest('brulee')).flavors;
    expect(creme?.image).toBe('/api/v1/images/flavors/creme-brulee/1.svg');
    const [chocolate] = (await suggest('chocolate')).flavors;
    expect(chocolate?.image).toBe('/api/v1/images/flavors/chocolate/1.svg');
  });

  test('a name contained in a longer query is still suggested', async () => {
    const suggestions = await suggest('optimum nutrition gold standard');
    expect(suggestions.brands.map((b) => b.slug)).toEqual(['optimum-nutrition']);
    expect(suggestions.products.map((p) => p._id)).toEqual(['prd_gold']);
  });

  test('inactive products are never suggested', async () => {
    const suggestions = await suggest('discontinued');
    expect(suggestions.products).toEqual([]);
  });

  test('at most five products and three of each other kind', async () => {
    const suggestions = await suggest('pr');
    expect(suggestions.products.length).toBeLessThanOrEqual(5);
    expect(suggestions.categories.length).toBeLessThanOrEqual(3);
    expect(suggestions.products.length).toBeGreaterThan(0);
  });

  test('a term under 2 trimmed characters is refused, naming q', async () => {
    for (const q of ['', 'a', '  b  ']) {
      const res = await t.app.inject({ url: '/api/v1/search/suggest', query: { q } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'validation',
        message: expect.stringMatching(/^q: /),
        errors: [{ path: 'querystring.q' }],
      });
    }
    const missing = await t.app.inject('/api/v1/search/suggest');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^q: /);
  });

  test('a term of only punctuation suggests nothing', async () => {
    expect(await suggest('?!')).toEqual({ products: [], categories: [], brands: [], flavors: [] });
  });
});

describe('GET /search/products', () => {
  test('without a term it lists every active product, featured first', async () => {
    const body = await search({});
    expect(body.searchTerm).toBe('');
    expect(body.results.pagination).toEqual({
      totalProducts: activeFixtureProducts.length,
      page: 1,
      limit: 24,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(body.results.sorting).toMatchObject({ sort: 'relevance', label: 'Featured' });
    expect(ids(body)).not.toContain('prd_hidden');
    // In stock before out of stock, then best selling.
    expect(ids(body)[0]).toBe('prd_glacier_description');
    expect(ids(body).at(-1)).toBe('prd_creatine_hcl');
  });

  test('the term is echoed as typed, even when a differently typed one was cached', async () => {
    expect((await search({ search: 'Creatine' })).searchTerm).toBe('Creatine');
    const lower = await search({ search: 'creatine' });
    expect(lower.searchTerm).toBe('creatine');
    expect(lower.meta.terms).toEqual(['creatine']);
  });

  test('the answer carries product summaries, meta and the trimmed term', async () => {
    const body = await search({ search: '  creatine  ' });
    expect(body.success).toBe(true);
    expect(body.searchTerm).toBe('creatine');
    expect(body.meta.terms).toEqual(['creatine']);
    expect(body.results.products[0]).toMatchObject({
      _id: 'prd_creatine',
      slug: 'creatine-monohydrate',
      brand: { slug: 'optimum-nutrition', name: 'Optimum Nutrition' },
      categories: [{ slug: 'creatine', name: 'Creatine' }],
      price: 2999,
      inStock: true,
    });
  });

  test('filters by category, brand and flavor slugs, comma-joined or repeated', async () => {
    expect(ids(await search({ category: 'creatine' })).sort()).toEqual([
      'prd_creatine',
      'prd_creatine_hcl',
    ]);
    const either = await search({ category: 'creatine,protein-bars', sort: 'name' });
    expect(ids(either)).toEqual(['prd_creatine_hcl', 'prd_creatine', 'prd_bar']);
    const repeated = await t.app.inject(
      '/api/v1/search/products?category=creatine&category=protein-bars',
    );
    expect(repeated.json().results.pagination.totalProducts).toBe(3);
    const brandAndFlavor = await search({ brand: 'optimum-nutrition', flavor: 'creme-brulee' });
    expect(ids(brandAndFlavor)).toEqual(['prd_gold']);
    expect((await search({ search: 'whey', brand: 'ironclad-labs' })).results.products).toEqual([
      expect.objectContaining({ _id: 'prd_isolate' }),
    ]);
  });

  test('an unknown slug matches nothing rather than being ignored', async () => {
    const body = await search({ category: 'no-such-category' });
    expect(body.results.pagination.totalProducts).toBe(0);
  });

  test('filters by price (cents), stock and rating', async () => {
    const cheap = await search({ minPrice: '2999', maxPrice: '3599', sort: 'price-asc' });
    expect(cheap.results.products.map((p) => p.price)).toEqual([2999, 2999, 3499, 3599]);
    const inStock = await search({ category: 'creatine', inStock: 'true' });
    expect(ids(inStock)).toEqual(['prd_creatine']);
    const any = await search({ category: 'creatine', inStock: 'false' });
    expect(any.results.pagination.totalProducts).toBe(2);
    const rated = await search({ minRating: '4.7' });
    expect(ids(rated).sort()).toEqual(['prd_creatine', 'prd_glacier_description', 'prd_gold']);
  });

  test('sorts by price, newest, rating and name', async () => {
    const prices = (await search({ sort: 'price-asc' })).results.products.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const high = (await search({ sort: 'price-desc' })).results.products.map((p) => p.price);
    expect(high).toEqual([...prices].reverse());
    const newest = (await search({ sort: 'newest' })).results.products.map((p) => p.createdAt);
    expect(newest).toEqual([...newest].sort().reverse());
    expect(newest[0]).toBe('2025-06-01T00:00:00.000Z');
    const rating = (await search({ sort: 'rating' })).results.products.map((p) => p.rating);
    expect(rating).toEqual([...rating].sort((a, b) => b - a));
    const names = (await search({ sort: 'name' })).results.products.map((p) => p.name);
    expect(names[0]).toBe('Arctic Recovery Drink');
    expect(names.at(-1)).toBe('Summit Electrolytes');
    const sorted = await search({ search: 'creatine', sort: 'price-desc' });
    expect(sorted.results.sorting.sort).toBe('price-desc');
    expect(ids(sorted)[0]).toBe('prd_blast');
  });

  test('paginates with page and limit', async () => {
    const first = await search({ sort: 'name', limit: '4' });
    const third = await search({ sort: 'name', limit: '4', page: '3' });
    expect(first.results.pagination).toMatchObject({
      totalProducts: 10,
      page: 1,
      limit: 4,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(third.results.products).toHaveLength(2);
    expect(third.results.pagination).toMatchObject({ page: 3, hasNextPage: false });
    const all = await search({ sort: 'name', limit: '100' });
    expect([...ids(first), ...ids(await search({ sort: 'name', limit: '4', page: '2' }))]).toEqual(
      ids(all).slice(0, 8),
    );
    const beyond = await search({ limit: '4', page: '9' });
    expect(beyond.results.products).toEqual([]);
    expect(beyond.results.pagination.totalProducts).toBe(10);
  });

  test('facets count matches per category, brand and flavor, and give the price range', async () => {
    const body = await search({ search: 'whey' });
    expect(body.facets.categories).toEqual([
      { slug: 'protein-powder', name: 'Protein Powder', count: 2 },
    ]);
    expect(body.facets.brands.map((b) => [b.slug, b.count])).toEqual([
      ['ironclad-labs', 1],
      ['optimum-nutrition', 1],
    ]);
    expect(body.facets.flavors.map((f) => [f.slug, f.count])).toEqual([
      ['chocolate', 2],
      ['creme-brulee', 1],
      ['unflavored', 1],
    ]);
    expect(body.facets.priceRange).toEqual({ min: 5999, max: 6799 });
  });

  test("a facet's own filter does not narrow its counts, the others' filters do", async () => {
    const body = await search({ brand: 'ironclad-labs', minPrice: '3000' });
    expect(body.results.pagination.totalProducts).toBe(3);
    // Other brands stay visible with what they would show under the same price filter.
    expect(body.facets.brands.find((b) => b.slug === 'optimum-nutrition')?.count).toBe(1);
    expect(body.facets.brands.find((b) => b.slug === 'ironclad-labs')?.count).toBe(3);
    // Categories are narrowed by the brand.
    expect(body.facets.categories.map((c) => c.slug).sort()).toEqual([
      'creatine',
      'glacier-picks',
      'protein-powder',
    ]);
    // The price range ignores the price filter itself.
    expect(body.facets.priceRange).toEqual({ min: 2599, max: 6799 });
  });

  test('bad filter values are refused with the field named', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ sort: 'cheapest' }, 'sort'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ page: '0' }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ minPrice: '-1' }, 'minPrice'],
      [{ maxPrice: '12.5' }, 'maxPrice'],
      [{ minPrice: '5000', maxPrice: '1000' }, 'maxPrice'],
      [{ inStock: 'maybe' }, 'inStock'],
      [{ minRating: '6' }, 'minRating'],
      [{ category: 'Protein Powder!' }, 'category'],
      [{ search: 'x'.repeat(201) }, 'search'],
    ];
    for (const [query, field] of cases) {
      const res = await t.app.inject({ url: '/api/v1/search/products', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.message).toMatch(new RegExp(`^${field}`));
      expect(body.errors[0].path).toMatch(new RegExp(`^querystring\\.${field}`));
    }
  });

  test('a term without letters or digits matches nothing', async () => {
    const body = await search({ search: '%%%' });
    expect(body.results.pagination.totalProducts).toBe(0);
    expect(body.searchTerm).toBe('%%%');
  });
});

describe('index maintenance', () => {
  test('renaming a product and rebuilding its entry makes the new name searchable at once', async () => {
    const before = await search({ search: 'isolate' });
    expect(before.results.products[0]?.name).toBe('Iso Whey Isolate');
    await t.db
      .update(products)
      .set({ name: 'Zephyr Whey Isolate' })
      .where(eq(products.id, 'prd_isolate'));
    await rebuildSearchIndex(t.db, ['prd_isolate']);
    expect(ids(await search({ search: 'zephyr' }))).toEqual(['prd_isolate']);
    // The dictionary learnt the word too, so a slip in it is corrected.
    expect(ids(await search({ search: 'zephir' }))).toEqual(['prd_isolate']);
    expect((await suggest('zeph')).products.map((p) => p._id)).toEqual(['prd_isolate']);
    // The same query as before is answered afresh, not from the cache.
    const after = await search({ search: 'isolate' });
    expect(after.results.products[0]?.name).toBe('Zephyr Whey Isolate');
  });
});

describe('catalog changes made elsewhere', () => {
  /** Asks until `done` holds: the change travels through the database's notification. */
  async function eventually(
    query: Record<string, string>,
    done: (body: SearchProductsResponse) => boolean,
  ) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const body = await search(query);
      if (done(body) || Date.now() > deadline) return body;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  test('stock sold out by an order (a plain SQL update) leaves the in-stock listing', async () => {
    const before = await search({ category: 'protein-bars', inStock: 'true' });
    expect(ids(before)).toEqual(['prd_bar']);
    await t.db.update(variants).set({ stock: 0 }).where(eq(variants.productId, 'prd_bar'));
    await refreshProductRollups(t.db, ['prd_bar']);
    const after = await eventually(
      { category: 'protein-bars', inStock: 'true' },
      (body) => body.results.pagination.totalProducts === 0,
    );
    expect(after.results.products).toEqual([]);
    const listed = await search({ category: 'protein-bars' });
    expect(listed.results.products[0]).toMatchObject({ _id: 'prd_bar', inStock: false });
    await t.db.update(variants).set({ stock: 12 }).where(eq(variants.productId, 'prd_bar'));
    await refreshProductRollups(t.db, ['prd_bar']);
    await eventually(
      { category: 'protein-bars', inStock: 'true' },
      (body) => body.results.pagination.totalProducts === 1,
    );
  });

  test('a new price reaches the suggestions, which were written before it', async () => {
    const price = async () => (await suggest('nitro blast')).products[0]?.price;
    expect(await price()).toBe(4499);
    await t.db.update(variants).set({ price: 4299 }).where(eq(variants.productId, 'prd_blast'));
    await refreshProductRollups(t.db, ['prd_blast']);
    const deadline = Date.now() + 5000;
    while ((await price()) !== 4299 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await price()).toBe(4299);
    for (const [index, price] of [4499, 4699].entries()) {
      await t.db
        .update(variants)
        .set({ price })
        .where(eq(variants.id, `prd_blast_v${index}`));
    }
    await refreshProductRollups(t.db, ['prd_blast']);
    await eventually({ search: 'nitro blast' }, (body) => body.results.products[0]?.price === 4499);
  });

  test('a product switched off disappears from search and suggestions', async () => {
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, 'prd_blast'));
    const after = await eventually({ search: 'blast' }, (body) => ids(body).length === 0);
    expect(ids(after)).toEqual([]);
    expect((await suggest('blast')).products).toEqual([]);
    await t.db.update(products).set({ isActive: true }).where(eq(products.id, 'prd_blast'));
    const back = await eventually({ search: 'blast' }, (body) => ids(body).length === 1);
    expect(ids(back)).toEqual(['prd_blast']);
  });
});

describe('OpenAPI', () => {
  test('both search routes are documented with their query parameters', async () => {
    const res = await t.app.inject('/api/v1/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    const suggestParams = doc.paths['/api/v1/search/suggest'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(suggestParams).toEqual(['q']);
    const productParams = doc.paths['/api/v1/search/products'].get.parameters.map(
      (p: { name: string }) => p.name,
    );
    expect(productParams).toEqual(
      expect.arrayContaining(['search', 'category', 'brand', 'flavor', 'minPrice', 'sort', 'page']),
    );
  });
});
