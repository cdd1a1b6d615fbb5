/**
 * The desk's query keys (orders, stock, reviews), generic → specific: `deskKeys.all` refreshes
 * every staff answer. Staff answers carry customers' names, addresses and account ids: they are
 * kept in memory only (`DESK_QUERY_META`: never written to the device's saved query cache).
 */
import type { DeskQuery } from '../lib/desk-query.ts';

export const deskKeys = {
  all: ['admin'] as const,
  lists: () => [...deskKeys.all, 'orders'] as const,
  list: (query: DeskQuery) => [...deskKeys.lists(), query] as const,
  order: (orderId: string) => [...deskKeys.all, 'order', orderId] as const,
  stock: (variantId: string) => [...deskKeys.all, 'stock', variantId] as const,
  reviewLists: () => [...deskKeys.all, 'reviews'] as const,
  reviewList: (page: number) => [...deskKeys.reviewLists(), page] as const,
};

export const DESK_QUERY_META = { persist: false } as const;
