import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ProductDetail, ProductVariant } from '../../../../contract/catalog.ts';
import { suggestedProductsQueryOptions } from '../api/get-suggested-products.ts';
import type { VariantSearch } from '../lib/product-search.ts';
import { resolveSelection, type Selection } from '../lib/variant-selection.ts';
import { NutritionFacts } from './nutrition-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductReviews } from './product-reviews.tsx';
import styles from './product-details.module.css';
import { ProductGrid } from '../../../components/products/product-grid.tsx';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { PurchasePanel } from './purchase-panel.tsx';
import { Rating } from '../../../components/products/rating.tsx';
import { rememberViewed, useRecentlyViewed } from '../../../stores/recently-viewed.ts';
import { HeartButton } from '../../../components/products/heart-button.tsx';
import { useHeart } from '../../wishlist/api/index.ts';

/**
 * The product page. The chosen flavor and size live in the URL (`?flavor=&size=`), so a shared
 * link opens the same variant; choosing replaces the history entry instead of stacking one per
 * click.
 */
export function ProductDetails({
  product,
  search,
  express,
}: {
  product: ProductDetail;
  search: VariantSearch;
  /** The wallets' express checkout, when the shop offers it. */
  express?: ExpressCheckoutOffer;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const selection = resolveSelection(product.variants, search);
  // Opened: this product leads the shopper's recently viewed, with its card as it is now.
  useEffect(() => rememberViewed(product), [product]);

  function select(next: Selection<ProductVariant>) {
    void navigate({
      to: '.',
      search: { flavor: next.flavor, size: next.size } as never,
      replace: true,
      resetScroll: false,
    });
  }

  return (
    <main id="main" className={styles.page}>
      <nav aria-label={t`Breadcrumb`} className={styles.breadcrumb}>
        <ol>
          <li>
            <Link to="/">
              <Trans>Home</Trans>
            </Link>
          </li>
          {product.categories[0] ? (
            <li>
              <Link
                to="/category/$categorySlug"
                params={{ categorySlug: product.categories[0].slug }}
              >
                {product.categories[0].name}
              </Link>
            </li>
          ) : null}
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>
      <div className={styles.top}>
        <ProductGallery
          images={product.images}
          name={product.name}
          flavorImage={selection.variant?.image}
        />
        <div className={styles.info}>
          <Link
            to="/brand/$brandSlug"
            params={{ brandSlug: product.brand.slug }}
            className={styles.brand}
          >
            {product.brand.name}
          </Link>
          <div className={styles.title}>
            <h1 className={styles.name}>{product.name}</h1>
            <ProductHeart product={product} />
          </div>
          <Rating rating={product.rating} reviewCount={product.reviewCount} />
          <PurchasePanel
            product={product}
            selection={selection}
            onSelectionChange={select}
            express={express}
          />
          <ul className={styles.perks}>
            <li>
              <Trans>Free standard shipping on orders of $99 or more</Trans>
            </li>
            <li>
              <Trans>30-day returns on unopened products</Trans>
            </li>
            <li>
              <Trans>Licensed by Health Canada, shipped from Ontario</Trans>
            </li>
          </ul>
        </div>
      </div>

      <div className={styles.sections}>
        <section aria-labelledby="product-description" className={styles.section}>
          <h2 id="product-description" className={styles.sectionTitle}>
            <Trans>Description</Trans>
          </h2>
          {product.description
            .split(/\n{2,}/)
            .filter(Boolean)
            .map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          {product.categories.length > 0 ? (
            <ul className={styles.tags} aria-label={t`Categories`}>
              {product.categories.map((category) => (
                <li key={category.slug}>
                  <Link to="/category/$categorySlug" params={{ categorySlug: category.slug }}>
                    {category.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        {product.nutritionFacts ? (
          <section aria-labelledby="product-nutrition" className={styles.section}>
            <h2 id="product-nutrition" className={styles.sectionTitle}>
              <Trans>Nutrition facts</Trans>
            </h2>
            <NutritionFacts facts={product.nutritionFacts} />
          </section>
        ) : null}
      </div>

      <ProductReviews product={product} />
      <SuggestedProducts identifier={product.slug} />
      <RecentlyViewed exclude={product._id} />
    </main>
  );
}

/** Keeps the product for later, whichever flavor or size is chosen (the wishlist holds products). */
function ProductHeart({ product }: { product: ProductDetail }) {
  const [hearted, toggle] = useHeart(product._id);
  return <HeartButton name={product.name} pressed={hearted} onToggle={toggle} />;
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
