import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import * as z from 'zod/mini';
import { CheckoutGuard } from '../../../features/cart/api/checkout-guard.tsx';
import { CheckoutPage } from '../../../features/orders/components/checkout-page.tsx';
import { lenient } from '../../../lib/search-params.ts';

/** `?orderId=…`: the payment step of an order waiting for payment ("Pay now"). */
const checkoutSearch = z.object({ orderId: lenient(z.string().check(z.minLength(1))) });

export const Route = createFileRoute('/_shop/_account/checkout')({
  head: () => ({ meta: [{ title: 'Checkout' }] }),
  validateSearch: checkoutSearch,
  component: Checkout,
});

const guard = (children: ReactNode) => <CheckoutGuard>{children}</CheckoutGuard>;

function Checkout() {
  const { orderId } = Route.useSearch();
  return <CheckoutPage orderId={orderId} guard={guard} />;
}
