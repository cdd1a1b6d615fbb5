/**
 * The cart as the shopper sees it: the server's cart with every change still waiting in the outbox
 * applied — what the shopper did, offline included, shows at once and survives a reload, and is
 * never applied twice (the server's cart never holds the optimistic lines). Quantity changes,
 * removals and removing the discount go through the outbox too.
 */
import { useMutation, useQuery, type Query } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CART_RECENT_READ_MS } from '../../../lib/constants.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { applyPendingCommands, createCartCommand, type CartCommandInput } from './cart-commands.ts';
import { enqueueCartCommand, usePendingCartCommands } from './cart-outbox.ts';
import { cartQueryOptions, type Cart, type cartQueryKey } from './get-cart.ts';

/**
 * While the server's HTML is being hydrated the cart is not known yet, as on the server (whose
 * pages are the same for everyone): the badge and the cart's lines fill in the render after.
 *
 * The cart is read again whenever a part showing it mounts (it is never fresh for long: another
 * tab or device may change it), unless this page read it, or had the server's answer to a change,
 * within CART_RECENT_READ_MS: the header's badge, mounted as the page starts, and the page's own
 * cart parts, mounted once their code has loaded (the checkout's guard), read it once. A cart
 * restored from the saved cache is always read again. `readOnMount: false` is for a part that
 * mounts only once others showing the cart have read it on this page, however long that took (the
 * checkout's form, once its guard has seen the cart): it takes the cart they have. With no cart
 * yet, either reads.
 */
export function useCart({ readOnMount = true }: { readOnMount?: boolean } = {}) {
  const hydrated = useHydrated();
  const query = useQuery({
    ...cartQueryOptions(),
    enabled: hydrated,
    refetchOnMount: readOnMount ? notReadJustNow : false,
  });
  const commands = usePendingCartCommands();
  const data = useMemo(
    () => (hydrated ? applyPendingCommands(query.data, commands) : undefined),
    [hydrated, query.data, commands],
  );
  // The request a page's loader started may have ended already: until hydrated it is pending.
  return { ...query, data, isPending: !hydrated || query.isPending };
}

/** When this module loaded: a cart dated earlier came from the saved cache, not from this page. */
const pageStartedAt = Date.now();

function notReadJustNow(query: Query<Cart, Error, Cart, typeof cartQueryKey>): boolean {
  const readAt = query.state.dataUpdatedAt;
  return readAt < pageStartedAt || Date.now() - readAt >= CART_RECENT_READ_MS;
}

export function useCartCommand() {
  return useMutation<void, Error, CartCommandInput>({
    // Done once the change is safely queued: the outbox sends it, offline included.
    networkMode: 'always',
    mutationFn: async (input) => void (await enqueueCartCommand(createCartCommand(input))),
  });
}
