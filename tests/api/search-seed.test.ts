/**
 * Search over the real seed catalog, the one a shopper meets after `npm start`: the behaviours
 * of search.test.ts must hold there too, whatever names the generator produced.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  SearchProductsQuery,
  type SearchProductsResponse,
  type SuggestResponse,
} from '../../contract/search.ts';
import { longTailQueries } from '../../scripts/bench-queries.ts';
import { MemoryProductIndex } from '../../server/modules/search/memory-index.ts';
import { openSearch, searchProductsJson } from '../../server/modules/search/service.ts';
import { createCatalogTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCatalogTestApp();
});

afterAll(() => t.close());

async function suggest(q: string): Promise<SuggestResponse['suggestions']> {
  const res = await t.app.inject({ url: '/api/v1/search/suggest', query: { q } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SuggestResponse>().suggestions;
}

async function search(query: Record<string, string>): Promise<SearchProductsResponse> {
  const res = await t.app.inject({ url: '/api/v1/search/products', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchProductsResponse>();
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

describe('search over the seed catalog', () => {
  test('crea suggests creatine products first and the Creatine category', async () => {
    const suggestions = await suggest('crea');
    expect(suggestions.products.length).toBeGreaterThan(0);
    expect(fold(suggestions.products[0]?.name ?? '')).toContain('crea');
    expect(suggestions.categories.map((c) => c.slug)).toContain('creatine');
    const body = await search({ search: 'crea' });
    expect(body.results.pagination.totalProducts).toBeGreaterThan(1);
    expect(fold(body.results.products[0]?.name ?? '')).toMatch(/\bcrea/);
  });

  test('whey protien is read as whey protein', async () => {
    const body = await search({ search: 'whey protien' });
    expect(body.meta.corrections).toEqual([
      expect.objectContaining({
        term: 'protien',
        replacements: expect.arrayContaining(['protein']),
      }),
    ]);
    expect(body.results.pagination.totalProducts).toBeGreaterThan(0);
    const top = fold(body.results.products[0]?.name ?? '');
    expect(top).toContain('whey');
    expect(top).toContain('protein');
  });

  test('creme brulee finds the Crème Brûlée flavor and only products sold in it', async () => {
    const suggestions = await suggest('creme brulee');
    expect(suggestions.flavors[0]).toMatchObject({ slug: 'creme-brulee', type: 'FLAVOR' });
    expect(suggestions.flavors[0]?.image).toEqual(expect.any(String));
    const body = await search({ search: 'CRÈME BRÛLÉE', limit: '100' });
    const total = body.results.pagination.totalProducts;
    expect(total).toBeGreaterThan(0);
    const facet = body.facets.flavors.find((f) => f.slug === 'creme-brulee');
    expect(facet?.count).toBe(total);
  });

  test('a name match outranks products that only carry the word in brand or category', async () => {
    const body = await search({ search: 'isolate', limit: '100' });
    const names = body.results.products.map((p) => fold(p.name));
    const firstWithout = names.findIndex((name) => !name.includes('isolate'));
    const lastWith = names.findLastIndex((name) => name.includes('isolate'));
    expect(lastWith).toBeGreaterThanOrEqual(0);
    if (firstWithout !== -1) expect(lastWith).toBeLessThan(firstWithout);
  });

  test('a category page lists exactly that category, with consistent facets', async () => {
    const body = await search({ category: 'protein-powder', limit: '100' });
    const total = body.results.pagination.totalProducts;
    expect(total).toBeGreaterThan(0);
    for (const product of body.results.products) {
      expect(product.categories.map((c) => c.slug)).toContain('protein-powder');
    }
    expect(body.facets.categories.find((c) => c.slug === 'protein-powder')?.count).toBe(total);
    const brandTotal = body.facets.brands.reduce((sum, brand) => sum + brand.count, 0);
    expect(brandTotal).toBe(total);
    const prices = body.results.products.map((p) => p.price);
    expect(body.facets.priceRange.min).toBe(Math.min(...prices));
  });

  test('every brand and flavor page has products', async () => {
    for (const kind of ['brands', 'flavors'] as const) {
      const res = await t.app.inject(`/api/v1/taxonomy/${kind}`);
      expect(res.statusCode).toBe(200);
      const items: { slug: string }[] = res.json().data;
      const param = kind === 'brands' ? 'brand' : 'flavor';
      const facets = (await search({})).facets[kind];
      for (const item of items) {
        expect(facets.find((f) => f.slug === item.slug)?.count ?? 0, item.slug).toBeGreaterThan(0);
      }
      const one = await search({ [param]: items[0]?.slug ?? '' });
      expect(one.results.pagination.totalProducts).toBeGreaterThan(0);
    }
  });

  test('long-tail queries: suggestions, pages, totals and facets agree', async () => {
    // The queries the bench asks: prefixes, typos, pairs of the catalog's own words.
    const listing = await search({ limit: '100' });
    const names = listing.results.products.map((p) => p.name);
    const queries = longTailQueries(names, 150, 7);
    expect(queries.length).toBe(150);
    let found = 0;
    for (const q of queries) {
      const body = await search({ search: q, limit: '5' });
      const total = body.results.pagination.totalProducts;
      if (total > 0) found++;
      // The dropdown offers the best five of the same ranking as the results page.
      const suggested = (await suggest(q)).products.map((p) => p._id);
      const best = body.results.products.map((p) => p._id);
      expect(new Set(suggested), q).toEqual(new Set(best));
      // Every product has one brand, so the brand facet sums to the total; choosing a brand
      // gives as many products as its facet said, and the next page follows without overlap.
      const brands = body.facets.brands;
      expect(
        brands.reduce((sum, brand) => sum + brand.count, 0),
        q,
      ).toBe(total);
      const brand = brands[brands.length - 1];
      if (brand) {
        const narrowed = await search({ search: q, brand: brand.slug, limit: '5' });
        expect(narrowed.results.pagination.totalProducts, q).toBe(brand.count);
      }
      if (total > 5) {
        const next = await search({ search: q, limit: '5', page: '2' });
        const seen = new Set(best);
        for (const product of next.results.products) expect(seen.has(product._id), q).toBe(false);
      }
    }
    // Drawn from the catalog's words, most of them find something.
    expect(found).toBeGreaterThan(queries.length / 2);
  });

  test('an index loaded a few products at a time holds the same catalog', async () => {
    const index = new MemoryProductIndex(t.db, 'en-CA', 7);
    const small = openSearch(index);
    try {
      for (const term of ['', 'whey', 'crea', 'vanilla pro']) {
        const query = SearchProductsQuery.parse({ search: term, limit: '100', sort: 'name' });
        const answer = JSON.parse(
          (await searchProductsJson(small, query)).toString(),
        ) as SearchProductsResponse;
        const served = await search({ search: term, limit: '100', sort: 'name' });
        const ids = answer.results.products.map((p) => p._id);
        expect(ids, term).toEqual(served.results.products.map((p) => p._id));
        expect(ids.length, term).toBeGreaterThan(0);
        expect(answer.facets, term).toEqual(served.facets);
      }
    } finally {
      await index.close();
    }
  });
});
