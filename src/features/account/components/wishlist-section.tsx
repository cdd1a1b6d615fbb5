/**
 * The profile's "Wishlist" section: each product the shopper keeps, with its picture, its name
 * linked to its page, its price and stock now, and a button taking it off the list. A removal
 * shows at once and goes through the wishlist's outbox, offline too; a product hearted offline
 * joins the list once the server has it (its card comes with the server's answer).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import type { ProductSummary } from '../../../../contract/catalog.ts';
import { Price } from '../../../components/products/price.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useWishlist } from '../../wishlist/api/index.ts';
import styles from './wishlist-section.module.css';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';

export const EMPTY_WISHLIST_TEXT = msg`Your wishlist is empty. Tap the heart on a product to keep it here for later.`;

export function WishlistSection() {
  const { t, i18n } = useLingui();
  const { list: read, hearted, toggle } = useWishlist();
  const titleRef = useRef<HTMLHeadingElement>(null);

  const remove = (product: ProductSummary) => {
    toggle(product._id, false);
    // Its row goes: focus stays in the section rather than falling to the page.
    titleRef.current?.focus();
  };

  let list;
  if (!read || read.isPending) {
    list = <Spinner label={t`Loading your wishlist`} />;
  } else if (read.isError) {
    list = (
      <div className={styles.failure} role="alert">
        <p>{failureMessage(read.error, t`Your wishlist could not be loaded.`)}</p>
        <Button variant="outline" size="sm" onClick={() => void read.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  } else {
    // Removals still waiting are already gone from the list.
    const items = read.data.items.filter((item) => hearted.has(item.product._id));
    list =
      items.length === 0 ? (
        <p className={styles.muted}>{i18n._(EMPTY_WISHLIST_TEXT)}</p>
      ) : (
        <ul className={styles.list}>
          {items.map(({ product }) => (
            <WishlistRow key={product._id} product={product} onRemove={remove} />
          ))}
        </ul>
      );
  }

  return (
    <section className={styles.section} aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" ref={titleRef} tabIndex={-1} className={styles.title}>
        <Trans>Wishlist</Trans>
      </h2>
      {list}
    </section>
  );
}

function WishlistRow({
  product,
  onRemove,
}: {
  product: ProductSummary;
  onRemove: (product: ProductSummary) => void;
}) {
  const { t } = useLingui();
  const name = product.name;
  return (
    <li className={styles.item}>
      {product.image ? (
        <Thumbnail src={product.image} size={64} className={styles.image} />
      ) : (
        <span className={styles.image} />
      )}
      <div className={styles.details}>
        <Link
          to="/product/$identifier"
          params={{ identifier: product.slug }}
          className={styles.name}
        >
          {product.name}
        </Link>
        <Price
          price={product.price}
          compareAtPrice={product.compareAtPrice}
          prefix={product.priceVaries ? t`From` : undefined}
        />
        <span className={product.inStock ? styles.inStock : styles.soldOut}>
          {product.inStock ? t`In stock` : t`Sold out`}
        </span>
      </div>
      <Button
        size="sm"
        variant="outline"
        aria-label={t`Remove ${name} from your wishlist`}
        onClick={() => onRemove(product)}
      >
        <Trans>Remove</Trans>
      </Button>
    </li>
  );
}
