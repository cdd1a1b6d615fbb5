import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/account/components/coming-soon.tsx';

export const Route = createFileRoute('/_shop/_account/my-orders')({
  head: () => ({ meta: [{ title: 'My Orders' }] }),
  component: () => (
    <ComingSoon title="My Orders">
      <p>Order history is coming soon: once checkout opens, every order you place appears here.</p>
    </ComingSoon>
  ),
});
