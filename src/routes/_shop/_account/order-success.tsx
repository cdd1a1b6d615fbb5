import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/account/components/coming-soon.tsx';

export const Route = createFileRoute('/_shop/_account/order-success')({
  head: () => ({ meta: [{ title: 'Order Successful' }] }),
  component: () => (
    <ComingSoon title="Order Successful">
      <p>Order confirmations are coming soon together with checkout.</p>
    </ComingSoon>
  ),
});
