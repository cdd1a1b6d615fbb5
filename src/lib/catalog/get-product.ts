/** `GET /products/{identifier}` (slug or _id) — the product details page. */
import { queryOptions } from '@tanstack/react-query';
import type { ProductDetailResponse } from '../../../contract/catalog.ts';
import { ApiError, api } from '../api-client.ts';

export function productQueryOptions(identifier: string) {
  return queryOptions({
    queryKey: ['products', 'detail', identifier] as const,
    queryFn: async ({ signal }) => {
      const response = await api.get<ProductDetailResponse>(
        `/products/${encodeURIComponent(identifier)}`,
        { signal },
      );
      return response.data;
    },
    // Stock moves while a shopper looks at the page; keep it reasonably current.
    staleTime: 30_000,
  });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.is('not_found');
}
