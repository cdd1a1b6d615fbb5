import { msg } from '@lingui/core/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { isNotFound, productQueryOptions } from '../../../lib/catalog/get-product.ts';
import { reviewsQueryOptions } from '../../../features/product/api/get-reviews.ts';
import { suggestedProductsQueryOptions } from '../../../features/product/api/get-suggested-products.ts';
import { ExpressCheckoutSlot } from '../../../features/orders/components/express-checkout-slot.tsx';
import { ProductDetails } from '../../../features/product/components/product-details.tsx';
import { productSearchSchema } from '../../../features/product/lib/product-search.ts';
import { WithQuickAdd } from '../../../layout/components/quick-add.tsx';
import { titled } from '../../../lib/document-title.ts';

export const Route = createFileRoute('/_shop/product/$identifier')({
  head: titled(msg`Product Details`),
  validateSearch: productSearchSchema,
  loader: async ({ context, params }) => {
    void context.queryClient.prefetchQuery(suggestedProductsQueryOptions(params.identifier));
    // The first page of reviews with the star counts: in the server's HTML too.
    void context.queryClient.prefetchInfiniteQuery(
      reviewsQueryOptions(params.identifier, 'newest'),
    );
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
  return (
    <WithQuickAdd>
      <ProductDetails product={product} search={Route.useSearch()} express={ExpressCheckoutSlot} />
    </WithQuickAdd>
  );
}
