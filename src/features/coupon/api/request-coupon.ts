/**
 * `POST /coupon/request`: asks for a discount code by e-mail. The server's own message is shown
 * when it sends one; otherwise the fixed texts below.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/failure-message.ts';
import type { CouponForm } from '../validate-coupon.ts';

export interface CouponResponse {
  success?: boolean;
  message?: string;
}

export const COUPON_SUCCESS_FALLBACK = msg`Your discount code has been sent to your email!`;
export const COUPON_FAILURE_FALLBACK = msg`Failed to send coupon request. Please try again.`;
export const GENERIC_ERROR = msg`An error occurred. Please try again.`;

export function requestCoupon(form: CouponForm): Promise<CouponResponse> {
  return api.post<CouponResponse>('/coupon/request', {
    body: { name: form.name.trim(), email: form.email.trim() },
  });
}

/** `i18n`: the context's translator, for the fixed texts (the server's come as they are). */
export function couponSuccessMessage(response: CouponResponse | undefined, i18n: I18n): string {
  return response?.message || i18n._(COUPON_SUCCESS_FALLBACK);
}

export function couponFailureMessage(error: unknown, i18n: I18n): string {
  if (error instanceof ApiError) {
    return error.fromServer ? apiErrorText(error, i18n) : i18n._(COUPON_FAILURE_FALLBACK);
  }
  return i18n._(GENERIC_ERROR);
}

export function useRequestCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupon-request'] }),
  });
}
