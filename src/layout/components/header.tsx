/**
 * The main layout's header (docs/product.md, Header and menus): logo, HOME, CATEGORIES mega-menu,
 * search toggle, CONSULTANCY, CONTACT, user menu and cart badge on desktop; hamburger, search and
 * cart below 768 px. On the home page it floats transparent over the hero until the top-product
 * section passes the 64 px line, then turns frosted light; elsewhere it is light.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useChunk } from '../../hooks/use-chunk.ts';
import { useHeaderSolid } from '../hooks/use-header-solid.ts';
import { useOnRouteChange } from '../hooks/use-route-change.ts';
import { CartLink } from './cart-link.tsx';
import styles from './header.module.css';
import { Logo, MenuIcon, SearchIcon } from './icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { MegaMenu } from './mega-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { afterMessages } from '../../lib/i18n/catalogs.ts';

// The search box (and its suggestion code) loads the first time a shopper opens it.
const SearchBox = lazy(() =>
  afterMessages(() => import('../../features/search/components/search-box.tsx')).then((module) => ({
    default: module.SearchBox,
  })),
);

/**
 * The mobile menu is a chunk of its own, fetched as the header mounts and drawn (closed, off
 * screen) once it arrives; neither the server's HTML nor the first render holds it. A tap on the
 * menu button before then opens it as soon as it is there.
 */
const loadMobileMenu = () => afterMessages(() => import('./mobile-menu.tsx'));

export function Header() {
  const { t } = useLingui();
  const isHome = useLocation({ select: (location) => location.pathname === '/' });
  const solid = useHeaderSolid(isHome);
  const transparent = isHome && !solid;
  const [searchOpen, setSearchOpen] = useState(false);
  const [mobileSearchOpen, setMobileSearchOpen] = useState(false);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const mobileMenu = useChunk(loadMobileMenu);

  useOnRouteChange(() => {
    setSearchOpen(false);
    setMobileSearchOpen(false);
  });

  const variant = transparent ? 'transparent' : isHome ? 'frosted' : 'light';

  return (
    <header
      className={[styles.header, isHome && styles.overlay, styles[variant]]
        .filter(Boolean)
        .join(' ')}
      data-variant={variant}
      data-testid="site-header"
    >
      <div className={styles.bar}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.mobileOnly}`}
          aria-label={t`Open menu`}
          aria-expanded={mobileMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileMenuOpen(true)}
        >
          <MenuIcon />
        </button>

        <Link to="/" className={styles.logo} aria-label={t`Forge Nutrition home`}>
          <Logo light={transparent} />
        </Link>

        <nav className={styles.nav} aria-label={t`Main`}>
          <ul className={styles.navList}>
            <li>
              <Link to="/" className={styles.navLink} activeOptions={{ exact: true }}>
                <Trans>HOME</Trans>
              </Link>
            </li>
            <li>
              <MegaMenu dark={transparent} />
            </li>
            <li>
              <button
                type="button"
                className={styles.navLink}
                aria-label={t`Search`}
                aria-expanded={searchOpen}
                aria-controls="desktop-search"
                onClick={() => setSearchOpen((open) => !open)}
                data-testid="search-toggle"
                data-search-toggle
              >
                <SearchIcon />
              </button>
            </li>
            <li>
              <Link to="/consultancy" className={styles.navLink}>
                <Trans>CONSULTANCY</Trans>
              </Link>
            </li>
            <li>
              <Link to="/contact" className={styles.navLink}>
                <Trans>CONTACT</Trans>
              </Link>
            </li>
          </ul>
        </nav>

        <div className={styles.actions}>
          <button
            type="button"
            className={`${styles.iconButton} ${styles.mobileOnly}`}
            aria-label={t`Search`}
            aria-expanded={mobileSearchOpen}
            aria-controls="mobile-search"
            onClick={() => setMobileSearchOpen((open) => !open)}
            data-testid="mobile-search-toggle"
            data-search-toggle
          >
            <SearchIcon />
          </button>
          <div className={styles.languageSlot}>
            <LanguageSwitch className={styles.language} />
          </div>
          <div className={styles.desktopOnly}>
            <UserMenu dark={transparent} />
          </div>
          <CartLink className={styles.iconButton} />
        </div>
      </div>

      {searchOpen ? (
        <div className={`${styles.searchPanel} ${styles.desktopOnly}`} id="desktop-search">
          <Suspense fallback={null}>
            <SearchBox
              placeholder={t`Search products, categories, brands...`}
              autoFocus
              onClose={() => setSearchOpen(false)}
            />
          </Suspense>
        </div>
      ) : null}

      {mobileSearchOpen ? (
        <div className={`${styles.searchPanel} ${styles.mobileOnly}`} id="mobile-search">
          <Suspense fallback={null}>
            <SearchBox
              placeholder={t`Search for products...`}
              autoFocus
              cancelLabel={t`Cancel`}
              onClose={() => setMobileSearchOpen(false)}
            />
          </Suspense>
        </div>
      ) : null}

      {mobileMenu ? (
        <mobileMenu.MobileMenu open={mobileMenuOpen} onClose={() => setMobileMenuOpen(false)} />
      ) : null}
    </header>
  );
}
