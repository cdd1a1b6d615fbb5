import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TaxonomyListing } from '../../../features/catalog/components/taxonomy-listing.tsx';
import { loadTaxonomyListing } from '../../../features/catalog/lib/listing-loaders.ts';
import { listingSearchSchema } from '../../../lib/catalog/listing-search.ts';
import { WithQuickAdd } from '../../../layout/components/quick-add.tsx';
import { titled } from '../../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/flavor/$flavorSlug')({
  head: titled(msg`Flavor Products`),
  validateSearch: listingSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, params, deps, cause }) =>
    loadTaxonomyListing(context.queryClient, 'flavor', params.flavorSlug, deps, cause),
  component: Listing,
});

function Listing() {
  const { flavorSlug } = Route.useParams();
  const search = Route.useSearch();
  return (
    <WithQuickAdd>
      <TaxonomyListing kind="flavor" slug={flavorSlug} search={search} />
    </WithQuickAdd>
  );
}
