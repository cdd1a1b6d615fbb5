import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { SearchResults } from '../../../features/search/components/search-results.tsx';
import { loadSearchResults } from '../../../features/search/lib/search-loaders.ts';
import { searchPageSchema } from '../../../lib/catalog/listing-search.ts';
import { WithQuickAdd } from '../../../layout/components/quick-add.tsx';
import { titled } from '../../../lib/document-title.ts';

/** Where a suggestion of no known type leads (`/search?q={name}`); the same view as /search/products. */
export const Route = createFileRoute('/_shop/search/')({
  head: titled(msg`Search Results`),
  validateSearch: searchPageSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => loadSearchResults(context.queryClient, deps, cause),
  component: Search,
});

function Search() {
  return (
    <WithQuickAdd>
      <SearchResults search={Route.useSearch()} />
    </WithQuickAdd>
  );
}
