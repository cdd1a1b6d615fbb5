/**
 * The tree the browser and the server render alike: the page's language, a crash boundary, the
 * query client and the router. Hydration needs both sides to render the same tree.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { ErrorBoundary } from './components/ui/crash-screen.tsx';
import type { AppRouter } from './router.tsx';

export function App({
  router,
  queryClient,
  i18n,
}: {
  router: AppRouter;
  queryClient: QueryClient;
  i18n: I18n;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <ErrorBoundary>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </ErrorBoundary>
      </I18nProvider>
    </StrictMode>
  );
}
