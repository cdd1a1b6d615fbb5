import { SEARCH_SORTS } from '../../../../contract/search-rules.ts';
import { defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, test } from 'vitest';
import { searchAt } from '../../../testing/search-at.ts';
import {
  listingSearchSchema,
  searchPageSchema,
  toSearchParams,
  type ListingSearch,
} from '../listing-search.ts';

describe('listing search (category, brand, flavor pages)', () => {
  test('valid params are kept as the URL says', () => {
    expect(
      searchAt(
        listingSearchSchema,
        '?sort=price-asc&page=3&category=creatine&brand=apex-labs,raw-origin&flavor=mocha' +
          '&minPrice=20&maxPrice=60&inStock=true&minRating=4',
      ),
    ).toEqual({
      sort: 'price-asc',
      page: 3,
      category: 'creatine',
      brand: 'apex-labs,raw-origin',
      flavor: 'mocha',
      minPrice: 20,
      maxPrice: 60,
      inStock: true,
      minRating: 4,
    });
    for (const sort of SEARCH_SORTS) {
      expect(searchAt(listingSearchSchema, `?sort=${sort}`)).toEqual({ sort });
    }
  });

  test('missing params stay missing: page one, the default sort, no filter', () => {
    const search = searchAt(listingSearchSchema, '');
    expect(search).toStrictEqual({});
    expect(toSearchParams(search as ListingSearch)).toMatchObject({
      page: undefined,
      sort: undefined,
      brand: undefined,
    });
  });

  test('a value that does not fit falls back instead of failing the page, and cannot show through', () => {
    const search = searchAt(
      listingSearchSchema,
      '?page=abc&sort=cheapest&category=Bad%20Slug!&minPrice=-5&maxPrice=lots&inStock=yes' +
        '&minRating=9&utm_source=newsletter',
    );
    expect(search).toEqual({
      page: undefined,
      sort: undefined,
      category: undefined,
      minPrice: undefined,
      maxPrice: undefined,
      inStock: undefined,
      minRating: undefined,
      // Params the shop does not know are left alone (and never reach the API).
      utm_source: 'newsletter',
    });
    expect(toSearchParams(search as ListingSearch)).toMatchObject({ page: undefined });
  });

  test.each(['0', '-1', '2.5', '10001', 'true', '%5B2%5D', '%7B%7D'])(
    'page=%s is page one',
    (page) => {
      expect(searchAt(listingSearchSchema, `?page=${page}`).page).toBeUndefined();
    },
  );

  test('a filter list may come comma-joined, as a repeated key or as an array; slugs are cleaned', () => {
    expect(searchAt(listingSearchSchema, '?brand=apex-labs,Raw-Origin,,bad%20slug!').brand).toBe(
      'apex-labs,raw-origin',
    );
    expect(searchAt(listingSearchSchema, '?brand=apex-labs&brand=raw-origin').brand).toBe(
      'apex-labs,raw-origin',
    );
    const jsonArray = `?flavor=${encodeURIComponent(JSON.stringify(['mocha', ' Vanilla ', '']))}`;
    expect(searchAt(listingSearchSchema, jsonArray).flavor).toBe('mocha,vanilla');
    // The router reads a lone `1` as a number; as a slug it is text.
    expect(searchAt(listingSearchSchema, '?category=1&category=2-in-1').category).toBe('1,2-in-1');
    expect(searchAt(listingSearchSchema, '?brand=%7B%22a%22%3A1%7D').brand).toBeUndefined();
    expect(
      toSearchParams(searchAt(listingSearchSchema, '?brand=a&brand=b') as ListingSearch),
    ).toMatchObject({ brand: ['a', 'b'] });
  });

  test('a validated search written back to a URL reads the same (a shared link opens the same listing)', () => {
    const search = searchAt(
      searchPageSchema,
      '?q=whey&sort=rating&page=2&brand=a&brand=b&minPrice=10&inStock=true',
    );
    expect(searchAt(searchPageSchema, defaultStringifySearch(search))).toEqual(search);
  });
});

describe('search page (/search, /search/products)', () => {
  test('q is the trimmed term; the listing params come along', () => {
    expect(searchAt(searchPageSchema, '?q=%20whey%20isolate%20&page=2')).toEqual({
      q: 'whey isolate',
      page: 2,
    });
  });

  test('a term the router reads as a number or a boolean stays text', () => {
    expect(searchAt(searchPageSchema, '?q=100').q).toBe('100');
    expect(searchAt(searchPageSchema, '?q=true').q).toBe('true');
  });

  test('a blank or missing term is no term', () => {
    expect(searchAt(searchPageSchema, '?q=%20%20').q).toBeUndefined();
    expect(searchAt(searchPageSchema, '?q=').q).toBeUndefined();
    expect(searchAt(searchPageSchema, '')).toStrictEqual({});
  });
});
