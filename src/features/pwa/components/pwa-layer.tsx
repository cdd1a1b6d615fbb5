/**
 * The app's offline and install notices, mounted once in the root route, before the page. The
 * offline banner and "Update available — Reload" (never on checkout or payment pages, where a
 * reload could interrupt an order) sit at the top of the screen above the header, in the page's
 * flow: they push the page down instead of covering it, and stay in view while it scrolls, as the
 * header does. reloadOfferedOn(pathname) says where the update banner may appear.
 *
 * Their height is published as the CSS variable --pwa-banner-height: the header sticks below them,
 * and what scrolls into view lands below both. The "Install app" button, shown while the browser
 * offers installation, floats in the bottom-left corner (install-button.tsx, a chunk fetched once
 * the browser makes its offer).
 */
import { Trans } from '@lingui/react/macro';
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { usePwaState } from '../../../stores/pwa.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import styles from './pwa.module.css';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const InstallButton = lazy(() =>
  afterMessages(() => import('./install-button.tsx')).then((module) => ({
    default: module.InstallButton,
  })),
);

/** The worker's module is loaded by then: only its registration marks an update ready. */
const applyUpdate = () =>
  void afterMessages(() => import('../../../lib/pwa/service-worker.ts')).then((module) =>
    module.applyUpdate(),
  );

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
  const bannersRef = useRef<HTMLDivElement>(null);
  const installOffered = canInstall && !installed;

  useEffect(() => {
    const banners = bannersRef.current;
    if (!banners || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--pwa-banner-height', `${banners.offsetHeight}px`),
    );
    observer.observe(banners);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--pwa-banner-height');
    };
  }, []);

  return (
    <>
      <div className={styles.banners} ref={bannersRef}>
        {online ? null : (
          <p className={styles.banner} role="status" data-testid="offline-banner">
            <span>
              <Trans>
                <strong>You&apos;re offline.</strong> Showing what you&apos;ve already seen; changes
                will sync when you&apos;re back online.
              </Trans>
            </span>
          </p>
        )}
        {updateReady && reloadAllowed && !updateDismissed ? (
          <div className={styles.banner} role="status" data-testid="update-banner">
            <span>
              <Trans>
                <strong>Update available.</strong> Reload to get the latest version of the shop.
              </Trans>
            </span>
            <span className={styles.actions}>
              <button type="button" className={styles.primary} onClick={applyUpdate}>
                <Trans>Reload</Trans>
              </button>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => setUpdateDismissed(true)}
              >
                <Trans>Later</Trans>
              </button>
            </span>
          </div>
        ) : null}
      </div>
      {installOffered ? (
        <Suspense fallback={null}>
          <InstallButton />
        </Suspense>
      ) : null}
    </>
  );
}
