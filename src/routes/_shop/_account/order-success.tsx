import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { GuestSessionAccountOffer } from '../../../features/account/components/create-account-offer.tsx';
import { isNotFound, orderQueryOptions } from '../../../features/orders/api/get-order.ts';
import { OrderSuccessPage } from '../../../features/orders/components/order-success-page.tsx';
import { nonEmptyText, searchSchema } from '../../../lib/search-params.ts';
import { titled } from '../../../lib/document-title.ts';

const successSearch = searchSchema({ orderId: nonEmptyText });

export const Route = createFileRoute('/_shop/_account/order-success')({
  head: titled(msg`Order Successful`),
  validateSearch: successSearch,
  loaderDeps: ({ search }) => ({ orderId: search.orderId }),
  // Offline with an order never seen: the loader fails and the route shows the offline screen.
  loader: async ({ context, deps }) => {
    if (!deps.orderId) return;
    try {
      await context.queryClient.ensureQueryData(orderQueryOptions(deps.orderId));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  },
  component: OrderSuccess,
});

function OrderSuccess() {
  const { orderId } = Route.useSearch();
  // A guest has no password to come back with: it is offered one, which keeps the order.
  return <OrderSuccessPage orderId={orderId} accountOffer={<GuestSessionAccountOffer />} />;
}
