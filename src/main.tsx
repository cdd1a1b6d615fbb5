/**
 * The PWA's entry: fonts and global styles, the persisted customer state, the query client and the
 * router (typed context `{ queryClient }`, preloading on intent, scroll to top on every path
 * change, the not-found screen at the root for any unknown path, each page's error screen inside
 * the layout).
 */
import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from './components/ui/crash-screen.tsx';
import { RouteErrorScreen } from './features/pwa/components/route-error-screen.tsx';
import { startCartOutbox } from './features/cart/api/index.ts';
import { startOfflineSupport } from './lib/pwa/start.ts';
import { queryClient } from './lib/query-client.ts';
import { routeTree } from './routeTree.gen';
import { hydrateCustomer } from './stores/customer.ts';

hydrateCustomer();

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The query cache decides freshness; the router must not hold its own copy.
  defaultPreloadStaleTime: 0,
  notFoundMode: 'root',
  // A page that fails (offline and never seen, or a crash) shows its screen in place of that page
  // only: the header, footer, offline banner and the route's title stay.
  defaultErrorComponent: RouteErrorScreen,
  scrollRestoration: false,
});

router.subscribe('onResolved', (event) => {
  if (event.pathChanged) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * How long the first render waits for the first page (its code and data). Within it the page is
 * rendered once, complete, as a time-sliced transition, instead of as a frame first and then, in
 * one long task, again when its data arrives; past it (a slow network) the frame is shown and the
 * page follows as usual. It counts from start, so a restore of the saved cache that ran into its
 * time-out is not followed by more waiting.
 */
const FIRST_PAGE_WAIT_MS = 2500;

/**
 * Not top-level await: the route chunks import shared code from this entry module, and a
 * dynamic import of them waits until this module has finished evaluating — awaiting the first
 * page here would wait for itself until the time-out.
 */
async function start(): Promise<void> {
  const startedAt = performance.now();
  await startOfflineSupport(queryClient);
  // Cart changes an earlier visit could not send go out now (not awaited: the page need not wait).
  void startCartOutbox(queryClient);
  await Promise.race([
    router.load().catch((err: unknown) => console.error(err)),
    new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, startedAt + FIRST_PAGE_WAIT_MS - performance.now())),
    ),
  ]);

  const root = document.getElementById('root');
  if (!root) return;
  const reactRoot = createRoot(root);
  // A transition lets React render the first page in slices that leave the main thread free for
  // input in between, instead of one long task on a slow phone.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ErrorBoundary>
      </StrictMode>,
    );
  });
}

void start();
