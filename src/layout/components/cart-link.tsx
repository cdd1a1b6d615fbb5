/**
 * The header's cart icon linking to /cart, with the red badge showing the cart's total quantity
 * when it is above zero, and a dot while changes wait to sync.
 */
import { select } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { cartTotalQuantity, useCart } from '../../features/cart/api/index.ts';
import {
  pendingSyncText,
  usePendingSyncCount,
} from '../../features/cart/components/pending-sync.tsx';
import { pluralForm } from '../../lib/i18n/plural-form.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
import styles from './cart-link.module.css';
import { CartIcon } from './icons.tsx';

export function CartLink({ className }: { className?: string }) {
  const { t, i18n } = useLingui();
  const { data } = useCart();
  const count = cartTotalQuantity(data);
  const waiting = usePendingSyncCount();
  // On every page's header: its form is chosen without Intl (plural-form.ts).
  const form = pluralForm(count, useLocale());
  const label = [
    count > 0
      ? t`${select(form, { one: `Cart, ${count} item`, other: `Cart, ${count} items` })}`
      : t`Cart`,
    waiting > 0 ? pendingSyncText(waiting, i18n) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      to="/cart"
      className={className}
      aria-label={label}
      title={waiting > 0 ? pendingSyncText(waiting, i18n) : undefined}
      data-testid="cart-link"
    >
      <CartIcon />
      {count > 0 ? (
        <span className={styles.badge} data-testid="cart-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
      {waiting > 0 ? (
        <span className={styles.syncing} data-testid="cart-sync-dot" aria-hidden="true" />
      ) : null}
    </Link>
  );
}
