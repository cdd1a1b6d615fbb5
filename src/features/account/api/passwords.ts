/**
 * Password calls; failures reject with ApiError:
 * - forgot: `POST /user/auth/forgot-password`
 * - reset by link token: `PATCH /user/auth/reset-password/{token}`
 * - reset by e-mailed code: `POST /user/auth/verify-otp-reset`
 * - change: `PATCH /user/auth/change-password`
 */
import { useMutation } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  MessageResponse,
  ResetPasswordBody,
  VerifyOtpResetBody,
} from '../../../../contract/auth.ts';
import { api } from '../../../lib/api-client.ts';

export type { MessageResponse };

export function forgotPassword(input: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/auth/forgot-password', { body: input });
}

export function resetPassword({
  token,
  ...body
}: ResetPasswordBody & { token: string }): Promise<MessageResponse> {
  return api.patch<MessageResponse>(`/user/auth/reset-password/${encodeURIComponent(token)}`, {
    body,
  });
}

export function verifyOtpReset(input: VerifyOtpResetBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/auth/verify-otp-reset', { body: input });
}

export function changePassword(input: ChangePasswordBody): Promise<MessageResponse> {
  return api.patch<MessageResponse>('/user/auth/change-password', { body: input });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useVerifyOtpReset = () => useMutation({ mutationFn: verifyOtpReset });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
