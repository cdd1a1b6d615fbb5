import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { isNotFound, productQueryOptions } from '../../../features/catalog/api/get-product.ts';
import { suggestedProductsQueryOptions } from '../../../features/catalog/api/get-suggested-products.ts';
import { ProductDetails } from '../../../features/catalog/components/product-details.tsx';

const choice = z.union([z.string(), z.number()]).transform(String).optional().catch(undefined);

export const Route = createFileRoute('/_shop/product/$identifier')({
  head: () => ({ meta: [{ title: 'Product Details' }] }),
  validateSearch: z.object({ flavor: choice, size: choice }),
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(suggestedProductsQueryOptions(params.identifier));
    try {
      await context.queryClient.ensureQueryData(productQueryOptions(params.identifier));
    } catch (error) {
      if (isNotFound(error)) throw notFound();
      throw error;
    }
  },
  component: Product,
});

function Product() {
  const { identifier } = Route.useParams();
  const { data: product } = useSuspenseQuery(productQueryOptions(identifier));
  return <ProductDetails product={product} search={Route.useSearch()} />;
}
