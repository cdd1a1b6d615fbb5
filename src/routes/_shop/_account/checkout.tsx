import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { CheckoutGuard } from '../../../features/cart/api/checkout-guard.tsx';
import { CheckoutPage } from '../../../features/orders/components/checkout-page.tsx';
import { nonEmptyText, searchSchema } from '../../../lib/search-params.ts';
import { titled } from '../../../lib/document-title.ts';

/** `?orderId=…`: the payment step of an order waiting for payment ("Pay now"). */
const checkoutSearch = searchSchema({ orderId: nonEmptyText });

export const Route = createFileRoute('/_shop/_account/checkout')({
  head: titled(msg`Checkout`),
  validateSearch: checkoutSearch,
  component: Checkout,
});

const guard = (children: ReactNode) => <CheckoutGuard>{children}</CheckoutGuard>;

function Checkout() {
  const { orderId } = Route.useSearch();
  return <CheckoutPage orderId={orderId} guard={guard} />;
}
