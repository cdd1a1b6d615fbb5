/**
 * The note over search results shown offline: saved results of a search made before, or the
 * products saved on this device that match (offline-search-results.tsx).
 */
import { useLingui } from '@lingui/react/macro';
import styles from '../../../components/listing/product-listing.module.css';

export function OfflineNote({ saved = false }: { saved?: boolean }) {
  const { t } = useLingui();
  return (
    <p className={styles.offlineNote} role="status" data-testid="offline-results">
      {saved
        ? t`You're offline — these results were saved on this device when you last searched.`
        : t`You're offline — showing the products saved on this device that match. Search again once you're back online to see the whole catalog.`}
    </p>
  );
}
