import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { use } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { FIRST_VIEW_MARK } from '../../lib/ssr/first-view.ts';
import { HeartContext } from './wishlist-slot.ts';
import { Price } from './price.tsx';
import styles from './product-card.module.css';
import { QuickAddContext } from './quick-add-slot.ts';
import { Rating } from './rating.tsx';

export const PRODUCT_IMAGE_SIZE = 400;

interface ProductCardProps {
  product: ProductSummary;
  /** Cards in the first visible row load at once; the rest wait until scrolled near. */
  eager?: boolean;
  /** The first card's image is often the page's largest paint: fetch it first. */
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
  /**
   * The flavor the card stands for (a flavor's listing): its page opens on that flavor, and the
   * listing's answer already carries that flavor's picture and price.
   */
  flavor?: string;
}

export function ProductCard({
  product,
  eager = false,
  priority = false,
  headingLevel = 'h3',
  flavor,
}: ProductCardProps) {
  const { t } = useLingui();
  const Heading = headingLevel;
  const quickAdd = use(QuickAddContext);
  const heart = use(HeartContext);
  const search = { flavor } as never;
  return (
    <article className={styles.card}>
      <Link
        to="/product/$identifier"
        params={{ identifier: product.slug }}
        search={search}
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
            {...(priority ? FIRST_VIEW_MARK : {})}
            decoding="async"
            className={styles.image}
          />
        ) : (
          <span className={styles.placeholder} />
        )}
        <span className={styles.badges}>
          {product.onSale ? (
            <span className={styles.saleBadge}>
              <Trans>Sale</Trans>
            </span>
          ) : null}
          {product.inStock ? null : (
            <span className={styles.stockBadge}>
              <Trans>Sold out</Trans>
            </span>
          )}
        </span>
      </Link>
      {heart ? <div className={styles.heart}>{heart(product)}</div> : null}
      <div className={styles.body}>
        <p className={styles.brand}>{product.brand.name}</p>
        <Heading className={styles.name}>
          <Link
            to="/product/$identifier"
            params={{ identifier: product.slug }}
            search={search}
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
            prefix={product.priceVaries ? t`From` : undefined}
          />
          {quickAdd?.(product, flavor)}
        </div>
      </div>
    </article>
  );
}
