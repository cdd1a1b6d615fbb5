import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRouteMatch,
  createRootRouteWithContext,
  isNotFound,
  Outlet,
  useRouterState,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { Toaster } from '../components/ui/toaster.tsx';
import { useSessionCheck } from '../features/account/api/profile.ts';
import {
  useSessionExpiry,
  useSessionsOfOtherTabs,
} from '../features/account/api/session-effects.ts';
import { NotFoundScreen } from '../layout/components/not-found-screen.tsx';
import { PwaLayer } from '../features/pwa/components/pwa-layer.tsx';
import { RouteErrorScreen } from '../features/pwa/components/route-error-screen.tsx';

export interface RouterContext {
  queryClient: QueryClient;
}

/**
 * Each route declares its document title with the router's `head` option. The root's is the
 * fallback: 'Page Not Found' while the root shows the not-found screen because a loader threw
 * `notFound()` (unknown addresses have a route of their own, `$`, with that title), 'Builder
 * Dashboard' (also index.html's title) while no page below has a title yet.
 */
export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match }) => ({
    meta: [{ title: isNotFound(match.error) ? 'Page Not Found' : 'Builder Dashboard' }],
  }),
  component: Root,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteErrorScreen,
});

/**
 * The deepest title the routes on screen declared. Those routes end at the first one that is not
 * loaded, failed, or shows the not-found screen (the root, its error a not-found): the routes below
 * it have no title of their own yet. Reads only the matches' public fields.
 *
 * The router's <HeadContent /> does the same and more (meta tags, links, scripts), but costs 1.3
 * KiB gzipped on every first page, which the 150 KiB budget has no room for; index.html's <title>
 * is the one title element, updated in place.
 */
function documentTitle(matches: readonly AnyRouteMatch[]): string | undefined {
  const end = matches.findIndex((match) => match.status !== 'success' || match.error !== undefined);
  for (let index = end < 0 ? matches.length - 1 : end; index >= 0; index--) {
    const title = matches[index]!.meta?.find((entry) => entry?.title)?.title;
    if (title) return title;
  }
  return undefined;
}

function DocumentTitle() {
  const title = useRouterState({ select: (state) => documentTitle(state.matches) });
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}

function Root() {
  useSessionCheck();
  useSessionsOfOtherTabs();
  useSessionExpiry();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <DocumentTitle />
      <PwaLayer />
      <Outlet />
      <Toaster />
    </>
  );
}
