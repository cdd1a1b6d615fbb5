/**
 * A product in more categories and flavors than the index keeps in a document's fixed slots
 * (two and four): its lists are kept apart, and facets, filters and listings must still see
 * every entry of them.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SearchProductsResponse } from '../../contract/search.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import {
  flavors,
  productCategories,
  products,
  variants,
} from '../../server/modules/catalog/tables.ts';
import { rebuildSearchIndex } from '../../server/modules/search/indexer.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { fixtureCategories, fixtureFlavors, insertSearchFixture } from './search-fixture.ts';

const extraFlavors = [
  { id: 'flv_mango', slug: 'mango', name: 'Mango', color: '#ffb300', image: null },
  { id: 'flv_cola', slug: 'cola', name: 'Cola', color: '#3e2723', image: null },
];
const samplerFlavors = [...fixtureFlavors, ...extraFlavors];
const samplerCategories = fixtureCategories.slice(0, 3);

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async ({ db }) => {
      await insertSearchFixture(db);
      await db.insert(flavors).values(extraFlavors.map((f) => ({ ...f, additionalImages: [] })));
      await db.insert(products).values({
        id: 'prd_sampler',
        slug: 'rainbow-sampler-box',
        name: 'Rainbow Sampler Box',
        brandId: 'brd_north',
        description: 'One sachet of everything we make.',
        images: [],
        tags: [],
        createdAt: new Date('2025-06-01T00:00:00Z'),
      });
      await db
        .insert(productCategories)
        .values(samplerCategories.map((c) => ({ productId: 'prd_sampler', categoryId: c.id })));
      await db.insert(variants).values(
        samplerFlavors.map((f, index) => ({
          id: `prd_sampler_v${index}`,
          productId: 'prd_sampler',
          flavorId: f.id,
          size: 'sachet',
          sku: `PRD_SAMPLER-${index}`,
          price: 999 + index * 100,
          stock: 5,
        })),
      );
      await refreshProductRollups(db, ['prd_sampler']);
      await rebuildSearchIndex(db, ['prd_sampler']);
    },
  });
});

afterAll(() => t.close());

async function search(query: Record<string, string>): Promise<SearchProductsResponse> {
  const res = await t.app.inject({ url: '/api/v1/search/products', query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchProductsResponse>();
}

const ids = (body: SearchProductsResponse) => body.results.products.map((p) => p._id);

test('every category and flavor of a long list is counted in the facets', async () => {
  const body = await search({ search: 'sampler' });
  expect(ids(body)).toEqual(['prd_sampler']);
  expect(body.facets.categories.map((c) => [c.slug, c.count]).sort()).toEqual(
    samplerCategories.map((c) => [c.slug, 1]).sort(),
  );
  expect(body.facets.flavors.map((f) => [f.slug, f.count]).sort()).toEqual(
    samplerFlavors.map((f) => [f.slug, 1]).sort(),
  );
});

test('filtering on any entry of a long list finds the product', async () => {
  for (const flavor of samplerFlavors) {
    expect(ids(await search({ search: 'sampler', flavor: flavor.slug })), flavor.slug).toEqual([
      'prd_sampler',
    ]);
  }
  for (const category of samplerCategories) {
    const listing = await search({ category: category.slug, limit: '100' });
    expect(ids(listing), category.slug).toContain('prd_sampler');
    // The facet of the filtered listing counts it under each of its other categories too.
    for (const other of samplerCategories) {
      expect(
        listing.facets.categories.find((c) => c.slug === other.slug)?.count,
        `${category.slug} → ${other.slug}`,
      ).toBeGreaterThan(0);
    }
  }
  expect(ids(await search({ search: 'sampler', flavor: 'no-such-flavor' }))).toEqual([]);
});

test('a long list counts beside the short ones of the other products', async () => {
  const listing = await search({ flavor: 'mango' });
  expect(ids(listing)).toEqual(['prd_sampler']);
  const chocolate = await search({ flavor: 'chocolate', limit: '100' });
  const chocolateCount = chocolate.results.pagination.totalProducts;
  expect(ids(chocolate)).toContain('prd_sampler');
  const all = await search({ limit: '100' });
  expect(all.facets.flavors.find((f) => f.slug === 'chocolate')?.count).toBe(chocolateCount);
  expect(all.facets.flavors.find((f) => f.slug === 'cola')?.count).toBe(1);
});
