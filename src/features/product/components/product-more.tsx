/**
 * The product page below the fold: its reviews, what else the shop suggests, and what this shopper
 * viewed before. A chunk of its own, so a first product page fetches and runs it after the part
 * the shopper sees first (the server renders it all; React hydrates this part once it is here).
 */
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ProductDetail } from '../../../../contract/catalog.ts';
import { ProductGrid } from '../../../components/products/product-grid.tsx';
import { useRecentlyViewed } from '../../../stores/recently-viewed.ts';
import { suggestedProductsQueryOptions } from '../api/get-suggested-products.ts';
import styles from './product-details.module.css';
import { ProductReviews } from './product-reviews.tsx';

export function ProductMore({ product }: { product: ProductDetail }) {
  return (
    <>
      <ProductReviews product={product} />
      <SuggestedProducts identifier={product.slug} />
      <RecentlyViewed exclude={product._id} />
    </>
  );
}

/** What this shopper opened before this product (kept on the device), newest first. */
function RecentlyViewed({ exclude }: { exclude: string }) {
  const products = useRecentlyViewed(exclude);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className={styles.suggested}>
      <h2 id="recently-viewed" className={styles.sectionTitle}>
        <Trans>Recently viewed</Trans>
      </h2>
      <ProductGrid products={products} />
    </section>
  );
}

function SuggestedProducts({ identifier }: { identifier: string }) {
  const { data } = useQuery(suggestedProductsQueryOptions(identifier));
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="suggested-products" className={styles.suggested}>
      <h2 id="suggested-products" className={styles.sectionTitle}>
        <Trans>You may also like</Trans>
      </h2>
      <ProductGrid products={data} />
    </section>
  );
}
