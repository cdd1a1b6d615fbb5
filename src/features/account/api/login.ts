/**
 * `POST /user/auth/login`. On success the mutation runs afterSignIn (stores the user, merges the
 * guest cart, refreshes cart/orders/profile). On failure it rejects with ApiError (`message`,
 * `fieldErrors`) and changes nothing.
 */
import { api } from '../../../lib/api-client.ts';
import type { AuthResponse, LoginBody } from '../../../../contract/auth.ts';
import { useSignIn } from './session-effects.ts';

export type { AuthResponse };
export type LoginInput = LoginBody;

export function login(input: LoginInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/user/auth/login', { body: input });
}

export const useLogin = () => useSignIn(login);
