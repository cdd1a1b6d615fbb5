/**
 * `POST /orders/:orderId/cancel` — the shopper cancels an order that allows it (`canCancel`). The
 * answer goes into the order's query and every other order answer is refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
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
      await queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
      await queryClient.invalidateQueries({ queryKey: ordersKeys.payment(orderId) });
    },
  });
}
