/**
 * The account menu button (WAI-ARIA menu button): opens on hover or click, closes on an outside
 * click, Escape (focus back on the button) or Tab; ↑/↓/Home/End move between items; 0.2 s fade.
 * Signed in: a greeting with the name, My Profile, My Orders, Order desk (staff only) and Logout;
 * signed out: Login and Register. `dark` matches the transparent home header.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useCustomer } from '../../stores/customer.ts';
import { useLogout } from '../../features/account/api/logout.ts';
import { useOnRouteChange } from '../hooks/use-route-change.ts';
import headerStyles from './header.module.css';
import { UserIcon } from './icons.tsx';
import styles from './user-menu.module.css';

export function UserMenu({ dark }: { dark: boolean }) {
  const { t } = useLingui();
  const { user } = useCustomer();
  const name = user?.name;
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const openedByHover = useRef(false);
  const menuId = useId();
  const buttonId = useId();

  useOnRouteChange(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function items(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function focusItem(which: 'first' | 'last') {
    setOpen(true);
    requestAnimationFrame(() => {
      const list = items();
      (which === 'first' ? list[0] : list[list.length - 1])?.focus();
    });
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      focusItem('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem('last');
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const list = items();
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
        setOpen(false);
        buttonRef.current?.focus();
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onMouseEnter={() => {
        openedByHover.current = !open;
        setOpen(true);
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={headerStyles.iconButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={user ? t`Account menu for ${name}` : t`Account menu`}
        onClick={() => {
          // The hover already opened it: this click means "open", not "toggle".
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        data-testid="user-menu-button"
      >
        <UserIcon />
      </button>
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
                    setOpen(false);
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
    </div>
  );
}
