/**
 * `POST /payments/test/:orderId/confirm` — the built-in test provider's card form, or the shopper's
 * answer to its authentication challenge (`{ authenticate: true | false }`). The answer goes into
 * the payment query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payment, TestPaymentConfirmBody } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

export async function confirmTestPayment(
  orderId: string,
  body: TestPaymentConfirmBody,
): Promise<Payment> {
  const response = await api.post<{ success: true; data: Payment }>(
    `/payments/test/${encodeURIComponent(orderId)}/confirm`,
    { body },
  );
  return response.data;
}

export function useConfirmTestPayment(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestPaymentConfirmBody) => confirmTestPayment(orderId, body),
    onSuccess: (payment) => queryClient.setQueryData(ordersKeys.payment(orderId), payment),
  });
}
