import { createFileRoute } from '@tanstack/react-router';
import { ShippingPage } from '../../features/info/components/shipping-page.tsx';

export const Route = createFileRoute('/_shop/shipping')({
  head: () => ({ meta: [{ title: 'Shipping' }] }),
  component: ShippingPage,
});
