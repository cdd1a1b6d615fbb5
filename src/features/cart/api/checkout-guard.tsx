/**
 * Wraps the checkout screen: shows 'loading...' while the cart loads, sends a cart error to '/',
 * an empty or missing cart to '/cart', and once it has seen the cart non-empty keeps the screen
 * open (so emptying the cart by placing the order does not bounce).
 */
import { Trans } from '@lingui/react/macro';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { useCart } from './use-cart.ts';

export function CheckoutGuard({ children }: { children: ReactNode }) {
  const cart = useCart();
  const router = useRouter();
  const [checkoutPath] = useState(() => router.latestLocation.pathname);
  const hasItems = (cart.data?.items.length ?? 0) > 0;
  const [seenNonEmpty, setSeenNonEmpty] = useState(false);
  if (hasItems && !seenNonEmpty) setSeenNonEmpty(true);

  if (seenNonEmpty || hasItems) return children;
  // A cart restored from the saved cache may be older than the server's (a merge that landed after
  // it was saved): while it is being read again, an empty one is not yet a reason to leave.
  if (cart.isPending || (cart.isFetching && !hasItems)) {
    return (
      <p role="status" style={{ padding: '64px var(--gutter)', textAlign: 'center' }}>
        <Trans>loading...</Trans>
      </p>
    );
  }
  return <Leave to={cart.isError ? '/' : '/cart'} from={checkoutPath} />;
}

/**
 * Sends the shopper on, once, and only while they are still at the checkout. The router's own
 * `<Navigate>` navigates again each time it renders: a guard still on screen while the shopper
 * leaves (signing out clears the cart it watches, so it renders again) would pull them back.
 */
function Leave({ to, from }: { to: '/' | '/cart'; from: string }) {
  const router = useRouter();
  const navigate = useNavigate();
  useEffect(() => {
    if (router.latestLocation.pathname === from) void navigate({ to, replace: true });
  }, [router, navigate, to, from]);
  return null;
}
