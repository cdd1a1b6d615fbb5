import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { cartQueryOptions } from '../../features/cart/api/index.ts';
import { CartPage } from '../../features/cart/components/cart-page.tsx';
import { ExpressCheckoutSlot } from '../../features/orders/components/express-checkout-slot.tsx';
import { titled } from '../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/cart')({
  head: titled(msg`Your Cart`),
  // Starts the request early; the page shows its own loading and error states. The server renders
  // the page's frame and loading state: the cart belongs to the browser's session.
  loader: ({ context }) => {
    if (!import.meta.env.SSR) void context.queryClient.prefetchQuery(cartQueryOptions());
  },
  component: () => <CartPage express={ExpressCheckoutSlot} />,
});
