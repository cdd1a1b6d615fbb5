/**
 * The CATEGORIES menu (docs/product.md, Header and menus). Opens on hover (and on click or the
 * keyboard: Enter/Space/↓ on the button, Escape closes and returns focus), fades and slides in
 * below the 72 px line over 0.5 s, closes on mouse leave, on focus leaving it and on every route
 * change. Columns: Popular, A - E, F - M, N - T, U - Z; a load error shows empty groups.
 * `dark` picks the dark variant (used while the home header is transparent).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCategories } from '../api/get-categories.ts';
import { groupCategories } from '../group-categories.ts';
import { useOnRouteChange } from '../hooks/use-route-change.ts';
import { ChevronDownIcon } from './icons.tsx';
import headerStyles from './header.module.css';
import styles from './mega-menu.module.css';

export function MegaMenu({ dark }: { dark: boolean }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const openedByHover = useRef(false);
  const focusFirstWhenReady = useRef(false);
  const categories = useCategories(wanted);

  useOnRouteChange(() => setOpen(false));

  function show() {
    setWanted(true);
    setOpen(true);
  }

  // A keyboard user who opened the menu with ↓ lands on the first category once it is there.
  useEffect(() => {
    if (!open || !focusFirstWhenReady.current) return;
    const first = panelRef.current?.querySelector<HTMLElement>('a');
    if (!first) return;
    focusFirstWhenReady.current = false;
    requestAnimationFrame(() => first.focus());
  }, [open, categories.data]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    }
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusFirstWhenReady.current = true;
      show();
    }
  }

  // Until the menu is first wanted its columns stay unrendered, even when another page has the
  // categories already: some sixty hidden links on every first page are work the phone does
  // before it can paint (and on a narrow screen the menu is never shown at all).
  const { popular, groups } = groupCategories(categories.isError || !wanted ? [] : categories.data);
  // The letter ranges (A - E …) read the same in French.
  const columns = [{ title: t`Popular`, items: popular }, ...groups];

  return (
    <div
      className={styles.root}
      onMouseEnter={() => {
        openedByHover.current = !open;
        show();
      }}
      onMouseLeave={() => {
        openedByHover.current = false;
        setOpen(false);
      }}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={headerStyles.navLink}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          // The hover already opened it: this click means "open", not "toggle".
          if (openedByHover.current) openedByHover.current = false;
          else if (open) setOpen(false);
          else show();
        }}
        onKeyDown={onButtonKeyDown}
        onFocus={() => setWanted(true)}
        data-testid="categories-button"
      >
        <Trans>CATEGORIES</Trans>
        <span className={[styles.chevron, open && styles.chevronOpen].filter(Boolean).join(' ')}>
          <ChevronDownIcon />
        </span>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={[styles.panel, dark ? styles.dark : styles.light, open && styles.open]
          .filter(Boolean)
          .join(' ')}
        data-testid="mega-menu"
        data-open={open}
        aria-label={t`Categories`}
        role="region"
      >
        <div className={styles.inner}>
          {categories.isPending && wanted ? (
            <p className={styles.loading} role="status">
              <Spinner size={22} label="" />
              <Trans>Loading categories...</Trans>
            </p>
          ) : (
            <div className={styles.columns}>
              {columns.map((column) => (
                <section
                  key={column.title}
                  className={styles.column}
                  data-testid="mega-menu-column"
                >
                  <h2 className={styles.columnTitle}>{column.title}</h2>
                  <ul className={styles.list}>
                    {column.items.map((item) => (
                      <li key={item.slug}>
                        <Link
                          to="/category/$categorySlug"
                          params={{ categorySlug: item.slug }}
                          className={styles.link}
                        >
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
          <p className={styles.footer}>
            <Trans>Browse categories organized for easy discovery</Trans>
          </p>
        </div>
      </div>
    </div>
  );
}
