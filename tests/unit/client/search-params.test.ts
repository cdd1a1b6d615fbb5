import { SEARCH_SORTS } from '../../../contract/search-rules.ts';
/**
 * The routes' search-param schemas, run the way the app runs them: a URL's query goes through
 * TanStack Router's default parsing (the app's router keeps it) and route matching, and the test
 * reads the search the route's component and loader get — the raw params with the validated ones
 * laid over them.
 */
import {
  createRootRoute,
  createRoute,
  createRouter,
  defaultParseSearch,
  defaultStringifySearch,
} from '@tanstack/react-router';
import { describe, expect, test } from 'vitest';
import type * as z from 'zod/mini';
import { redirectSearchSchema } from '../../../src/features/account/redirect-search.ts';
import {
  listingSearchSchema,
  searchPageSchema,
  toSearchParams,
  type ListingSearch,
} from '../../../src/lib/catalog/listing-search.ts';
import { productSearchSchema } from '../../../src/features/product/lib/product-search.ts';

/** The search a route validating with `schema` sees at `query` (`?page=2`); throws if it fails. */
function searchAt(schema: z.core.$ZodType, query: string): Record<string, unknown> {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: '/', validateSearch: schema });
  const router = createRouter({ routeTree: rootRoute.addChildren([route]) });
  const match = router.matchRoutes('/', defaultParseSearch(query)).at(-1)!;
  if (match.searchError) throw match.searchError;
  return match.search as Record<string, unknown>;
}

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

describe('product page', () => {
  test('flavor and size are kept, trimmed; blank or missing is no choice', () => {
    expect(searchAt(productSearchSchema, '?flavor=vanilla&size=5%20lb')).toEqual({
      flavor: 'vanilla',
      size: '5 lb',
    });
    expect(searchAt(productSearchSchema, '?size=10')).toEqual({ size: '10' });
    expect(searchAt(productSearchSchema, '?flavor=%20')).toEqual({ flavor: undefined });
    expect(searchAt(productSearchSchema, '')).toStrictEqual({});
  });
});

describe('login and register', () => {
  test('redirect is kept when it is text and dropped otherwise', () => {
    expect(searchAt(redirectSearchSchema, '?redirect=%2Fmy-orders')).toEqual({
      redirect: '/my-orders',
    });
    expect(searchAt(redirectSearchSchema, '')).toStrictEqual({});
    expect(searchAt(redirectSearchSchema, '?redirect=123')).toEqual({ redirect: undefined });
    expect(searchAt(redirectSearchSchema, '?redirect=%2Fa&redirect=%2Fb')).toEqual({
      redirect: undefined,
    });
  });
});
