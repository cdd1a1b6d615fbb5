/**
 * The search results page while offline: when the search was never made online,
 * the products saved on this device that match (see search/lib/offline-search.ts) are listed in
 * the shared listing view — filters, sort and pages work on them — under a note saying they are
 * offline results; when none match, a friendly empty state says why. The same note also marks a
 * search saved before and shown offline.
 */
import { Link } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOfflineSearch } from '../hooks/use-offline-search.ts';
import { toSearchParams, type ListingSearch } from '../../../lib/catalog/listing-search.ts';
import { ListingView } from '../../../components/listing/product-listing.tsx';
import styles from '../../../components/listing/product-listing.module.css';

const EYEBROW = 'Offline results';

export function OfflineNote({ saved = false }: { saved?: boolean }) {
  return (
    <p className={styles.offlineNote} role="status" data-testid="offline-results">
      {saved
        ? "You're offline — these results were saved on this device when you last searched."
        : "You're offline — showing the products saved on this device that match. Search again once you're back online to see the whole catalog."}
    </p>
  );
}

const hasFilters = (search: ListingSearch) =>
  Boolean(search.category || search.brand || search.flavor || search.inStock || search.minRating) ||
  search.minPrice !== undefined ||
  search.maxPrice !== undefined;

export function OfflineSearchResults({ search, title }: { search: ListingSearch; title: string }) {
  const params = toSearchParams(search);
  const found = useOfflineSearch(JSON.stringify(params), (module, queries) =>
    module.offlineSearchResults(queries, params),
  );

  const data =
    found.status === 'success'
      ? found.data
      : found.status === 'pending'
        ? found.previous
        : undefined;
  if (data && (data.results.products.length > 0 || hasFilters(search))) {
    return (
      <ListingView
        eyebrow={EYEBROW}
        title={title}
        description={<OfflineNote />}
        search={search}
        data={data}
        updating={found.status === 'pending'}
      />
    );
  }
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{EYEBROW}</p>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.description}>
          <OfflineNote />
        </div>
      </header>
      {found.status === 'success' ? (
        <div className={styles.empty} data-testid="offline-results-empty">
          <h2 className={styles.emptyTitle}>No saved products match</h2>
          <p>
            Products you have browsed are saved on this device and can be searched offline; none of
            them matches {title}. Try another word, or search again once you&apos;re back online.
          </p>
          <p className={styles.emptyHelp}>
            <Link to="/">Go to the home page</Link>
          </p>
        </div>
      ) : found.status === 'error' ? (
        <div className={styles.empty} role="alert">
          <p>The products saved on this device could not be searched.</p>
        </div>
      ) : (
        <div className={styles.loading}>
          <Spinner label="Searching saved products" />
        </div>
      )}
    </div>
  );
}
