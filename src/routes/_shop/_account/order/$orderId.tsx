import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { isNotFound, orderQueryOptions } from '../../../../features/orders/api/get-order.ts';
import { OrderDetailsPage } from '../../../../features/orders/components/order-details-page.tsx';
import { titled } from '../../../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/_account/order/$orderId')({
  head: titled(msg`Order Details`),
  // An order seen before renders at once from the saved cache, offline too; one never seen fails
  // the loader while offline, so the route shows the offline screen. Not found: the page says so.
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(orderQueryOptions(params.orderId));
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  },
  component: OrderDetails,
});

function OrderDetails() {
  const { orderId } = Route.useParams();
  return <OrderDetailsPage orderId={orderId} />;
}
