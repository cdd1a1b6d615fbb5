import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { myOrdersQueryOptions } from '../../../features/orders/api/get-my-orders.ts';
import { MyOrdersPage } from '../../../features/orders/components/my-orders-page.tsx';
import { wholeNumber } from '../../../lib/search-params.ts';

const myOrdersSearch = z.object({ page: wholeNumber(1, 100_000) });

export const Route = createFileRoute('/_shop/_account/my-orders')({
  head: () => ({ meta: [{ title: 'My Orders' }] }),
  validateSearch: myOrdersSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // Starts the request early; the page shows its own loading, error and offline states.
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(myOrdersQueryOptions(deps.page));
  },
  component: MyOrders,
});

function MyOrders() {
  const { page } = Route.useSearch();
  return <MyOrdersPage page={page ?? 1} />;
}
