/**
 * The app's single TanStack QueryClient (tests make fresh ones the same way).
 *
 * Cached data is kept a day after its last use (QUERY_GC_MS: long, so pages seen stay available
 * offline). Client errors (4xx) are answers, not glitches, so only 5xx are retried. A request that
 * got no answer at all is not retried either: it has already put the app offline
 * (persist/online-state.ts), so a page never seen shows the offline screen at once instead of
 * after the back-off, and queries refetch when the server answers again.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { QUERY_GC_MS } from './constants.ts';

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_GC_MS,
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
