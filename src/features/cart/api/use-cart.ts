/**
 * The cart as the shopper sees it: the server's cart with every change still waiting in the outbox
 * applied — what the shopper did, offline included, shows at once and survives a reload, and is
 * never applied twice (the server's cart never holds the optimistic lines). Quantity changes,
 * removals and removing the discount go through the outbox too.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { applyPendingCommands, createCartCommand, type CartCommandInput } from './cart-commands.ts';
import { enqueueCartCommand, usePendingCartCommands } from './cart-outbox.ts';
import { cartQueryOptions } from './get-cart.ts';

export function useCart() {
  const query = useQuery(cartQueryOptions());
  const commands = usePendingCartCommands();
  const data = useMemo(() => applyPendingCommands(query.data, commands), [query.data, commands]);
  return { ...query, data };
}

export function useCartCommand() {
  return useMutation<void, Error, CartCommandInput>({
    // Done once the change is safely queued: the outbox sends it, offline included.
    networkMode: 'always',
    mutationFn: async (input) => void (await enqueueCartCommand(createCartCommand(input))),
  });
}
