/**
 * The search results page while offline: when the search was never made online,
 * the products saved on this device that match (see search/lib/offline-search.ts) are listed in
 * the shared listing view — filters, sort and pages work on them — under a note saying they are
 * offline results; when none match, a friendly empty state says why. The same note also marks a
 * search saved before and shown offline (./offline-note.tsx).
 *
 * Shown only offline, when every file of the shop comes from the service worker's cache, so the
 * search page loads it lazily (search-results.tsx) and no online first page carries it.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useOfflineSearch } from '../hooks/use-offline-search.ts';
import { toSearchParams, type ListingSearch } from '../../../lib/catalog/listing-search.ts';
import { ListingView } from '../../../components/listing/product-listing.tsx';
import { OfflineNote } from './offline-note.tsx';
import styles from '../../../components/listing/product-listing.module.css';

const EYEBROW = msg`Offline results`;

const hasFilters = (search: ListingSearch) =>
  Boolean(search.category || search.brand || search.flavor || search.inStock || search.minRating) ||
  search.minPrice !== undefined ||
  search.maxPrice !== undefined;

export function OfflineSearchResults({ search, title }: { search: ListingSearch; title: string }) {
  const { t, i18n } = useLingui();
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
        eyebrow={i18n._(EYEBROW)}
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
        <p className={styles.eyebrow}>{i18n._(EYEBROW)}</p>
        <h1 className={styles.title}>{title}</h1>
        <div className={styles.description}>
          <OfflineNote />
        </div>
      </header>
      {found.status === 'success' ? (
        <div className={styles.empty} data-testid="offline-results-empty">
          <h2 className={styles.emptyTitle}>
            <Trans>No saved products match</Trans>
          </h2>
          <p>
            <Trans>
              Products you have browsed are saved on this device and can be searched offline; none
              of them matches {title}. Try another word, or search again once you&apos;re back
              online.
            </Trans>
          </p>
          <p className={styles.emptyHelp}>
            <Link to="/">
              <Trans>Go to the home page</Trans>
            </Link>
          </p>
        </div>
      ) : found.status === 'error' ? (
        <div className={styles.empty} role="alert">
          <p>
            <Trans>The products saved on this device could not be searched.</Trans>
          </p>
        </div>
      ) : (
        <div className={styles.loading}>
          <Spinner label={t`Searching saved products`} />
        </div>
      )}
    </div>
  );
}
