/**
 * The tree the browser and the server render alike: a crash boundary, the query client and the
 * router. Hydration needs both sides to render the same tree.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { ErrorBoundary } from './components/ui/crash-screen.tsx';
import type { AppRouter } from './router.tsx';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ErrorBoundary>
    </StrictMode>
  );
}
