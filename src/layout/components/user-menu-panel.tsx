/**
 * The user menu's panel (user-menu.tsx): the greeting and the items, with the menu's keys. A chunk
 * of its own, fetched as the header mounts: the panel opens only on a hover, a click or a key, so
 * neither the server's HTML nor hydration needs it.
 */
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { KeyboardEvent, RefObject } from 'react';
import { useCustomer } from '../../stores/customer.ts';
import { useLogout } from '../../features/account/api/logout.ts';
import styles from './user-menu.module.css';

export interface UserMenuPanelProps {
  open: boolean;
  dark: boolean;
  menuId: string;
  buttonId: string;
  menuRef: RefObject<HTMLUListElement | null>;
  /** Closes the menu; with `refocus`, focus goes back to its button (Escape). */
  onClose: (refocus: boolean) => void;
}

export function UserMenuPanel({
  open,
  dark,
  menuId,
  buttonId,
  menuRef,
  onClose,
}: UserMenuPanelProps) {
  const { user } = useCustomer();
  const name = user?.name;
  const logout = useLogout();

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        onClose(true);
        return;
      case 'Tab':
        onClose(false);
        return;
    }
  }

  return (
    <div
      className={[styles.panel, dark ? styles.dark : styles.light, open && styles.open]
        .filter(Boolean)
        .join(' ')}
      data-testid="user-menu"
      data-open={open}
    >
      {user ? (
        <p className={styles.greeting}>
          <Trans>
            Hello, <strong>{name}</strong>
          </Trans>
        </p>
      ) : null}
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-labelledby={buttonId}
        className={styles.list}
        onKeyDown={onMenuKeyDown}
      >
        {user ? (
          <>
            {user.guest ? null : (
              <li role="none">
                <Link to="/profile/me" role="menuitem" tabIndex={-1} className={styles.item}>
                  <Trans>My Profile</Trans>
                </Link>
              </li>
            )}
            <li role="none">
              <Link to="/my-orders" role="menuitem" tabIndex={-1} className={styles.item}>
                <Trans>My Orders</Trans>
              </Link>
            </li>
            {user.role === 'admin' ? (
              <li role="none">
                <Link to="/admin/orders" role="menuitem" tabIndex={-1} className={styles.item}>
                  <Trans>Order desk</Trans>
                </Link>
              </li>
            ) : null}
            <li role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={`${styles.item} ${styles.logout}`}
                disabled={logout.isPending}
                onClick={() => {
                  onClose(false);
                  logout.mutate();
                }}
              >
                <Trans>Logout</Trans>
              </button>
            </li>
          </>
        ) : (
          <>
            <li role="none">
              <Link to="/login" role="menuitem" tabIndex={-1} className={styles.item}>
                <Trans>Login</Trans>
              </Link>
            </li>
            <li role="none">
              <Link to="/register" role="menuitem" tabIndex={-1} className={styles.item}>
                <Trans>Register</Trans>
              </Link>
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
