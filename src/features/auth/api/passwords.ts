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
import { api } from '../../../lib/api-client.ts';

export interface MessageResponse {
  success: boolean;
  message?: string;
}

export function forgotPassword(input: { email: string }): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/auth/forgot-password', { body: input });
}

export function resetPassword({
  token,
  ...body
}: {
  token: string;
  password: string;
}): Promise<MessageResponse> {
  return api.patch<MessageResponse>(`/user/auth/reset-password/${encodeURIComponent(token)}`, {
    body,
  });
}

export function verifyOtpReset(input: {
  email: string;
  otp: string;
  password: string;
}): Promise<MessageResponse> {
  return api.post<MessageResponse>('/user/auth/verify-otp-reset', { body: input });
}

export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<MessageResponse> {
  return api.patch<MessageResponse>('/user/auth/change-password', { body: input });
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
export const useVerifyOtpReset = () => useMutation({ mutationFn: verifyOtpReset });
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
