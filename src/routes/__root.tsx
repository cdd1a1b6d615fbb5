import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  isNotFound,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import type { Locale } from '../../contract/locale.ts';
import { Toaster } from '../components/ui/toaster.tsx';
import { partLoadedLater } from '../hooks/use-chunk.ts';
import { documentTitle } from '../lib/document-title.ts';
import { afterMessages, loadRouteMessages } from '../lib/i18n/catalogs.ts';
import { useSessionCheck } from '../features/account/api/profile.ts';
import { useFollowChosenLanguage } from '../features/language/follow-choice.ts';
import { useSessionExpiry, useSessionsOfOtherTabs } from '../features/account/api/session-watch.ts';
import { NotFoundScreen } from '../layout/components/not-found-screen.tsx';
import { RouteErrorScreen } from '../features/pwa/components/route-error-screen.tsx';

/**
 * The offline and update banners and the language offer show nothing until the browser says
 * something (offline, a new version, a preferred language): their code loads once the page runs.
 */
const PwaLayer = partLoadedLater(() =>
  afterMessages(() => import('../features/pwa/components/pwa-layer.tsx')).then(
    (module) => module.PwaLayer,
  ),
);
const LanguageOffer = partLoadedLater(() =>
  afterMessages(() => import('../features/language/language-offer.tsx')).then(
    (module) => module.LanguageOffer,
  ),
);

export interface RouterContext {
  queryClient: QueryClient;
  /** The document's language (contract/locale.ts): fixed for the router's life. */
  locale: Locale;
  /** Translates into that language (src/lib/i18n). */
  i18n: I18n;
}

/**
 * Each route declares its document title with the router's `head` option. The root's is the
 * fallback: 'Page Not Found' while the root shows the not-found screen because a loader threw
 * `notFound()` (unknown addresses have a route of their own, `$`, with that title), 'Builder
 * Dashboard' (also index.html's title) while no page below has a title yet.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  // A page's messages are there before it shows (a production build loads them by route).
  beforeLoad: ({ context, location }) => loadRouteMessages(context.i18n, location.pathname),
  head: ({ match }) => ({
    meta: [
      {
        title: match.context.i18n._(
          isNotFound(match.error) ? msg`Page Not Found` : msg`Builder Dashboard`,
        ),
      },
    ],
  }),
  component: Root,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});

function DocumentTitle() {
  const title = useRouterState({ select: (state) => documentTitle(state.matches) });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

/**
 * Marks the document once React runs the page (hydrated over the server's HTML, or rendered): until
 * then the server's HTML shows but its controls do nothing. The browser tests wait for the mark.
 */
function useLiveMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

function Root() {
  useLiveMark();
  useSessionCheck();
  useSessionsOfOtherTabs();
  useSessionExpiry();
  useFollowChosenLanguage();
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <DocumentTitle />
      <PwaLayer />
      <LanguageOffer />
      <Outlet />
      <Toaster />
    </>
  );
}
