import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import type { ProductDetail, ProductSummary } from '../../../../contract/catalog.ts';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../stores/toasts.ts';
import { useAddToCart } from '../../cart/api/index.ts';
import { productQueryOptions } from '../api/get-product.ts';
import { cartPreview } from '../lib/cart-preview.ts';
import { Price } from './price.tsx';
import styles from './product-card.module.css';
import { Rating } from './rating.tsx';

const QuickAddDialog = lazy(() => import('./quick-add-dialog.tsx'));

export const PRODUCT_IMAGE_SIZE = 400;

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first visible row load at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The first card's image is often the page's largest paint: fetch it first. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

export function ProductCard({
  product,
  eager = false,
  priority = false,
  headingLevel = 'h3',
}: ProductCardProps) {
  const Heading = headingLevel;
  return (
    <article className={styles.card}>
      <Link
        to="/product/$identifier"
        params={{ identifier: product.slug }}
        className={styles.media}
        tabIndex={-1}
        aria-hidden="true"
      >
        {product.image ? (
          <img
            src={product.image}
            alt=""
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className={styles.image}
          />
        ) : (
          <span className={styles.placeholder} />
        )}
        <span className={styles.badges}>
          {product.onSale ? <span className={styles.saleBadge}>Sale</span> : null}
          {product.inStock ? null : <span className={styles.stockBadge}>Sold out</span>}
        </span>
      </Link>
      <div className={styles.body}>
        <p className={styles.brand}>{product.brand.name}</p>
        <Heading className={styles.name}>
          <Link
            to="/product/$identifier"
            params={{ identifier: product.slug }}
            className={styles.nameLink}
          >
            {product.name}
          </Link>
        </Heading>
        <Rating rating={product.rating} reviewCount={product.reviewCount} />
        <div className={styles.footer}>
          <Price
            price={product.price}
            compareAtPrice={product.compareAtPrice}
            prefix={product.priceVaries ? 'From' : undefined}
          />
          <QuickAdd product={product} />
        </div>
      </div>
    </article>
  );
}

/**
 * One tap adds a product that comes in a single flavor and size; otherwise a small dialog asks
 * which one, since guessing a flavor for the shopper would fill carts with the wrong tub.
 */
function QuickAdd({ product }: { product: ProductSummary }) {
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
      toast.error('This product could not be loaded. Please try again.');
    } finally {
      setLoading(false);
    }
  }

  if (!product.inStock) {
    return (
      <Button size="sm" variant="outline" disabled>
        Sold out
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
        aria-label={`Quick add ${product.name} to cart`}
      >
        Add
      </Button>
      {detail ? (
        <Suspense fallback={null}>
          <QuickAddDialog
            product={detail}
            onClose={() => setDetail(null)}
            returnFocusTo={buttonRef}
          />
        </Suspense>
      ) : null}
    </>
  );
}
