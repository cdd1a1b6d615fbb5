/**
 * The signed-in shopper's wishlist as the server holds it (`GET /user/wishlist`): each product's
 * card with its price and stock now, newest first. A guest checkout has no account and so no list
 * on the server: its hearts stay on the device (stores/wishlist.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { WishlistResponse } from '../../../../contract/wishlist.ts';
import { api } from '../../../lib/api-client.ts';
import type { AuthUser } from '../../../stores/customer.ts';

export type { WishlistResponse };
export type Wishlist = WishlistResponse['data'];

export const wishlistQueryKey = ['wishlist'] as const;

export function wishlistQueryOptions() {
  return queryOptions({
    queryKey: wishlistQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<WishlistResponse>('/user/wishlist', { signal })).data,
  });
}

/** Whether the hearts of `user` are an account's list (a guest checkout's stay on the device). */
export function hasAccountWishlist(user: AuthUser | null): user is AuthUser {
  return Boolean(user && !user.guest);
}
