/**
 * The smallest page the shop's fixed stack makes: one route, hydrated, with everything the shop
 * uses of each library on every first page. Built by scripts/stack-floor.ts; never shipped.
 */
import { i18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type Persister,
} from '@tanstack/query-persist-client-core';
import {
  QueryClient,
  QueryClientProvider,
  hydrate,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import {
  Link,
  Outlet,
  RouterProvider,
  createRootRouteWithContext,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { del, get, set } from 'idb-keyval';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { proxy, subscribe, useSnapshot } from 'valtio';

const store = proxy({ count: 0 });
subscribe(store, () => localStorage.setItem('count', String(store.count)));
const queryClient = new QueryClient();
const read = () => fetch('/data').then((response) => response.json() as Promise<unknown>);

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: function Root() {
    const snapshot = useSnapshot(store);
    const { i18n: active } = useLingui();
    return (
      <div>
        <Link to="/">{active._('home')}</Link> {snapshot.count}
        <Outlet />
      </div>
    );
  },
});
const index = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>) => ({ q: String(search.q ?? '') }),
  loader: ({ context }) =>
    context.queryClient.ensureQueryData({ queryKey: ['data'], queryFn: read }),
  component: function Home() {
    // The route's own hooks and the router's own navigate: typed by this page's routes, not by
    // the shop's (which the shop registers for every hook).
    const { q } = index.useSearch();
    const query = useQuery({ queryKey: ['data'], queryFn: read });
    const mutation = useMutation({ mutationFn: () => fetch('/data', { method: 'POST' }) });
    return (
      <button
        type="button"
        onClick={() => {
          mutation.mutate();
          store.count += 1;
          void router.navigate({ to: '/', search: { q: `${q}1` } });
        }}
      >
        {JSON.stringify(query.data)}
      </button>
    );
  },
});
const router = createRouter({
  routeTree: rootRoute.addChildren([index]),
  context: { queryClient },
});

const persister: Persister = {
  persistClient: (client) => set('cache', client),
  restoreClient: () => get('cache'),
  removeClient: () => del('cache'),
};
i18n.loadAndActivate({ locale: 'en', messages: {} });
hydrate(queryClient, JSON.parse(document.getElementById('state')?.textContent ?? '{}'));
void persistQueryClientRestore({ queryClient, persister }).then(() =>
  persistQueryClientSubscribe({ queryClient, persister }),
);
startTransition(() => {
  hydrateRoot(
    document.getElementById('root')!,
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
});
