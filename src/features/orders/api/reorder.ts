/**
 * `POST /orders/:orderId/reorder` — puts an order's lines back in the cart ("Buy again"). The cart
 * is read again after it.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
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
export function reorderMessages(
  result: ReorderResult,
  i18n: I18n,
): {
  added: string | null;
  skipped: string | null;
} {
  const addedLines = result.added.map((line) => `${line.name} × ${line.quantity}`).join(', ');
  // The reasons are the server's words ("out of stock"), as it gives them.
  const skippedLines = result.skipped.map((line) => `${line.name} (${line.reason})`).join(', ');
  const added = result.added.length ? i18n._(msg`Added to your cart: ${addedLines}.`) : null;
  const skipped = result.skipped.length ? i18n._(msg`Not added: ${skippedLines}.`) : null;
  return { added, skipped };
}

export function useReorder(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => reorder(orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}
