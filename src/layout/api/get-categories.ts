/**
 * `GET /taxonomy/categories` (tagged Taxonomy), for the header's menus. The answer may be a list,
 * or sit under `data`, `categories` or `result`.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export interface MenuCategory {
  _id?: string;
  slug?: string | null;
  name?: string | null;
}

export function normalizeCategoryList(body: unknown): MenuCategory[] {
  if (Array.isArray(body)) return body as MenuCategory[];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    for (const key of ['data', 'categories', 'result']) {
      if (Array.isArray(record[key])) return record[key] as MenuCategory[];
    }
  }
  return [];
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['taxonomy', 'categories'],
    queryFn: async ({ signal }) =>
      normalizeCategoryList(await api.get<unknown>('/taxonomy/categories', { signal })),
    staleTime: 10 * 60_000,
  });
}

/** `enabled` lets menus fetch only once they are first opened. */
export function useCategories(enabled = true) {
  return useQuery({ ...categoriesQueryOptions(), enabled });
}
