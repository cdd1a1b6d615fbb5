/**
 * `POST /coupon/request`: asks for a discount code by e-mail. The server's own message is shown
 * when it sends one; otherwise the fixed texts below.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import type { CouponForm } from '../validate-coupon.ts';

export interface CouponResponse {
  success?: boolean;
  message?: string;
}

export const COUPON_SUCCESS_FALLBACK = 'Your discount code has been sent to your email!';
export const COUPON_FAILURE_FALLBACK = 'Failed to send coupon request. Please try again.';
export const GENERIC_ERROR = 'An error occurred. Please try again.';

export function requestCoupon(form: CouponForm): Promise<CouponResponse> {
  return api.post<CouponResponse>('/coupon/request', {
    body: { name: form.name.trim(), email: form.email.trim() },
  });
}

export function couponSuccessMessage(response: CouponResponse | undefined): string {
  return response?.message || COUPON_SUCCESS_FALLBACK;
}

export function couponFailureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.fromServer ? error.message : COUPON_FAILURE_FALLBACK;
  return GENERIC_ERROR;
}

export function useRequestCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCoupon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupon-request'] }),
  });
}
