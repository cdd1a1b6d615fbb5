/** `GET /products/{identifier}/suggested` — products shown under a product's details. */
import { queryOptions } from '@tanstack/react-query';
import type { ProductListResponse } from '../../../../contract/catalog.ts';
import { api } from '../../../lib/api-client.ts';

export function suggestedProductsQueryOptions(identifier: string, limit = 4) {
  return queryOptions({
    queryKey: ['products', 'suggested', identifier, limit] as const,
    queryFn: async ({ signal }) => {
      const response = await api.get<ProductListResponse>(
        `/products/${encodeURIComponent(identifier)}/suggested`,
        { query: { limit }, signal },
      );
      return response.data;
    },
    staleTime: 5 * 60_000,
  });
}
