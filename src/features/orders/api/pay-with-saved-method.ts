/**
 * `POST /orders/:orderId/payment/saved-method` — pay the order with one of the shopper's saved
 * cards. When Stripe answers that the bank wants the shopper to authenticate, Stripe.js (loaded
 * only now) shows the bank's step and the payment is read again from the server afterwards. The
 * answer goes into the payment query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { useSavedPaymentMethods } from '../../../lib/payments/saved-payment-methods.ts';
import { getPayment } from './get-payment.ts';
import { ordersKeys } from './keys.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

export { useSavedPaymentMethods };

export async function payWithSavedMethod(
  orderId: string,
  paymentMethodId: string,
): Promise<Payment> {
  const response = await api.post<{ success: true; data: Payment }>(
    `/orders/${encodeURIComponent(orderId)}/payment/saved-method`,
    { body: { paymentMethodId }, headers: { 'Idempotency-Key': newIdempotencyKey() } },
  );
  const payment = response.data;
  if (payment.provider !== 'stripe' || payment.status !== 'requires_action') return payment;
  if (!payment.clientSecret) return payment;
  const { finishStripeAction } = await afterMessages(() => import('./stripe-next-action.ts'));
  await finishStripeAction(payment.clientSecret);
  // Passed or failed, Stripe now knows: the server reads the intent again.
  return getPayment(orderId);
}

export function usePayWithSavedMethod(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: string) => payWithSavedMethod(orderId, paymentMethodId),
    onSuccess: (payment) => queryClient.setQueryData(ordersKeys.payment(orderId), payment),
  });
}
