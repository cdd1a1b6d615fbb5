/**
 * `GET /orders/:orderId/payment` — the order's payment as the provider reports it now (the server
 * reads it again), to resume a checkout or follow a payment being processed.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Payment } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

export async function getPayment(orderId: string, signal?: AbortSignal): Promise<Payment> {
  const response = await api.get<{ success: true; data: Payment }>(
    `/orders/${encodeURIComponent(orderId)}/payment`,
    { signal },
  );
  return response.data;
}

export function paymentQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ordersKeys.payment(orderId),
    queryFn: ({ signal }) => getPayment(orderId, signal),
    // Always the provider's word of now, never yesterday's.
    staleTime: 0,
    meta: { persist: false },
  });
}

/** Whether the payment needs nothing more from the shopper or the provider. */
export function isPaymentSettled(payment: Payment): boolean {
  return (
    payment.status === 'succeeded' ||
    payment.status === 'canceled' ||
    (payment.status === 'requires_payment_method' && payment.lastError !== null)
  );
}
