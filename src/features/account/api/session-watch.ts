/**
 * Sessions ended or started elsewhere, followed on every page (the root route):
 *
 * - Another tab signed in or out (every tab shares the one session cookie): the header here already
 *   follows (the customer store). After a sign-in the cart, orders, profile and wishlist this tab
 *   had read are read again as that shopper; after a sign-out everything private is forgotten here
 *   too, as in the tab that signed out. A login-only page leaves by itself (the account layout sends
 *   a signed-out visitor to /login).
 * - A 401 while signed in (the session expired) signs out here too, saying so.
 *
 * What a sign-out forgets is session-effects.ts's afterSignOut, loaded when a sign-out happens:
 * few visits see one, and every first page runs this.
 */
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onSessionEnded } from '../../../lib/api-client.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import {
  ORDERS_QUERY_KEY,
  PROFILE_QUERY_KEY,
  SAVED_PAYMENT_METHODS_KEY,
  WISHLIST_QUERY_KEY,
} from '../../../lib/query-keys.ts';
import { onSignInElsewhere } from '../../../stores/customer.ts';
import { toast } from '../../../stores/toasts.ts';

const SESSION_ENDED_TEXT = msg`Your session has ended. Please sign in again.`;

const loadSessionEffects = loadOnce(() => afterMessages(() => import('./session-effects.ts')));

function signOutHere(queryClient: QueryClient): void {
  loadSessionEffects()
    .then((effects) => effects.afterSignOut(queryClient))
    .catch((err: unknown) => console.warn('The sign-out could not be completed here.', err));
}

export function useSessionsOfOtherTabs(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSignInElsewhere((user) => {
        if (!user) {
          signOutHere(queryClient);
          return;
        }
        for (const queryKey of [
          ['cart'],
          ORDERS_QUERY_KEY,
          PROFILE_QUERY_KEY,
          SAVED_PAYMENT_METHODS_KEY,
          WISHLIST_QUERY_KEY,
        ]) {
          void queryClient.resetQueries({ queryKey });
        }
      }),
    [queryClient],
  );
}

export function useSessionExpiry(): void {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionEnded(() => {
        toast(i18n._(SESSION_ENDED_TEXT));
        signOutHere(queryClient);
      }),
    [queryClient, i18n],
  );
}
