/**
 * The URL of a listing (category, brand, flavor, search): its filters, sort and page live in the
 * search params so a listing can be shared and the back button walks through filter changes.
 *
 * In the URL, lists are comma-joined slugs (`brand=acme,forge`) and prices whole dollars
 * (`minPrice=20`); a malformed value is dropped rather than failing the page.
 *
 * Exports: parseListingSearch, parseSearchPage (adds `q`), searchText, ListingSearch, ListingFilterName,
 * toSearchParams(search, fixed), listOf(value), toggleInList(value, slug), withoutPage(search).
 */
import type { SearchSort } from '../../../../contract/search.ts';
import type { SearchProductsParams } from '../api/search-products.ts';

/**
 * These validators run in route definitions, which ship with the first page; written by hand they
 * cost a few hundred bytes where even zod/mini costs 14 KiB gzipped of a 150 KiB budget. For the
 * same reason the sorts are spelled out rather than imported from the contract (whose module
 * builds zod schemas when loaded); the type check below fails the build if the lists differ.
 */
export const LISTING_SORTS = [
  'relevance',
  'price-asc',
  'price-desc',
  'newest',
  'rating',
  'name',
] as const satisfies readonly SearchSort[];
type MissingSort = Exclude<SearchSort, (typeof LISTING_SORTS)[number]>;
export const _everySortListed: [MissingSort] extends [never] ? true : MissingSort = true;

export interface ListingSearch {
  sort?: SearchSort | undefined;
  page?: number | undefined;
  /** Comma-joined slugs. */
  category?: string | undefined;
  brand?: string | undefined;
  flavor?: string | undefined;
  /** Whole dollars. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  inStock?: boolean | undefined;
  minRating?: number | undefined;
  /** The search term, on search pages only. */
  q?: string | undefined;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const wholeNumber = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : undefined;

/** The router reads `q=123` as a number; a search term is text either way. */
export const searchText = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined;

const slugList = (value: unknown) => {
  if (typeof value !== 'string') return undefined;
  const slugs = value
    .split(',')
    .map((slug) => slug.trim().toLowerCase())
    .filter((slug) => SLUG.test(slug));
  return slugs.length ? slugs.join(',') : undefined;
};

/** Keeps only the keys that hold a value, so URLs stay clean. */
function defined<T extends object>(search: T): T {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined)) as T;
}

export function parseListingSearch(raw: Record<string, unknown>): ListingSearch {
  const rating = raw.minRating;
  return defined({
    sort: LISTING_SORTS.find((sort) => sort === raw.sort),
    page: wholeNumber(raw.page, 1, 10_000),
    category: slugList(raw.category),
    brand: slugList(raw.brand),
    flavor: slugList(raw.flavor),
    minPrice: wholeNumber(raw.minPrice, 0, 1_000_000),
    maxPrice: wholeNumber(raw.maxPrice, 0, 1_000_000),
    inStock: typeof raw.inStock === 'boolean' ? raw.inStock : undefined,
    minRating: typeof rating === 'number' && rating >= 0 && rating <= 5 ? rating : undefined,
  });
}

export function parseSearchPage(raw: Record<string, unknown>): ListingSearch {
  return defined({ ...parseListingSearch(raw), q: searchText(raw.q) });
}

export type ListingFilterName = 'category' | 'brand' | 'flavor';

export function listOf(value: string | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

/** Adds the slug to a comma-joined list, or removes it when it is already there. */
export function toggleInList(value: string | undefined, slug: string): string | undefined {
  const list = listOf(value);
  const next = list.includes(slug) ? list.filter((item) => item !== slug) : [...list, slug];
  return next.length ? next.join(',') : undefined;
}

/** A filter change starts the results over at page one. */
export function withoutPage<T extends ListingSearch>(search: T): T {
  return { ...search, page: undefined };
}

/**
 * The API query for a listing: the URL's filters plus the listing's own fixed filter (the
 * category of a category page, ...), which the shopper cannot remove.
 */
export function toSearchParams(
  search: ListingSearch,
  fixed: Partial<Record<ListingFilterName, string>> = {},
): SearchProductsParams {
  const merged = (name: ListingFilterName) => {
    const list = fixed[name] ? [fixed[name]] : listOf(search[name]);
    return list.length ? list : undefined;
  };
  // A hand-edited URL with the bounds crossed would be refused by the API; ignore the maximum.
  const maxPrice =
    search.maxPrice !== undefined && (search.minPrice ?? 0) <= search.maxPrice
      ? search.maxPrice
      : undefined;
  return {
    search: search.q || undefined,
    category: merged('category'),
    brand: merged('brand'),
    flavor: merged('flavor'),
    minPrice: search.minPrice !== undefined ? search.minPrice * 100 : undefined,
    maxPrice: maxPrice !== undefined ? maxPrice * 100 : undefined,
    inStock: search.inStock || undefined,
    minRating: search.minRating || undefined,
    sort: search.sort,
    page: search.page && search.page > 1 ? search.page : undefined,
  };
}
