/**
 * A guest makes an account by choosing a password, from its session (`POST
 * /user/auth/guest/account`) or from an e-mailed order link (`POST /order-links/:token/account`).
 * A 201 carries the account's user, signed in: it is stored as after any sign-in, so the menus
 * show the account. A 202 carries only a message: an account already had the address, and a link
 * to add the orders to it went there.
 *
 * `POST /user/auth/join-orders/:token` adds a guest's orders to the account the link was mailed to.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, MessageResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

export interface GuestAccountBody {
  password: string;
}

/** The account is made and signed in (201), or a join link was mailed (202). */
export type GuestAccountAnswer = AuthResponse | MessageResponse;

export const createGuestAccount = (body: GuestAccountBody) =>
  api.post<GuestAccountAnswer>('/user/auth/guest/account', { body });

export const createAccountFromOrderLink = (token: string) => (body: GuestAccountBody) =>
  api.post<GuestAccountAnswer>(`/order-links/${encodeURIComponent(token)}/account`, { body });

export function useCreateAccount(send: (body: GuestAccountBody) => Promise<GuestAccountAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer) => {
      if (!('user' in answer)) return;
      // What a sign-in does is loaded with the account: the pages that offer one need it only then.
      const { afterSignIn } = await afterMessages(() => import('./session-effects.ts'));
      await afterSignIn(queryClient, answer.user);
    },
  });
}

export const joinOrders = (token: string) =>
  api.post<MessageResponse>(`/user/auth/join-orders/${encodeURIComponent(token)}`);

export const useJoinOrders = (token: string) =>
  useMutation({ mutationFn: () => joinOrders(token) });
