/** `GET /products?collection=top|new|bestsellers&limit=` — the home page's product rows. */
import { queryOptions } from '@tanstack/react-query';
import type { ProductCollection, ProductListResponse } from '../../../../contract/catalog.ts';
import { api } from '../../../lib/api-client.ts';

export function productCollectionQueryOptions(collection: ProductCollection, limit = 8) {
  return queryOptions({
    queryKey: ['products', 'collection', collection, limit] as const,
    queryFn: async ({ signal }) => {
      const response = await api.get<ProductListResponse>('/products', {
        query: { collection, limit },
        signal,
      });
      return response.data;
    },
    staleTime: 5 * 60_000,
  });
}
