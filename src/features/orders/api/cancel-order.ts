/**
 * `POST /orders/:orderId/cancel` — the shopper cancels an order that allows it (`canCancel`). The
 * answer goes into the order's query and every other order answer is refreshed, and a checkout
 * attempt that made this order is forgotten.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { forgetAttemptOfOrder } from '../../../lib/checkout/checkout-attempt.ts';
import { customerState } from '../../../stores/customer.ts';
import { ordersKeys } from './keys.ts';

export async function cancelOrder(orderId: string): Promise<Order> {
  const response = await api.post<{ success: true; data: Order }>(
    `/orders/${encodeURIComponent(orderId)}/cancel`,
  );
  return response.data;
}

export function useCancelOrder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: async (order) => {
      queryClient.setQueryData(ordersKeys.detail(orderId), order);
      // The checkout must not resume an attempt whose order is gone: it shows the form again.
      const userId = customerState.auth.user?._id;
      if (userId) await forgetAttemptOfOrder(userId, orderId);
      await queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.payment(orderId) });
    },
  });
}
