/**
 * The shop's router, made the same way in the browser and on the server: typed context
 * `{ queryClient }`, preloading on intent, the not-found screen at the root for any unknown path,
 * each page's error screen inside the layout. The browser makes one; the server one per request,
 * each with its own query client and a memory history at the requested address.
 */
import type { I18n } from '@lingui/core';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { DEFAULT_LOCALE, isLocale, pathInLocale, pathWithoutLocale } from '../contract/locale.ts';
import { RouteErrorScreen } from './features/pwa/components/route-error-screen.tsx';
import { routeTree } from './routeTree.gen';

/**
 * A router in one language. The routes know every page by its English path; a French address
 * (`/fr/...`) reaches them without its prefix, and every address the router writes (links,
 * navigations) gets the prefix back. A document stays in one language: the language switch loads
 * the other language's page afresh.
 */
export function createAppRouter(
  queryClient: QueryClient,
  { history, i18n }: { history?: RouterHistory; i18n: I18n },
) {
  const locale = isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
  return createRouter({
    routeTree,
    context: { queryClient, locale, i18n },
    ...(history ? { history } : {}),
    rewrite: {
      input: ({ url }) => {
        url.pathname = pathWithoutLocale(url.pathname);
        return url;
      },
      output: ({ url }) => {
        url.pathname = pathInLocale(url.pathname, locale);
        return url;
      },
    },
    defaultPreload: 'intent',
    // The query cache decides freshness; the router must not hold its own copy.
    defaultPreloadStaleTime: 0,
    notFoundMode: 'root',
    // A page that fails (offline and never seen, or a crash) shows its screen in place of that
    // page only: the header, footer, offline banner and the route's title stay.
    defaultErrorComponent: RouteErrorScreen,
    scrollRestoration: false,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
