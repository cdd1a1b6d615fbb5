/**
 * `GET /order-links/:token` — the order an e-mailed link opens, read-only, without a session. Kept
 * in memory only: whoever uses the device next has no link, and should find nothing of it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderLink } from '../../../../contract/orders.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export function orderLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['order-link', token] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ success: true; data: OrderLink }>(
          `/order-links/${encodeURIComponent(token)}`,
          {
            signal,
          },
        )
      ).data,
    meta: { persist: false },
    retry: false,
  });
}

export const useOrderLink = (token: string) => useQuery(orderLinkQueryOptions(token));

/** The link's token is unknown or revoked (`token_invalid`), rather than the load failing. */
export function isLinkGone(error: unknown): boolean {
  return error instanceof ApiError && error.is('token_invalid');
}

/** Where the linked order's invoice downloads from (no session needed). */
export const orderLinkInvoicePath = (token: string) =>
  `/order-links/${encodeURIComponent(token)}/invoice`;
