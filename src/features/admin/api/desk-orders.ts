/**
 * `GET /admin/orders` — the order desk's list: filtered, searched, sorted and paged by the server,
 * with counts per status; `GET /admin/orders.csv` — the same filters as a CSV file. The previous
 * page stays on screen while the next loads. In the route's loader a 403 (not staff) is the shop's
 * not-found page.
 */
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { AdminOrdersPage } from '../../../../contract/admin.ts';
import { api, apiUrl, ApiError } from '../../../lib/api-client.ts';
import { deskQuery, type DeskQuery } from '../lib/desk-query.ts';
import type { DeskSearch } from '../lib/desk-search.ts';
import { DESK_QUERY_META, deskKeys } from './keys.ts';

export async function getDeskOrders(query: DeskQuery, signal?: AbortSignal) {
  const response = await api.get<{ success: true; data: AdminOrdersPage }>('/admin/orders', {
    query: { ...query },
    signal,
  });
  return response.data;
}

export function deskOrdersQueryOptions(query: DeskQuery) {
  return queryOptions({
    queryKey: deskKeys.list(query),
    queryFn: ({ signal }) => getDeskOrders(query, signal),
    // Orders move on all the time (shoppers paying, other staff): read afresh on every visit.
    staleTime: 0,
    meta: DESK_QUERY_META,
  });
}

export function useDeskOrders(query: DeskQuery) {
  return useQuery({ ...deskOrdersQueryOptions(query), placeholderData: keepPreviousData });
}

/** The CSV export's address for the list's filters and sort (every page, not just this one). */
export function ordersCsvUrl(query: DeskQuery): string {
  const { page: _page, limit: _limit, ...filters } = query;
  return apiUrl('/admin/orders.csv', filters);
}

/**
 * Staff only: the server's `forbidden` turns into the shop's not-found page. A 401 (the session ended)
 * is left to the account area, which sends the visitor to sign in.
 */
export function notFoundUnlessStaff(error: unknown): never {
  if (error instanceof ApiError && error.is('forbidden')) throw notFound();
  throw error;
}

export async function loadDeskOrders(queryClient: QueryClient, search: DeskSearch) {
  try {
    await queryClient.ensureQueryData(deskOrdersQueryOptions(deskQuery(search)));
  } catch (error) {
    notFoundUnlessStaff(error);
  }
}
