/**
 * Renders a component inside a fresh QueryClient and a memory router (so links and navigate work)
 * for component tests, in English unless `i18n` says otherwise (`frenchI18n`). Returns the Testing
 * Library result plus `router` and `queryClient`.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createQueryClient } from '../lib/query-client.ts';
import { testI18n } from './i18n.ts';

export function renderWithProviders(
  ui: ReactNode,
  { path = '/', i18n = testI18n }: { path?: string; i18n?: I18n } = {},
) {
  const queryClient = createQueryClient();
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
    notFoundComponent: () => null,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const result = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, router, queryClient };
}
