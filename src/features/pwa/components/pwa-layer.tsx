/**
 * The app's offline and install notices, mounted once in the root route. Shows, in a dock at the
 * bottom of the screen: the offline banner, "Update available — Reload" (never on checkout or
 * payment pages, where a reload could interrupt an order), and the "Install app" button while the
 * browser offers installation. reloadOfferedOn(pathname) says where the update banner may appear.
 *
 * The dock's height is published as the CSS variable --pwa-dock-height, so the floating discount
 * button sits above it and what scrolls into view stays clear of it (the offline banner spans a
 * phone's width).
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { promptInstall } from '../../../lib/pwa/install-prompt.ts';
import { applyUpdate } from '../../../lib/pwa/service-worker.ts';
import { usePwaState } from '../../../stores/pwa.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import styles from './pwa.module.css';

/**
 * Paths where a page reload could cut a checkout or a payment short: checkout, the confirmation a
 * payment returns to (order-success), an order's page, and any payment step.
 */
const NO_RELOAD_PATHS = [/^\/checkout(\/|$)/, /^\/order-success(\/|$)/, /^\/order\//, /^\/pay/];

export function reloadOfferedOn(pathname: string): boolean {
  return !NO_RELOAD_PATHS.some((pattern) => pattern.test(pathname));
}

export function PwaLayer() {
  const online = useOnline();
  const { updateReady, canInstall, installed } = usePwaState();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [updateDismissed, setUpdateDismissed] = useState(false);
  const reloadAllowed = reloadOfferedOn(pathname);
  const dockRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dock = dockRef.current;
    if (!dock || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--pwa-dock-height', `${dock.offsetHeight}px`),
    );
    observer.observe(dock);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pwa-dock-height');
    };
  }, []);

  return (
    <div className={styles.dock} ref={dockRef}>
      {online ? null : (
        <p className={styles.banner} role="status" data-testid="offline-banner">
          <strong>You&apos;re offline.</strong> Showing what you&apos;ve already seen; changes will
          sync when you&apos;re back online.
        </p>
      )}
      {updateReady && reloadAllowed && !updateDismissed ? (
        <div className={styles.banner} role="status" data-testid="update-banner">
          <span>
            <strong>Update available.</strong> Reload to get the latest version of the shop.
          </span>
          <span className={styles.actions}>
            <button type="button" className={styles.primary} onClick={applyUpdate}>
              Reload
            </button>
            <button
              type="button"
              className={styles.secondary}
              onClick={() => setUpdateDismissed(true)}
            >
              Later
            </button>
          </span>
        </div>
      ) : null}
      {canInstall && !installed ? (
        <button
          type="button"
          className={styles.install}
          onClick={() => void promptInstall()}
          data-testid="install-app"
        >
          Install app
        </button>
      ) : null}
    </div>
  );
}
