import { describe, expect, test } from 'vitest';
import { toggleInList, toSearchParams } from '../listing-search.ts';

// The URL's schemas are tested through the router in ./search-params.test.ts.
describe('listing URL', () => {
  test('toggleInList adds and removes slugs, and empties to undefined', () => {
    expect(toggleInList(undefined, 'vanilla')).toBe('vanilla');
    expect(toggleInList('vanilla', 'mocha')).toBe('vanilla,mocha');
    expect(toggleInList('vanilla,mocha', 'vanilla')).toBe('mocha');
    expect(toggleInList('mocha', 'mocha')).toBeUndefined();
  });
});

describe('toSearchParams', () => {
  test('dollars become cents, lists become arrays, page one and blanks are left out', () => {
    expect(
      toSearchParams({ q: ' whey ', brand: 'a,b', minPrice: 20, maxPrice: 60, page: 1 }),
    ).toEqual({
      search: ' whey ',
      category: undefined,
      brand: ['a', 'b'],
      flavor: undefined,
      minPrice: 2000,
      maxPrice: 6000,
      inStock: undefined,
      minRating: undefined,
      sort: undefined,
      page: undefined,
    });
  });

  test('crossed price bounds drop the maximum rather than asking for an impossible range', () => {
    const params = toSearchParams({ minPrice: 80, maxPrice: 20 });
    expect(params).toMatchObject({ minPrice: 8000, maxPrice: undefined });
  });

  test("the listing's own filter replaces whatever the URL says for it", () => {
    const params = toSearchParams({ category: 'creatine', flavor: 'mocha' }, { category: 'carbs' });
    expect(params.category).toEqual(['carbs']);
    expect(params.flavor).toEqual(['mocha']);
  });
});
