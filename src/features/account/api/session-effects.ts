/**
 * What happens around a sign-in and a sign-out (spec §4), shared by login, registration and logout.
 *
 * Exports:
 * - afterSignIn(queryClient, user): stores the user, merges the guest cart when there is one (the
 *   id is cleared after a successful merge), then refreshes the cached cart, orders and profile.
 * - afterSignOut(queryClient): forgets the user, clears every cached server answer and drops the
 *   cart changes still waiting to be sent.
 * - safeRedirect(target): the `redirect` search param reduced to an in-app path ('/' otherwise).
 * - useSessionsOfOtherTabs(): follows a sign-in or sign-out made in another tab (see below).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  clearUser,
  customerState,
  onSignInElsewhere,
  setUser,
  type AuthUser,
} from '../../../stores/customer.ts';
import { clearOfflineData } from '../../../lib/pwa/start.ts';
import { createCartCommand } from '../../../lib/cart/cart-commands.ts';
import { clearCartOutbox, enqueueCartCommand } from '../../../lib/cart/cart-outbox.ts';

export const ORDERS_QUERY_KEY = ['orders'] as const;
export const PROFILE_QUERY_KEY = ['profile'] as const;

export async function afterSignIn(queryClient: QueryClient, user: AuthUser): Promise<void> {
  setUser(user);
  const guestCartId = customerState.guestCart.guestCartId;
  if (guestCartId) {
    try {
      const merge = createCartCommand({ type: 'merge', guestCartId });
      await (
        await enqueueCartCommand(merge, { silent: true })
      ).settled;
    } catch (err) {
      console.warn('The guest cart could not be merged.', err);
    }
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['cart'] }),
    queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  ]);
}

export function afterSignOut(queryClient: QueryClient): void {
  clearUser();
  queryClient.clear();
  void clearOfflineData();
  void clearCartOutbox();
}

/**
 * Another tab signed in or out (every tab shares the one session cookie): the header here already
 * follows (the customer store), and the cart, orders and profile this tab had read are dropped and
 * read again as the shopper now signed in, or as a guest. A login-only page leaves by itself (the
 * account layout sends a signed-out visitor to /login).
 */
export function useSessionsOfOtherTabs(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSignInElsewhere(() => {
        for (const queryKey of [['cart'], ORDERS_QUERY_KEY, PROFILE_QUERY_KEY]) {
          void queryClient.resetQueries({ queryKey });
        }
      }),
    [queryClient],
  );
}

export function safeRedirect(target: unknown): string {
  if (typeof target !== 'string' || !target.startsWith('/') || target.startsWith('//')) return '/';
  if (target.startsWith('/login') || target.startsWith('/register')) return '/';
  return target;
}
