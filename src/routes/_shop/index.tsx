import { createFileRoute } from '@tanstack/react-router';
import { productCollectionQueryOptions } from '../../features/catalog/api/get-products.ts';
import { taxonomyQueryOptions } from '../../features/catalog/api/get-taxonomy.ts';
import { HOME_ROWS, HomePage } from '../../features/home/components/home-page.tsx';

export const Route = createFileRoute('/_shop/')({
  head: () => ({ meta: [{ title: 'Home' }] }),
  // The hero paints at once; each row fills in as its data arrives.
  loader: ({ context }) => {
    const { queryClient } = context;
    for (const [collection, limit] of Object.entries(HOME_ROWS)) {
      void queryClient.prefetchQuery(
        productCollectionQueryOptions(collection as keyof typeof HOME_ROWS, limit),
      );
    }
    void queryClient.prefetchQuery(taxonomyQueryOptions('categories'));
    void queryClient.prefetchQuery(taxonomyQueryOptions('brands'));
  },
  component: HomePage,
});
