/**
 * The account menu button (WAI-ARIA menu button): opens on hover or click, closes on an outside
 * click, Escape (focus back on the button) or Tab; ↑/↓/Home/End move between items; 0.2 s fade.
 * Signed in: a greeting with the name, My Profile, My Orders, Order desk (staff only) and Logout;
 * signed out: Login and Register. `dark` matches the transparent home header.
 *
 * The button is part of every first page; the panel (user-menu-panel.tsx) is a chunk fetched as
 * the header mounts. A hover, click or key before it has arrived opens the menu as it arrives, and
 * ↓ or ↑ then lands on its first or last item.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useChunk } from '../../hooks/use-chunk.ts';
import { afterMessages } from '../../lib/i18n/catalogs.ts';
import { useCustomer } from '../../stores/customer.ts';
import { useOnRouteChange } from '../hooks/use-route-change.ts';
import headerStyles from './header.module.css';
import { UserIcon } from './icons.tsx';
import styles from './user-menu.module.css';

const loadPanel = () => afterMessages(() => import('./user-menu-panel.tsx'));

export function UserMenu({ dark }: { dark: boolean }) {
  const { t } = useLingui();
  const { user } = useCustomer();
  const name = user?.name;
  const panel = useChunk(loadPanel);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const openedByHover = useRef(false);
  /** The item a key asked for, focused once the open menu's items are there. */
  const pendingFocus = useRef<'first' | 'last' | null>(null);
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

  function focusPending() {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    if (!pendingFocus.current || items.length === 0) return;
    (pendingFocus.current === 'first' ? items[0] : items[items.length - 1])?.focus();
    pendingFocus.current = null;
  }

  // The panel arrived while a key asked for an item.
  useEffect(() => {
    if (open && panel) requestAnimationFrame(focusPending);
  }, [open, panel]);

  function focusItem(which: 'first' | 'last') {
    pendingFocus.current = which;
    setOpen(true);
    requestAnimationFrame(focusPending);
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
      {panel ? (
        <panel.UserMenuPanel
          open={open}
          dark={dark}
          menuId={menuId}
          buttonId={buttonId}
          menuRef={menuRef}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) buttonRef.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
