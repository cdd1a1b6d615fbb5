import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../features/account/components/coming-soon.tsx';
import { CheckoutGuard } from '../../../features/cart/api/checkout-guard.tsx';

export const Route = createFileRoute('/_shop/_account/checkout')({
  head: () => ({ meta: [{ title: 'Checkout' }] }),
  component: Checkout,
});

function Checkout() {
  return (
    <CheckoutGuard>
      <ComingSoon title="Checkout">
        <p>
          Secure checkout is coming soon. Your cart is saved to your account, so everything in it
          will be waiting when checkout opens.
        </p>
      </ComingSoon>
    </CheckoutGuard>
  );
}
