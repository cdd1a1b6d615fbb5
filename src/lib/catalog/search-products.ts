/**
 * `GET /search/products`: the search results and every filtered listing (category,
 * brand, flavor). The term is trimmed, nulls skipped and arrays comma-joined by the API client;
 * answers stay fresh 180 s.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SearchProductsResponse, SearchSort } from '../../../contract/search.ts';
import { api } from '../api-client.ts';
import { PRODUCT_SEARCH_STALE_MS } from '../constants.ts';

export interface SearchProductsParams {
  search?: string;
  category?: string[];
  brand?: string[];
  flavor?: string[];
  /** Cents. */
  minPrice?: number;
  /** Cents. */
  maxPrice?: number;
  inStock?: boolean;
  minRating?: number;
  sort?: SearchSort;
  page?: number;
  limit?: number;
}

export function searchProductsQueryOptions(params: SearchProductsParams) {
  const query = { ...params, search: params.search?.trim() || undefined };
  return queryOptions({
    queryKey: ['search', 'products', query] as const,
    queryFn: ({ signal }) => api.get<SearchProductsResponse>('/search/products', { query, signal }),
    staleTime: PRODUCT_SEARCH_STALE_MS,
  });
}
