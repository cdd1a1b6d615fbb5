/**
 * `POST /user/auth/register`. Like login: on success the user is stored, the guest cart merged and
 * cart/orders/profile refreshed; on failure an ApiError.
 */
import { api } from '../../../lib/api-client.ts';
import type { AuthResponse, RegisterBody } from '../../../../contract/auth.ts';
import { useSignIn } from './session-effects.ts';

export type RegisterInput = RegisterBody;

export function register(input: RegisterInput): Promise<AuthResponse> {
  return api.post<AuthResponse>('/user/auth/register', { body: input });
}

export const useRegister = () => useSignIn(register);
