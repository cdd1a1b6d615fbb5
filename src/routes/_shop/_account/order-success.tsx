import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { OrderSuccessPage } from '../../../features/orders/components/order-success-page.tsx';
import { lenient } from '../../../lib/search-params.ts';

const successSearch = z.object({ orderId: lenient(z.string().check(z.minLength(1))) });

export const Route = createFileRoute('/_shop/_account/order-success')({
  head: () => ({ meta: [{ title: 'Order Successful' }] }),
  validateSearch: successSearch,
  component: OrderSuccess,
});

function OrderSuccess() {
  const { orderId } = Route.useSearch();
  return <OrderSuccessPage orderId={orderId} />;
}
