import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import styles from './admin.module.css';

/**
 * The desk's screens, the one on screen marked `aria-current="page"` (the router's Link does it).
 * Filters and the page in the URL do not change which screen it is.
 */
export function DeskNav() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Desk`} className={styles.deskNav}>
      <ul>
        <li>
          <Link to="/admin/orders" activeOptions={{ exact: true, includeSearch: false }}>
            <Trans>Orders</Trans>
          </Link>
        </li>
        <li>
          <Link to="/admin/reviews" activeOptions={{ exact: true, includeSearch: false }}>
            <Trans>Reviews</Trans>
          </Link>
        </li>
      </ul>
    </nav>
  );
}
