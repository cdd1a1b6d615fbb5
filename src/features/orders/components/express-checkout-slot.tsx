/**
 * Where a page offers the wallets' express checkout. Without a Stripe publishable key (the
 * built-in test provider takes cards only) it shows nothing and loads nothing; with one, Stripe's
 * code loads only once the page has hydrated and the browser is online, never on the server.
 */
import { lazy, Suspense } from 'react';
import type { AddCartItemBody } from '../../../../contract/cart.ts';
import { useOnline } from '../../../hooks/use-online.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const ExpressCheckout = lazy(() => afterMessages(() => import('./express-checkout.tsx')));

export function ExpressCheckoutSlot(props: {
  /** The goods after any discount, in cents: what the wallet shows before it knows the address. */
  discountedSubtotal: number;
  /** The product page's line, bought on its own; the cart leaves it out. */
  buyNow?: AddCartItemBody;
}) {
  const publishableKey = import.meta.env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined;
  const hydrated = useHydrated();
  const online = useOnline();
  if (!publishableKey || !hydrated || !online) return null;
  return (
    <Suspense fallback={null}>
      <ExpressCheckout publishableKey={publishableKey} {...props} />
    </Suspense>
  );
}
