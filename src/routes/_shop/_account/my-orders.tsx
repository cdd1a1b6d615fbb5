import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { myOrdersQueryOptions } from '../../../features/orders/api/get-my-orders.ts';
import { MyOrdersPage } from '../../../features/orders/components/my-orders-page.tsx';
import { searchSchema, wholeNumber } from '../../../lib/search-params.ts';
import { titled } from '../../../lib/document-title.ts';

const myOrdersSearch = searchSchema({ page: wholeNumber(1, 100_000) });

export const Route = createFileRoute('/_shop/_account/my-orders')({
  head: titled(msg`My Orders`),
  validateSearch: myOrdersSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // A page seen before renders at once from the saved cache, offline too; one never seen fails the
  // loader while offline, so the route shows the offline screen.
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(myOrdersQueryOptions(deps.page)),
  component: MyOrders,
});

function MyOrders() {
  const { page } = Route.useSearch();
  return <MyOrdersPage page={page ?? 1} />;
}
