/**
 * The cart as the shopper sees it: the server's cart with every change still waiting in the outbox
 * applied — what the shopper did, offline included, shows at once and survives a reload, and is
 * never applied twice (the server's cart never holds the optimistic lines). Quantity changes,
 * removals and removing the discount go through the outbox too.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { applyPendingCommands, createCartCommand, type CartCommandInput } from './cart-commands.ts';
import { enqueueCartCommand, usePendingCartCommands } from './cart-outbox.ts';
import { cartQueryOptions } from './get-cart.ts';

/**
 * While the server's HTML is being hydrated the cart is not known yet, as on the server (whose
 * pages are the same for everyone): the badge and the cart's lines fill in the render after.
 *
 * The cart is read again whenever a part showing it mounts (it is never fresh for long: another
 * tab or device may change it). `readOnMount: false` is for a part that mounts only once others
 * showing the cart have read it on this page (the checkout's form, once its guard has seen the
 * cart): it takes the cart they have, where reading it again would only repeat the request and
 * render the page's cart parts twice more. With no cart yet it reads.
 */
export function useCart({ readOnMount = true }: { readOnMount?: boolean } = {}) {
  const hydrated = useHydrated();
  const query = useQuery({
    ...cartQueryOptions(),
    enabled: hydrated,
    refetchOnMount: readOnMount,
  });
  const commands = usePendingCartCommands();
  const data = useMemo(
    () => (hydrated ? applyPendingCommands(query.data, commands) : undefined),
    [hydrated, query.data, commands],
  );
  // The request a page's loader started may have ended already: until hydrated it is pending.
  return { ...query, data, isPending: !hydrated || query.isPending };
}

export function useCartCommand() {
  return useMutation<void, Error, CartCommandInput>({
    // Done once the change is safely queued: the outbox sends it, offline included.
    networkMode: 'always',
    mutationFn: async (input) => void (await enqueueCartCommand(createCartCommand(input))),
  });
}
