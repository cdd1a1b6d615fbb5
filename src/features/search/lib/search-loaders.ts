/**
 * The loader of the search routes, kept apart from the search results component so a route's
 * loader (which ships with the first page) does not pull the listing UI along.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { searchProductsQueryOptions } from '../../../lib/catalog/search-products.ts';
import { toSearchParams, type ListingSearch } from '../../../lib/catalog/listing-search.ts';

/** Product search needs at least one trimmed character; otherwise nothing is asked. */
export function hasSearchTerm(search: ListingSearch): boolean {
  return Boolean(search.q?.trim());
}

/**
 * Like a taxonomy listing: waits on entering, not on a filter change (see loadTaxonomyListing in
 * features/catalog).
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
