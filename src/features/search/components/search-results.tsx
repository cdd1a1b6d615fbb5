import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { hasSearchTerm } from '../lib/search-loaders.ts';
import { toSearchParams, type ListingSearch } from '../../../lib/catalog/listing-search.ts';
import { OfflineNote } from './offline-note.tsx';
import { ProductListing, useListingResults } from '../../../components/listing/product-listing.tsx';
import styles from '../../../components/listing/product-listing.module.css';
import { PopularCategories } from '../../../components/listing/popular-categories.tsx';

/** Offline only, when every file comes from the service worker's cache: not on a first page. */
const OfflineSearchResults = lazy(() =>
  afterMessages(() => import('./offline-search-results.tsx')).then((module) => ({
    default: module.OfflineSearchResults,
  })),
);

export function SearchResults({ search }: { search: ListingSearch }) {
  return <main id="main">{hasSearchTerm(search) ? <Results search={search} /> : <NoTerm />}</main>;
}

function Results({ search }: { search: ListingSearch }) {
  const { t } = useLingui();
  const online = useOnline();
  const results = useListingResults(toSearchParams(search));
  const term = search.q?.trim();
  const title = t`“${term}”`;
  // Offline, a search never made online (or another one's answer kept as a placeholder) lists
  // the saved products that match instead; a search made before is shown as it was saved.
  if (!online && (!results.data || results.isPlaceholderData)) {
    return (
      <Suspense fallback={null}>
        <OfflineSearchResults search={search} title={title} />
      </Suspense>
    );
  }
  return (
    <ProductListing
      eyebrow={t`Search results`}
      title={title}
      description={online ? undefined : <OfflineNote saved />}
      search={search}
      results={results}
      emptySuggestions={<PopularCategories />}
    />
  );
}

function NoTerm() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>
          <Trans>Search results</Trans>
        </p>
        <h1 className={styles.title}>
          <Trans>Search the shop</Trans>
        </h1>
      </header>
      <div className={styles.empty}>
        <p>
          <Trans>
            Type a product, brand, flavor or category in the search box to see matching products.
          </Trans>
        </p>
        <PopularCategories />
      </div>
    </div>
  );
}
