/**
 * Every change a signed-in shopper makes to the wishlist is a plain, serialisable command with its
 * own idempotency key, stored and sent by the wishlist's outbox (wishlist-outbox.ts). Each one sets
 * whether a product is on the list (a heart given again, or taken from a product not there, changes
 * nothing), so the hearts shown are the server's list with the waiting commands applied, in any
 * order of arrival: a command the server already holds changes nothing when applied again.
 */
import { api } from '../../../lib/api-client.ts';
import type { Wishlist, WishlistResponse } from './get-wishlist.ts';

export type WishlistCommand =
  | { type: 'put'; productId: string; idempotencyKey: string }
  | { type: 'delete'; productId: string; idempotencyKey: string }
  /** The hearts given on the device before signing in, joining the account's list. */
  | { type: 'merge'; productIds: string[]; idempotencyKey: string };

/** The ids of the hearted products: those of the server's list, then each waiting change. */
export function heartedIds(
  wishlist: Wishlist | undefined,
  commands: readonly WishlistCommand[],
): Set<string> {
  const ids = new Set((wishlist?.items ?? []).map((item) => item.product._id));
  for (const command of commands) {
    if (command.type === 'put') ids.add(command.productId);
    else if (command.type === 'delete') ids.delete(command.productId);
    else for (const id of command.productIds) ids.add(id);
  }
  return ids;
}

export function sendWishlistCommand(command: WishlistCommand): Promise<WishlistResponse> {
  const options = { idempotencyKey: command.idempotencyKey };
  switch (command.type) {
    case 'put':
      return api.put(`/user/wishlist/${encodeURIComponent(command.productId)}`, options);
    case 'delete':
      return api.delete(`/user/wishlist/${encodeURIComponent(command.productId)}`, options);
    case 'merge':
      return api.post('/user/wishlist/merge', {
        ...options,
        body: { productIds: command.productIds },
      });
  }
}
