/**
 * The catalog in French: the same API answers the shopper's language (Accept-Language or
 * `?locale=`), with French names, descriptions, nutrition labels and sizes where the catalog has
 * them, says so in Content-Language, and keeps one cached copy per language.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Category, Flavor, ProductDetail, ProductSummary } from '../../contract/catalog.ts';
import type { Cart } from '../../contract/cart.ts';
import type { SearchProductsResponse, SuggestResponse } from '../../contract/search.ts';
import { CATEGORIES } from '../../server/db/seed-data.ts';
import { CATEGORIES_FR, FAMILIES_FR, FLAVORS_FR } from '../../server/db/seed-data-fr.ts';
import { createCatalogTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createCatalogTestApp();
});

afterAll(() => t.close());

const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
const ENGLISH = { 'accept-language': 'en-CA,en;q=0.9' };

async function get<T>(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url, headers });
  return { status: res.statusCode, body: res.json<{ data: T }>().data, headers: res.headers };
}

describe('taxonomy in French', () => {
  test('categories answer their French names and descriptions, in French order', async () => {
    const fr = await get<Category[]>('/api/v1/taxonomy/categories', FRENCH);
    expect(fr.status).toBe(200);
    expect(fr.headers['content-language']).toBe('fr-CA');
    expect(String(fr.headers.vary)).toMatch(/accept-language/i);
    expect(fr.body).toHaveLength(CATEGORIES.length);
    for (const category of fr.body) {
      expect(category.name).toBe(CATEGORIES_FR[category.slug]!.name);
      expect(category.description).toBe(CATEGORIES_FR[category.slug]!.description);
    }
    const collator = new Intl.Collator('fr-CA', { sensitivity: 'base', numeric: true });
    const names = fr.body.map((c) => c.name);
    expect(names).toEqual([...names].sort(collator.compare));
  });

  test('English stays as it was, and says it is English', async () => {
    const en = await get<Category[]>('/api/v1/taxonomy/categories', ENGLISH);
    expect(en.headers['content-language']).toBe('en-CA');
    expect(String(en.headers.vary)).toMatch(/accept-language/i);
    for (const category of en.body) {
      expect(category.name).toBe(CATEGORIES.find((c) => c.slug === category.slug)!.name);
    }
    // No language asked: English.
    const plain = await get<Category[]>('/api/v1/taxonomy/categories');
    expect(plain.headers['content-language']).toBe('en-CA');
    expect(plain.body).toEqual(en.body);
  });

  test('a locale parameter names the language too, over Accept-Language', async () => {
    const named = await get<Flavor[]>('/api/v1/taxonomy/flavors?locale=fr-CA', ENGLISH);
    expect(named.headers['content-language']).toBe('fr-CA');
    expect(named.body.find((f) => f.slug === 'vanilla')?.name).toBe('Vanille');
    expect(named.body.find((f) => f.slug === 'cookies-and-cream')?.name).toBe(
      FLAVORS_FR['cookies-and-cream'],
    );
  });

  test('each language keeps its own cached answer and ETag', async () => {
    const url = '/api/v1/taxonomy/flavors';
    const en1 = await t.app.inject({ url, headers: ENGLISH });
    const fr1 = await t.app.inject({ url, headers: FRENCH });
    const en2 = await t.app.inject({ url, headers: ENGLISH });
    expect(en1.body).toBe(en2.body);
    expect(fr1.body).not.toBe(en1.body);
    expect(fr1.headers.etag).not.toBe(en1.headers.etag);
    // The English ETag does not validate the French answer.
    const revalidated = await t.app.inject({
      url,
      headers: { ...FRENCH, 'if-none-match': String(en1.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).toBe(fr1.body);
  });
});

describe('products in French', () => {
  test('a product page answers its French description, label, flavors, sizes and categories', async () => {
    const fr = await get<ProductDetail>('/api/v1/products/whey-protein-isolate', FRENCH);
    const en = await get<ProductDetail>('/api/v1/products/whey-protein-isolate', ENGLISH);
    expect(fr.headers['content-language']).toBe('fr-CA');
    // Trade names stay; prices, stock and ids are the same in both.
    expect(fr.body.name).toBe(en.body.name);
    expect(fr.body.brand).toEqual(en.body.brand);
    expect(fr.body.variants.map((v) => [v._id, v.price, v.stock])).toEqual(
      en.body.variants.map((v) => [v._id, v.price, v.stock]),
    );
    expect(fr.body.description).not.toBe(en.body.description);
    expect(fr.body.description).toContain(FAMILIES_FR.isolate!.pitch);
    expect(fr.body.nutritionFacts).toEqual(FAMILIES_FR.isolate!.nutrition);
    expect(fr.body.categories.map((c) => c.name).sort()).toEqual(
      en.body.categories.map((c) => CATEGORIES_FR[c.slug]!.name).sort(),
    );
    for (const variant of fr.body.variants) {
      expect(variant.flavor.name).toBe(FLAVORS_FR[variant.flavor.slug]);
    }
    expect(new Set(fr.body.variants.map((v) => v.flavor.name))).toContain('Crème brûlée');
  });

  test('sizes in servings read as portions', async () => {
    const fr = await get<ProductDetail>('/api/v1/products/bcaa-recovery', FRENCH);
    const en = await get<ProductDetail>('/api/v1/products/bcaa-recovery', ENGLISH);
    const servings = en.body.variants.filter((v) => v.size.includes('servings'));
    expect(servings.length).toBeGreaterThan(0);
    for (const variant of servings) {
      const french = fr.body.variants.find((v) => v._id === variant._id)!;
      expect(french.size).toBe(variant.size.replace('servings', 'portions'));
    }
  });

  test('collections and suggestions carry French category names', async () => {
    const top = await get<ProductSummary[]>('/api/v1/products?collection=top&limit=8', FRENCH);
    expect(top.headers['content-language']).toBe('fr-CA');
    const frenchNames = new Set(Object.values(CATEGORIES_FR).map((c) => c.name));
    for (const product of top.body) {
      for (const category of product.categories) expect(frenchNames).toContain(category.name);
    }
    const suggested = await get<ProductSummary[]>(
      '/api/v1/products/whey-protein-isolate/suggested',
      FRENCH,
    );
    expect(suggested.body.length).toBeGreaterThan(0);
    for (const product of suggested.body) {
      for (const category of product.categories) expect(frenchNames).toContain(category.name);
    }
  });
});

describe('search in French', () => {
  async function search(term: string, headers = FRENCH) {
    const res = await t.app.inject({
      url: '/api/v1/search/products',
      query: { search: term, limit: '50' },
      headers,
    });
    expect(res.headers['content-language']).toBe(headers === FRENCH ? 'fr-CA' : 'en-CA');
    return res.json<SearchProductsResponse>();
  }

  test('vanille finds the vanilla products, with or without accents, as vanilla does in English', async () => {
    const french = await search('vanille');
    const english = await search('vanilla', ENGLISH);
    expect(french.results.pagination.totalProducts).toBeGreaterThan(0);
    expect(french.results.pagination.totalProducts).toBe(english.results.pagination.totalProducts);
    expect(new Set(french.results.products.map((p) => p._id))).toEqual(
      new Set(english.results.products.map((p) => p._id)),
    );
    // French words are not English ones: vanille on an English page is corrected, not matched.
    const englishVanille = await search('vanille', ENGLISH);
    expect(englishVanille.meta.corrections).not.toEqual([]);
  });

  test('proteine and protéine find the protein products', async () => {
    const plain = await search('proteine');
    const accented = await search('protéine');
    expect(plain.results.pagination.totalProducts).toBeGreaterThan(10);
    expect(accented.results.pagination.totalProducts).toBe(plain.results.pagination.totalProducts);
    expect(plain.meta.corrections).toEqual([]);
    expect(plain.results.products.map((p) => p.slug)).toContain('whey-protein-isolate');
  });

  test('a misspelt French word is corrected to a French one', async () => {
    const body = await search('chocolt');
    expect(body.meta.corrections).toEqual([{ term: 'chocolt', replacements: ['chocolat'] }]);
    expect(body.results.pagination.totalProducts).toBeGreaterThan(0);
  });

  test('facets name categories and flavors in French', async () => {
    const body = await search('proteine');
    const flavorNames = new Set(Object.values(FLAVORS_FR));
    expect(body.facets.flavors.length).toBeGreaterThan(0);
    for (const facet of body.facets.flavors) expect(flavorNames).toContain(facet.name);
    const categoryNames = new Set(Object.values(CATEGORIES_FR).map((c) => c.name));
    for (const facet of body.facets.categories) expect(categoryNames).toContain(facet.name);
  });

  test('suggestions are French on French pages', async () => {
    const res = await t.app.inject({
      url: '/api/v1/search/suggest',
      query: { q: 'vanil' },
      headers: FRENCH,
    });
    expect(res.headers['content-language']).toBe('fr-CA');
    const { suggestions } = res.json<SuggestResponse>();
    expect(suggestions.flavors.map((f) => f.name)).toContain('Vanille');
    const cookies = await t.app.inject({
      url: '/api/v1/search/suggest',
      query: { q: 'biscuits' },
      headers: FRENCH,
    });
    expect(cookies.json<SuggestResponse>().suggestions.flavors.map((f) => f.name)).toContain(
      'Biscuits et crème',
    );
  });
});

describe('the cart in French', () => {
  test("a guest's cart names its lines' flavors and sizes in the page's language", async () => {
    const { body: product } = await get<ProductDetail>('/api/v1/products/bcaa-recovery', ENGLISH);
    const variant = product.variants.find((v) => v.size.includes('servings'))!;
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { ...FRENCH, 'idempotency-key': crypto.randomUUID() },
      payload: { productId: product._id, variantId: variant._id, quantity: 1 },
    });
    expect(added.statusCode).toBe(200);
    const cart = added.json<{ data: Cart }>().data;
    const [line] = cart.items;
    expect(line!.flavor.name).toBe(FLAVORS_FR[variant.flavor.slug]);
    expect(line!.size).toBe(variant.size.replace('servings', 'portions'));

    const english = await t.app.inject({
      url: `/api/v1/cart?guestCartId=${cart.guestCartId}`,
      headers: ENGLISH,
    });
    const [englishLine] = english.json<{ data: Cart }>().data.items;
    expect(englishLine!.flavor.name).toBe(variant.flavor.name);
    expect(englishLine!.size).toBe(variant.size);
    expect(englishLine!.lineTotal).toBe(line!.lineTotal);
  });
});
