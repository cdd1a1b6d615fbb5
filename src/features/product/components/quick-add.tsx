import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ProductDetail, ProductSummary } from '../../../../contract/catalog.ts';
import { Button } from '../../../components/ui/button.tsx';
import { productQueryOptions } from '../../../lib/catalog/get-product.ts';
import { toast } from '../../../stores/toasts.ts';
import { useAddToCart } from '../../cart/api/index.ts';
import { cartPreview } from '../lib/cart-preview.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

/** The flavor and size choice, fetched the first time a shopper needs it. */
const QuickAddDialog = lazy(() => afterMessages(() => import('./quick-add-dialog.tsx')));

/**
 * One tap adds a product that comes in a single flavor and size; otherwise a small dialog asks
 * which one, since guessing a flavor for the shopper would fill carts with the wrong tub.
 */
export function QuickAdd({ product, flavor }: { product: ProductSummary; flavor?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const addToCart = useAddToCart();
  const [loading, setLoading] = useState(false);
  const [detail, setDetail] = useState<ProductDetail | null>(null);
  const buttonRef = useRef<HTMLButtonElement | null>(null);

  async function open() {
    setLoading(true);
    try {
      const full = await queryClient.fetchQuery(productQueryOptions(product.slug));
      const variants = full.variants;
      const only = variants.length === 1 ? variants[0] : undefined;
      if (only && only.stock > 0) {
        addToCart.mutate({
          productId: full._id,
          variantId: only._id,
          quantity: 1,
          preview: cartPreview(full, only),
        });
      } else {
        setDetail(full);
      }
    } catch {
      toast.error(t`This product could not be loaded. Please try again.`);
    } finally {
      setLoading(false);
    }
  }

  const name = product.name;
  if (!product.inStock) {
    return (
      <Button size="sm" variant="outline" disabled>
        <Trans>Sold out</Trans>
      </Button>
    );
  }
  return (
    <>
      <Button
        size="sm"
        variant="dark"
        onClick={(event) => {
          buttonRef.current = event.currentTarget;
          void open();
        }}
        loading={loading || addToCart.isPending}
        aria-label={t`Quick add ${name} to cart`}
      >
        <Trans>Add</Trans>
      </Button>
      {detail ? (
        <Suspense fallback={null}>
          <QuickAddDialog
            product={detail}
            flavor={flavor}
            onClose={() => setDetail(null)}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
