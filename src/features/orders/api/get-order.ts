/**
 * `GET /orders/:orderId` — one of the shopper's orders (404 for anyone else's). Persisted with the
 * query cache, so an order seen stays readable offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../../../../contract/orders.ts';
import { ApiError, api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  const response = await api.get<{ success: true; data: Order }>(
    `/orders/${encodeURIComponent(orderId)}`,
    { signal },
  );
  return response.data;
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ordersKeys.detail(orderId),
    queryFn: ({ signal }) => getOrder(orderId, signal),
    // An order moves on elsewhere (its payment, the shop's desk): read it afresh on every visit
    // while online; offline, the persisted copy is shown.
    staleTime: 0,
  });
}

export function useOrder(orderId: string) {
  return useQuery(orderQueryOptions(orderId));
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.is('not_found');
}
