/**
 * Password calls (spec §7): forgot, reset by link token, reset by e-mailed code, change.
 *
 * Exports (each a fetcher plus a mutation hook; failures reject with ApiError):
 * - forgotPassword({ email }) / useForgotPassword()        POST  /user/auth/forgot-password
 * - resetPassword({ token, password }) / useResetPassword() PATCH /user/auth/reset-password/{token}
 * - verifyOtpReset({ email, otp, password }) / useVerifyOtpReset()  POST /user/auth/verify-otp-reset
 * - changePassword({ currentPassword, newPassword }) / useChangePassword()
 *                                                          PATCH /user/auth/change-password
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
