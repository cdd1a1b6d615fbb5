/**
 * What the home page shows, started from the route's loader without waiting for it: the hero
 * paints at once and each row fills in as its data arrives. Kept apart from the page component so
 * the loader, which ships with the first page, does not pull the page along.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductCollection } from '../../../../contract/catalog.ts';
import { productCollectionQueryOptions } from './get-products.ts';
import { taxonomyQueryOptions } from '../../../lib/catalog/get-taxonomy.ts';

export const HOME_ROWS: Record<ProductCollection, number> = { top: 8, new: 4, bestsellers: 4 };

export function prefetchHome(queryClient: QueryClient): void {
  for (const [collection, limit] of Object.entries(HOME_ROWS)) {
    void queryClient.prefetchQuery(
      productCollectionQueryOptions(collection as ProductCollection, limit),
    );
  }
  void queryClient.prefetchQuery(taxonomyQueryOptions('categories'));
  void queryClient.prefetchQuery(taxonomyQueryOptions('brands'));
}
