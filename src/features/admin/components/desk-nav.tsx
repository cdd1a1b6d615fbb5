import { Link } from '@tanstack/react-router';
import styles from './admin.module.css';

/**
 * The desk's screens, the one on screen marked `aria-current="page"` (the router's Link does it).
 * Filters and the page in the URL do not change which screen it is.
 */
export function DeskNav() {
  return (
    <nav aria-label="Desk" className={styles.deskNav}>
      <ul>
        <li>
          <Link to="/admin/orders" activeOptions={{ exact: true, includeSearch: false }}>
            Orders
          </Link>
        </li>
        <li>
          <Link to="/admin/reviews" activeOptions={{ exact: true, includeSearch: false }}>
            Reviews
          </Link>
        </li>
      </ul>
    </nav>
  );
}
