/**
 * The URL of a listing (category, brand, flavor, search): its filters, sort and page live in the
 * search params so a listing can be shared and the back button walks through filter changes.
 *
 * In the URL, lists are comma-joined slugs (`brand=acme,forge`; a repeated key,
 * `brand=acme&brand=forge`, is read the same) and prices whole dollars (`minPrice=20`). A value
 * that does not fit is dropped rather than failing the page (src/lib/search-params.ts).
 */
import { SEARCH_SORTS } from '../../../contract/search-rules.ts';
import {
  flag,
  numberBetween,
  oneOf,
  searchSchema,
  searchText,
  wholeNumber,
  type SearchParam,
} from '../search-params.ts';
import type { SearchProductsParams } from './search-products.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * Comma-joined slugs, malformed ones left out. A repeated key reaches the schema as an array,
 * whose string form is already comma-joined; the router reads a lone number (`flavor=1`) as one.
 */
const slugList: SearchParam<string> = (value) => {
  if (value === undefined) return undefined;
  const slugs = String(value)
    .split(',')
    .map((slug) => slug.trim().toLowerCase())
    .filter((slug) => SLUG.test(slug));
  return slugs.length ? slugs.join(',') : undefined;
};

const listingShape = {
  sort: oneOf(SEARCH_SORTS),
  page: wholeNumber(1, 10_000),
  category: slugList,
  brand: slugList,
  flavor: slugList,
  /** Whole dollars. */
  minPrice: wholeNumber(0, 1_000_000),
  maxPrice: wholeNumber(0, 1_000_000),
  inStock: flag,
  minRating: numberBetween(0, 5),
};

/** Category, brand and flavor pages. */
export const listingSearchSchema = searchSchema(listingShape);

/** /search and /search/products: the listing's params plus the search term. */
export const searchPageSchema = searchSchema({ ...listingShape, q: searchText });

export type ListingSearch = ReturnType<typeof searchPageSchema>;

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
