/**
 * While the browser is offline, a query with no data at all (a page the shopper never saw) is
 * cancelled instead of left paused. TanStack pauses such a fetch until the network returns, which
 * would leave a route loader, and so the whole page, waiting silently; cancelled, the loader fails
 * and the route shows the offline screen with Retry. Queries that already hold data are left
 * paused: they keep showing what was seen and refresh when the network is back. Returns the
 * function that stops watching.
 */
import { onlineManager, type QueryClient } from '@tanstack/react-query';

type OnlineManager = Pick<typeof onlineManager, 'isOnline'>;

export function failUnseenQueriesWhileOffline(
  queryClient: QueryClient,
  manager: OnlineManager = onlineManager,
): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || manager.isOnline()) return;
    const { query } = event;
    if (query.state.fetchStatus === 'paused' && query.state.data === undefined) {
      void query.cancel({ revert: true });
    }
  });
}
