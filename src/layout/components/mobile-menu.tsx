/**
 * The full-screen slide-in menu below 768 px: HOME, an expandable CATEGORIES list, CONSULTANCY,
 * CONTACT, plus the account links (and the order desk, for staff). Slides in over 0.6 s and out
 * over 0.5 s; closes on navigation, on Escape and when the window reaches desktop width; locks the
 * page scroll and keeps focus inside while open (a modal dialog).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { DESKTOP_BREAKPOINT_PX } from '../../lib/constants.ts';
import { useCustomer } from '../../stores/customer.ts';
import { useLogout } from '../../features/account/api/logout.ts';
import { useCategories } from '../api/get-categories.ts';
import { mobileCategorySlug } from '../group-categories.ts';
import { useOnRouteChange } from '../hooks/use-route-change.ts';
import { ChevronDownIcon, CloseIcon, Logo } from './icons.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './mobile-menu.module.css';

export function MobileMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const categories = useCategories(open && categoriesOpen);
  const { t } = useLingui();
  const { user } = useCustomer();
  const name = user?.name;
  const logout = useLogout();
  const panelRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useOnRouteChange(() => onCloseRef.current());

  useEffect(() => {
    const query = window.matchMedia(`(min-width: ${DESKTOP_BREAKPOINT_PX}px)`);
    const onChange = () => {
      if (query.matches) onCloseRef.current();
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    document.body.classList.add('scroll-locked');
    panelRef.current?.querySelector<HTMLElement>('button, a')?.focus();
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') onCloseRef.current();
      if (event.key !== 'Tab' || !panelRef.current) return;
      const items = Array.from(
        panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.classList.remove('scroll-locked');
      opener?.focus();
    };
  }, [open]);

  // The categories render once expanded: the list is hidden until then, and sixty hidden links
  // on every first page would be work for nothing.
  const list = (categoriesOpen ? (categories.data ?? []) : []).filter(
    (item): item is { slug: string; name: string } => Boolean(item.slug && item.name),
  );

  return (
    <div
      ref={panelRef}
      id="mobile-menu"
      className={[styles.panel, open && styles.open].filter(Boolean).join(' ')}
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="mobile-menu"
      data-open={open}
    >
      <div className={styles.top}>
        <Logo light />
        <h2 id={titleId} className="visually-hidden">
          <Trans>Menu</Trans>
        </h2>
        <button type="button" className={styles.close} aria-label={t`Close menu`} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <nav aria-label={t`Mobile`}>
        <ul className={styles.list}>
          <li>
            <Link to="/" className={styles.link} onClick={onClose}>
              <Trans>HOME</Trans>
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.link}
              aria-expanded={categoriesOpen}
              aria-controls={listId}
              onClick={() => setCategoriesOpen((value) => !value)}
            >
              <Trans>CATEGORIES</Trans>
              <span className={categoriesOpen ? styles.chevronOpen : styles.chevron}>
                <ChevronDownIcon size={20} />
              </span>
            </button>
            <div id={listId} hidden={!categoriesOpen} className={styles.sublist}>
              {categories.isPending && categoriesOpen ? (
                <p className={styles.loading} role="status">
                  <Spinner size={18} label="" /> <Trans>Loading categories...</Trans>
                </p>
              ) : (
                <ul>
                  {list.map((item) => (
                    <li key={item.slug}>
                      <Link
                        to="/category/$categorySlug"
                        params={{ categorySlug: mobileCategorySlug(item) }}
                        className={styles.sublink}
                        onClick={onClose}
                      >
                        {item.name}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
          <li>
            <Link to="/consultancy" className={styles.link} onClick={onClose}>
              <Trans>CONSULTANCY</Trans>
            </Link>
          </li>
          <li>
            <Link to="/contact" className={styles.link} onClick={onClose}>
              <Trans>CONTACT</Trans>
            </Link>
          </li>
        </ul>
        <ul className={styles.account}>
          {user ? (
            <>
              <li className={styles.hello}>
                <Trans>Hello, {name}</Trans>
              </li>
              {user.guest ? null : (
                <li>
                  <Link to="/profile/me" className={styles.accountLink} onClick={onClose}>
                    <Trans>My Profile</Trans>
                  </Link>
                </li>
              )}
              <li>
                <Link to="/my-orders" className={styles.accountLink} onClick={onClose}>
                  <Trans>My Orders</Trans>
                </Link>
              </li>
              {user.role === 'admin' ? (
                <li>
                  <Link to="/admin/orders" className={styles.accountLink} onClick={onClose}>
                    <Trans>Order desk</Trans>
                  </Link>
                </li>
              ) : null}
              <li>
                <button
                  type="button"
                  className={styles.accountLink}
                  onClick={() => {
                    onClose();
                    logout.mutate();
                  }}
                >
                  <Trans>Logout</Trans>
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/login" className={styles.accountLink} onClick={onClose}>
                  <Trans>Login</Trans>
                </Link>
              </li>
              <li>
                <Link to="/register" className={styles.accountLink} onClick={onClose}>
                  <Trans>Register</Trans>
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
      <LanguageSwitch className={styles.language} />
    </div>
  );
}
