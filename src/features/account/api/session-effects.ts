/**
 * What happens around a sign-in and a sign-out, shared by login, registration and logout.
 *
 * - After a sign-in (afterSignIn): stores the user, merges the guest cart when there is one (the id
 *   is cleared after a successful merge; a line the merge cut to the limit is toasted with
 *   cappedLineText), puts the hearts given on this device into the account's wishlist (not for a
 *   guest checkout, which has no account), then refreshes the cached cart, orders, profile, saved
 *   cards and wishlist.
 * - After a sign-out (afterSignOut): forgets everything private at once (logout, a sign-out in
 *   another tab, an expired session): the user and guest cart id, the products recently viewed,
 *   the cart and wishlist changes still waiting and the device's hearts, every cached server answer in memory (what is on screen, such
 *   as the header's cart badge, is read again as a guest), the persisted copy, the service worker's
 *   API caches and the stored checkout attempt (its order body holds the shopper's address).
 * - A sign-in or sign-out made in another tab, and a 401 while signed in (the session expired), are
 *   followed by session-watch.ts, on every page, which loads this module when it needs it.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '../../../../contract/auth.ts';
import type { CappedCartLine, MergeCartResponse } from '../../../../contract/cart.ts';
import { quantityLimitText } from '../../../../contract/cart-rules.ts';
import {
  clearGuestCartId,
  clearUser,
  customerState,
  setUser,
  type AuthUser,
} from '../../../stores/customer.ts';
import { clearOfflineData } from '../../../lib/pwa/start.ts';
import { clearCartOutbox, createCartCommand, enqueueCartCommand } from '../../cart/api/index.ts';
import { clearCheckoutAttempts } from '../../../lib/checkout/checkout-attempt.ts';
import {
  ORDERS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  SAVED_PAYMENT_METHODS_KEY,
  WISHLIST_QUERY_KEY,
} from '../../../lib/query-keys.ts';
import { toast } from '../../../stores/toasts.ts';
import { clearRecentlyViewed } from '../../../stores/recently-viewed.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

/** The wishlist's code is on no first page (these effects are on every one): loaded when needed. */
const loadWishlist = () => afterMessages(() => import('../../wishlist/api/index.ts'));

export async function afterSignIn(queryClient: QueryClient, user: AuthUser): Promise<void> {
  setUser(user);
  const guestCartId = customerState.guestCart.guestCartId;
  if (guestCartId) {
    try {
      const merge = createCartCommand({ type: 'merge', guestCartId });
      const answer: Partial<MergeCartResponse> = await (
        await enqueueCartCommand(merge, { silent: true })
      ).settled;
      for (const line of answer.capped ?? []) toast(cappedLineText(line));
    } catch (err) {
      console.warn('The guest cart could not be merged.', err);
    }
  }
  // A guest checkout has no account, so no list: its hearts stay on the device.
  if (!user.guest) {
    await loadWishlist()
      .then((wishlist) => wishlist.mergeDeviceWishlist(queryClient))
      .catch((err: unknown) =>
        console.warn("The device's hearts could not be kept for the account.", err),
      );
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['cart'] }),
    queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: SAVED_PAYMENT_METHODS_KEY }),
    queryClient.invalidateQueries({ queryKey: WISHLIST_QUERY_KEY }),
  ]);
}

/**
 * A mutation that starts a session — login, registration, guest checkout — and runs afterSignIn
 * with the user it answers.
 */
export function useSignIn<Input>(start: (input: Input) => Promise<AuthResponse>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: start,
    onSuccess: (response) => afterSignIn(queryClient, response.user),
  });
}

/** A guest line cut at sign-in: "Whey: You can buy at most 20 of an item. Your cart has 20." */
export function cappedLineText(line: CappedCartLine): string {
  return `${line.name}: ${quantityLimitText(line.stock)} Your cart has ${line.quantity}.`;
}

export async function afterSignOut(queryClient: QueryClient): Promise<void> {
  clearUser();
  clearGuestCartId();
  clearRecentlyViewed();
  // The cart shown is the server's with the waiting changes applied: drop those first.
  await Promise.all([
    clearCartOutbox().catch((err: unknown) =>
      console.warn('The waiting cart changes could not be dropped.', err),
    ),
    loadWishlist()
      .then((wishlist) => wishlist.clearWishlist(queryClient))
      .catch((err: unknown) =>
        console.warn('The waiting wishlist changes could not be dropped.', err),
      ),
  ]);
  await queryClient.cancelQueries();
  queryClient.removeQueries({ type: 'inactive' });
  // A removed query would stay on screen (an observer keeps its last answer until something else
  // draws it): reset instead, so what is shown empties now and is read again as a guest.
  void queryClient.resetQueries();
  // After the reset: the persisted copy the next save writes holds nothing of this shopper.
  await Promise.all([clearOfflineData(), clearCheckoutAttempts()]);
}
