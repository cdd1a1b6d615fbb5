import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { PopularCategories } from '../../../components/listing/popular-categories.tsx';
import { findBySlug, taxonomyQueryOptions } from '../../../lib/catalog/get-taxonomy.ts';
import { TAXONOMY_LISTINGS } from '../lib/listing-loaders.ts';
import {
  toSearchParams,
  type ListingFilterName,
  type ListingSearch,
} from '../../../lib/catalog/listing-search.ts';
import { ProductListing, useListingResults } from '../../../components/listing/product-listing.tsx';

export function TaxonomyListing({
  kind,
  slug,
  search,
}: {
  kind: ListingFilterName;
  slug: string;
  search: ListingSearch;
}) {
  const { i18n } = useLingui();
  const { data: items } = useSuspenseQuery(taxonomyQueryOptions(TAXONOMY_LISTINGS[kind].name));
  const results = useListingResults(toSearchParams(search, { [kind]: slug }));
  const item = findBySlug(items, slug);
  return (
    <main id="main">
      <ProductListing
        results={results}
        eyebrow={i18n._(TAXONOMY_LISTINGS[kind].eyebrow)}
        title={item?.name ?? slug}
        description={item?.description ? <p>{item.description}</p> : undefined}
        search={search}
        fixedFacet={kind}
        emptySuggestions={<PopularCategories />}
      />
    </main>
  );
}
