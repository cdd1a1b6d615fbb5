/**
 * `POST /user/auth/guest`: checks out as a guest with an e-mail address. The answer's user is a
 * session like a sign-in's (`guest: true`), so the mutation runs afterSignIn as login does: the
 * user is stored, the guest cart joins the session's cart, and the cart is read again.
 */
import type { AuthResponse } from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';
import { useSignIn } from './session-effects.ts';

export function startGuestCheckout(input: { email: string; name?: string }): Promise<AuthResponse> {
  return api.post<AuthResponse>('/user/auth/guest', { body: input });
}

export const useGuestCheckout = () => useSignIn(startGuestCheckout);
