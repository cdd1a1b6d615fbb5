/**
 * The URL of a listing (category, brand, flavor, search): its filters, sort and page live in the
 * search params so a listing can be shared and the back button walks through filter changes.
 *
 * In the URL, lists are comma-joined slugs (`brand=acme,forge`) and prices whole dollars
 * (`minPrice=20`); a malformed value is dropped rather than failing the page.
 *
 * Exports: listingSearchSchema, searchPageSchema (adds `q`), ListingSearch, ListingFilterName,
 * toSearchParams(search, fixed), listOf(value), toggleInList(value, slug), withoutPage(search).
 */
import { z } from 'zod';
import { SEARCH_SORTS } from '../../../../contract/search.ts';
import type { SearchProductsParams } from '../api/search-products.ts';

/** The router reads `q=123` as a number; a search term is text either way. */
const text = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .optional()
  .catch(undefined);

const slugList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((slug) => slug.trim().toLowerCase())
      .filter((slug) => /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug))
      .join(','),
  )
  .transform((value) => value || undefined)
  .optional()
  .catch(undefined);

const dollars = z.number().int().min(0).max(1_000_000).optional().catch(undefined);

export const listingSearchSchema = z.object({
  sort: z.enum(SEARCH_SORTS).optional().catch(undefined),
  page: z.number().int().min(1).max(10_000).optional().catch(undefined),
  category: slugList,
  brand: slugList,
  flavor: slugList,
  minPrice: dollars,
  maxPrice: dollars,
  inStock: z.boolean().optional().catch(undefined),
  minRating: z.number().min(0).max(5).optional().catch(undefined),
});

export const searchPageSchema = listingSearchSchema.extend({ q: text });

export type ListingSearch = z.infer<typeof listingSearchSchema> & { q?: string | undefined };
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
