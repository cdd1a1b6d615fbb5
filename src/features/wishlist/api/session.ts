/**
 * The wishlist's part of a sign-in and a sign-out (account's session effects). The effects ship with
 * every first page and the wishlist's code with none: they load it then.
 */
import type { QueryClient } from '@tanstack/react-query';
import { loadWishlist } from './hearts.ts';

/** The device's hearts join the account's list; resolves once the change is stored. */
export async function mergeDeviceWishlist(queryClient: QueryClient): Promise<void> {
  await (await loadWishlist()).mergeDeviceWishlist(queryClient);
}

/** Forgets the waiting changes and the device's hearts. */
export async function clearWishlist(queryClient: QueryClient): Promise<void> {
  await (await loadWishlist()).clearWishlist(queryClient);
}
