import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ProductDetail, ProductVariant } from '../../../../contract/catalog.ts';
import type { VariantSearch } from '../lib/product-search.ts';
import { resolveSelection, type Selection } from '../lib/variant-selection.ts';
import { NutritionFacts } from './nutrition-facts.tsx';
import { ProductGallery } from './product-gallery.tsx';
import styles from './product-details.module.css';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import { PurchasePanel } from './purchase-panel.tsx';
import { Rating } from '../../../components/products/rating.tsx';
import { rememberViewed } from '../../../stores/recently-viewed.ts';
import { HeartButton } from '../../../components/products/heart-button.tsx';
import { useHeart } from '../../wishlist/api/index.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const ProductMore = lazy(() =>
  afterMessages(() => import('./product-more.tsx')).then((module) => ({
    default: module.ProductMore,
  })),
);

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

      {/* Below the fold: its code comes after the page's, and React hydrates it when it has. */}
      <Suspense fallback={null}>
        <ProductMore product={product} />
      </Suspense>
    </main>
  );
}

/** Keeps the product for later, whichever flavor or size is chosen (the wishlist holds products). */
function ProductHeart({ product }: { product: ProductDetail }) {
  const [hearted, toggle] = useHeart(product._id);
  return <HeartButton name={product.name} pressed={hearted} onToggle={toggle} />;
}
