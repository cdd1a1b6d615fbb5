/**
 * The shop's router, made the same way in the browser and on the server: typed context
 * `{ queryClient }`, preloading on intent, the not-found screen at the root for any unknown path,
 * each page's error screen inside the layout. The browser makes one; the server one per request,
 * each with its own query client and a memory history at the requested address.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { RouteErrorScreen } from './features/pwa/components/route-error-screen.tsx';
import { routeTree } from './routeTree.gen';

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history } : {}),
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
