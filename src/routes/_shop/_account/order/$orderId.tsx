import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../features/account/components/coming-soon.tsx';

export const Route = createFileRoute('/_shop/_account/order/$orderId')({
  head: () => ({ meta: [{ title: 'Order Details' }] }),
  component: OrderDetails,
});

function OrderDetails() {
  const { orderId } = Route.useParams();
  return (
    <ComingSoon title="Order Details">
      <p>
        Details for order <strong>{orderId}</strong> are coming soon, together with checkout and
        order history.
      </p>
    </ComingSoon>
  );
}
