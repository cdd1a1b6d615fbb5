import { describe, expect, test } from 'vitest';
import {
  OFFLINE_SUGGESTIONS,
  offlineSearchResults,
  offlineSuggestions,
} from '../offline-search.ts';
import { cached, detail, ref, searchAnswer, summary } from './fixtures.ts';

const whey = summary('Whey Isolate', {
  price: 5999,
  rating: 4.8,
  reviewCount: 40,
  brand: ref('Ironclad'),
  categories: [ref('Protein Powder'), ref('Whey Isolate')],
  createdAt: '2026-01-03T00:00:00.000Z',
});
const wheyBlend = summary('Whey Blend', {
  price: 3999,
  rating: 4.1,
  brand: ref('Forge Labs'),
  inStock: false,
  createdAt: '2026-01-05T00:00:00.000Z',
});
const goldWhey = summary('Gold Whey', {
  price: 4999,
  rating: 4.8,
  reviewCount: 90,
  brand: ref('Ironclad'),
  createdAt: '2026-01-01T00:00:00.000Z',
});
const creatine = summary('Creatine Monohydrate', { categories: [ref('Creatine')] });

const queries = [
  cached([whey, creatine]),
  cached(searchAnswer([wheyBlend, goldWhey])),
  cached(
    detail(whey, {
      description: 'A cross-flow filtered isolate.',
      flavors: [ref('Vanilla'), ref('Chocolate')],
    }),
  ),
  cached(detail(goldWhey, { flavors: [ref('Chocolate')] })),
];

const names = (products: { name: string }[]) => products.map((product) => product.name);

describe('offlineSuggestions', () => {
  test('suggests matching saved products, best first, as product suggestions', () => {
    const suggestions = offlineSuggestions(queries, 'whey');
    // Equally close: the sold-out Whey Blend comes last.
    expect(names(suggestions)).toEqual(['Gold Whey', 'Whey Isolate', 'Whey Blend']);
    expect(suggestions[1]).toEqual({
      _id: whey._id,
      name: 'Whey Isolate',
      slug: 'whey-isolate',
      type: 'PRODUCT',
      image: whey.image,
      description: 'A cross-flow filtered isolate.',
      relevanceScore: 85,
      price: 5999,
    });
    // A product whose page was never opened is described by its brand and categories.
    expect(suggestions[2]?.description).toBe('Forge Labs · Protein Powder');
  });

  test(`suggests at most ${OFFLINE_SUGGESTIONS}; long descriptions are cut at a word`, () => {
    const many = Array.from({ length: 12 }, (_, index) => summary(`Whey ${index + 1}`));
    const long = detail(summary('Whey Long'), { description: `${'word '.repeat(60)}end` });
    const suggestions = offlineSuggestions([cached(many), cached(long)], 'whey');
    expect(suggestions).toHaveLength(OFFLINE_SUGGESTIONS);
    const cut = offlineSuggestions([cached(long)], 'whey long')[0]?.description ?? '';
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
  });

  test('nothing saved matches: no suggestions', () => {
    expect(offlineSuggestions(queries, 'glucosamine')).toEqual([]);
    expect(offlineSuggestions([], 'whey')).toEqual([]);
  });
});

describe('offlineSearchResults', () => {
  test('answers like /search/products: matches by relevance, count, page, sorts and terms', () => {
    const answer = offlineSearchResults(queries, { search: ' Whey ' });
    expect(names(answer.results.products)).toEqual(['Gold Whey', 'Whey Isolate', 'Whey Blend']);
    expect(answer.results.products[0]).not.toHaveProperty('flavors');
    expect(answer.results.pagination).toEqual({
      totalProducts: 3,
      page: 1,
      limit: 24,
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
    });
    expect(answer.results.sorting.sort).toBe('relevance');
    expect(answer.results.sorting.options.map((option) => option.label)).toEqual([
      'Best match',
      'Price: low to high',
      'Price: high to low',
      'Newest',
      'Top rated',
      'Name: A to Z',
    ]);
    expect(answer.searchTerm).toBe('Whey');
    expect(answer.meta).toMatchObject({ terms: ['whey'], corrections: [], didYouMean: null });
  });

  test('sorts', () => {
    const sorted = (sort: Parameters<typeof offlineSearchResults>[1]['sort']) =>
      names(offlineSearchResults(queries, { search: 'whey', sort }).results.products);
    expect(sorted('price-asc')).toEqual(['Whey Blend', 'Gold Whey', 'Whey Isolate']);
    expect(sorted('price-desc')).toEqual(['Whey Isolate', 'Gold Whey', 'Whey Blend']);
    expect(sorted('newest')).toEqual(['Whey Blend', 'Whey Isolate', 'Gold Whey']);
    expect(sorted('rating')).toEqual(['Gold Whey', 'Whey Isolate', 'Whey Blend']);
    expect(sorted('name')).toEqual(['Gold Whey', 'Whey Blend', 'Whey Isolate']);
  });

  test('filters; each facet is counted with the other filters applied, the price range without the price filter', () => {
    const answer = offlineSearchResults(queries, {
      search: 'whey',
      brand: ['ironclad'],
      maxPrice: 5000,
    });
    expect(names(answer.results.products)).toEqual(['Gold Whey']);
    expect(answer.facets.brands.map(({ slug, count }) => [slug, count])).toEqual([
      ['forge-labs', 1],
      ['ironclad', 1],
    ]);
    expect(answer.facets.categories.map(({ slug, count }) => [slug, count])).toEqual([
      ['protein-powder', 1],
    ]);
    expect(answer.facets.flavors.map(({ name, count }) => [name, count])).toEqual([
      ['Chocolate', 1],
    ]);
    expect(answer.facets.priceRange).toEqual({ min: 4999, max: 5999 });
    expect(answer.meta.filters).toEqual({
      category: [],
      brand: ['ironclad'],
      flavor: [],
      minPrice: null,
      maxPrice: 5000,
      inStock: false,
      minRating: null,
    });

    const filtered = (params: Omit<Parameters<typeof offlineSearchResults>[1], 'search'>) =>
      names(offlineSearchResults(queries, { search: 'whey', ...params }).results.products);
    expect(filtered({ inStock: true })).toEqual(['Gold Whey', 'Whey Isolate']);
    expect(filtered({ minRating: 4.5 })).toEqual(['Gold Whey', 'Whey Isolate']);
    expect(filtered({ category: ['whey-isolate'] })).toEqual(['Whey Isolate']);
    // Flavors are known only for products whose page (or a flavor listing) was seen.
    expect(filtered({ flavor: ['vanilla'] })).toEqual(['Whey Isolate']);
    expect(filtered({ minPrice: 4000, maxPrice: 5000 })).toEqual(['Gold Whey']);
  });

  test('pages of the given size', () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      summary(`Whey ${String(index + 1).padStart(2, '0')}`),
    );
    const second = offlineSearchResults([cached(many)], { search: 'whey', sort: 'name', page: 2 });
    expect(names(second.results.products)).toEqual(
      Array.from({ length: 6 }, (_, index) => `Whey ${index + 25}`),
    );
    expect(second.results.pagination).toMatchObject({
      totalProducts: 30,
      page: 2,
      totalPages: 2,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  test('nothing matches: an empty answer with empty facets', () => {
    const answer = offlineSearchResults(queries, { search: 'glucosamine' });
    expect(answer.results.products).toEqual([]);
    expect(answer.results.pagination).toMatchObject({ totalProducts: 0, totalPages: 0 });
    expect(answer.facets).toEqual({
      categories: [],
      brands: [],
      flavors: [],
      priceRange: { min: null, max: null },
    });
  });
});
