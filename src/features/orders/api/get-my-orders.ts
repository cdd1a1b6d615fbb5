/**
 * `GET /orders/my?page=&limit=` — the shopper's orders, newest first.
 * Persisted with the query cache (private: cleared at sign-out), so a list seen stays readable
 * offline.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrdersPage } from '../../../../contract/orders.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/** The server's ORDERS_PAGE_DEFAULT_LIMIT, spelled out: contract/orders.ts loads full zod. */
export const ORDERS_PAGE_SIZE = 10;

type OrdersPageAnswer = { success: true; data: OrdersPage };

export async function getMyOrders(
  page: number,
  limit = ORDERS_PAGE_SIZE,
  signal?: AbortSignal,
): Promise<OrdersPage> {
  const response = await api.get<OrdersPageAnswer>('/orders/my', {
    query: { page, limit },
    signal,
  });
  return response.data;
}

export function myOrdersQueryOptions(page: number, limit = ORDERS_PAGE_SIZE) {
  return queryOptions({
    queryKey: ordersKeys.list(page, limit),
    queryFn: ({ signal }) => getMyOrders(page, limit, signal),
  });
}

export function useMyOrders(page: number) {
  return useQuery({ ...myOrdersQueryOptions(page), placeholderData: keepPreviousData });
}
