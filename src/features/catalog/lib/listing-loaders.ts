/**
 * The loaders of the listing routes, kept apart from the listing components so a route's
 * loader (which ships with the first page) does not pull the listing UI along.
 *
 * Exports: TAXONOMY_LISTINGS, loadTaxonomyListing(...), hasSearchTerm(search),
 * loadSearchResults(...).
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { TaxonomyName } from '../../../../contract/catalog.ts';
import { findBySlug, taxonomyQueryOptions } from '../api/get-taxonomy.ts';
import { searchProductsQueryOptions } from '../api/search-products.ts';
import { toSearchParams, type ListingFilterName, type ListingSearch } from './listing-search.ts';

export const TAXONOMY_LISTINGS: Record<ListingFilterName, { name: TaxonomyName; eyebrow: string }> =
  {
    category: { name: 'categories', eyebrow: 'Category' },
    brand: { name: 'brands', eyebrow: 'Brand' },
    flavor: { name: 'flavors', eyebrow: 'Flavor' },
  };

/**
 * The loader of a category, brand or flavor page: the taxonomy list (for the heading) and the
 * first results, together. An unknown slug is the not-found page, not an empty listing.
 * Once on the page (`stay`: a filter, sort or page change) the loader does not wait: the controls
 * move at once and the previous results stay, dimmed, until the new ones arrive.
 */
export async function loadTaxonomyListing(
  queryClient: QueryClient,
  kind: ListingFilterName,
  slug: string,
  search: ListingSearch,
  cause: 'preload' | 'enter' | 'stay',
): Promise<void> {
  const results = searchProductsQueryOptions(toSearchParams(search, { [kind]: slug }));
  if (cause === 'stay') {
    void queryClient.prefetchQuery(results);
    return;
  }
  const [items] = await Promise.all([
    queryClient.ensureQueryData(taxonomyQueryOptions(TAXONOMY_LISTINGS[kind].name)),
    queryClient.ensureQueryData(results),
  ]);
  if (!findBySlug(items, slug)) throw notFound();
}

/** Product search needs at least one trimmed character (spec §5); otherwise nothing is asked. */
export function hasSearchTerm(search: ListingSearch): boolean {
  return Boolean(search.q?.trim());
}

/**
 * Like a taxonomy listing: waits on entering, not on a filter change (see loadTaxonomyListing).
 * Offline, a search with no saved answer does not wait at all: the page shows offline results.
 */
export async function loadSearchResults(
  queryClient: QueryClient,
  search: ListingSearch,
  cause: 'preload' | 'enter' | 'stay',
): Promise<void> {
  if (!hasSearchTerm(search)) return;
  const results = searchProductsQueryOptions(toSearchParams(search));
  // Offline, a search never made cannot load: the page lists the saved products that match.
  if (!onlineManager.isOnline() && queryClient.getQueryData(results.queryKey) === undefined) return;
  if (cause === 'stay') void queryClient.prefetchQuery(results);
  else await queryClient.ensureQueryData(results);
}
