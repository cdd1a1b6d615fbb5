/**
 * The list request for the URL's search (desk-search.ts): newest first, page 1 and DESK_PAGE_SIZE
 * rows by default; a status the shop does not have is no filter.
 */
import { ORDER_STATUSES, type OrderStatus } from '../../../../contract/checkout-rules.ts';
import type { DeskSearch, DeskSort } from './desk-search.ts';

export const DESK_PAGE_SIZE = 20;

export interface DeskQuery {
  status?: OrderStatus;
  from?: string;
  to?: string;
  q?: string;
  sort: DeskSort;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

export function deskStatus(search: DeskSearch): OrderStatus | undefined {
  return ORDER_STATUSES.find((status) => status === search.status);
}

export function deskQuery(search: DeskSearch): DeskQuery {
  const status = deskStatus(search);
  return {
    ...(status ? { status } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
    ...(search.q ? { q: search.q } : {}),
    sort: search.sort ?? 'createdAt',
    order: search.order ?? 'desc',
    page: search.page ?? 1,
    limit: DESK_PAGE_SIZE,
  };
}
