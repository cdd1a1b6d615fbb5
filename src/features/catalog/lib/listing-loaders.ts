/**
 * The loaders of the category, brand and flavor routes, kept apart from the listing components
 * so a route's loader (which ships with the first page) does not pull the listing UI along.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { TaxonomyName } from '../../../../contract/catalog.ts';
import { findBySlug, taxonomyQueryOptions } from '../../../lib/catalog/get-taxonomy.ts';
import { searchProductsQueryOptions } from '../../../lib/catalog/search-products.ts';
import {
  toSearchParams,
  type ListingFilterName,
  type ListingSearch,
} from '../../../lib/catalog/listing-search.ts';

export const TAXONOMY_LISTINGS: Record<
  ListingFilterName,
  { name: TaxonomyName; eyebrow: MessageDescriptor }
> = {
  category: { name: 'categories', eyebrow: msg`Category` },
  brand: { name: 'brands', eyebrow: msg`Brand` },
  flavor: { name: 'flavors', eyebrow: msg`Flavor` },
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
