import { createFileRoute } from '@tanstack/react-router';
import { orderQueryOptions } from '../../../../features/orders/api/get-order.ts';
import { OrderDetailsPage } from '../../../../features/orders/components/order-details-page.tsx';

export const Route = createFileRoute('/_shop/_account/order/$orderId')({
  head: () => ({ meta: [{ title: 'Order Details' }] }),
  // Starts the request early; the page shows its own loading, error and offline states.
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(orderQueryOptions(params.orderId));
  },
  component: OrderDetails,
});

function OrderDetails() {
  const { orderId } = Route.useParams();
  return <OrderDetailsPage orderId={orderId} />;
}
