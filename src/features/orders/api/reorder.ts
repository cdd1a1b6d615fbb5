/**
 * `POST /orders/:orderId/reorder` — puts an order's lines back in the cart ("Buy again"). The cart
 * is read again after it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { CART_QUERY_KEY } from './keys.ts';

export async function reorder(orderId: string): Promise<ReorderResult> {
  const response = await api.post<{ success: true; data: ReorderResult }>(
    `/orders/${encodeURIComponent(orderId)}/reorder`,
  );
  return response.data;
}

/** What "Buy again" did, in words: what was added, and what was not and why. */
export function reorderMessages(result: ReorderResult): {
  added: string | null;
  skipped: string | null;
} {
  const added = result.added.length
    ? `Added to your cart: ${result.added.map((line) => `${line.name} × ${line.quantity}`).join(', ')}.`
    : null;
  const skipped = result.skipped.length
    ? `Not added: ${result.skipped.map((line) => `${line.name} (${line.reason})`).join(', ')}.`
    : null;
  return { added, skipped };
}

export function useReorder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reorder(orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
