import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { CART_LINE_MAX_QUANTITY, lineQuantityLimit } from '../../../../contract/cart-rules.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useCartCommand } from '../api/use-cart.ts';
import type { CartItem } from '../api/get-cart.ts';
import styles from './cart-page.module.css';
import { Thumbnail } from '../../../components/products/thumbnail.tsx';

/** 1–20 per line and never above the stock left. */
export function lineMaxQuantity(item: Pick<CartItem, 'stock'>): number {
  return Math.max(1, lineQuantityLimit(item.stock));
}

export function CartLine({ item }: { item: CartItem }) {
  const { t } = useLingui();
  const locale = useLocale();
  const command = useCartCommand();
  const max = lineMaxQuantity(item);
  const setQuantity = (quantity: number) => {
    if (quantity < 1 || quantity > max || quantity === item.quantity) return;
    command.mutate({ type: 'setQuantity', itemId: item.itemId, quantity });
  };
  const onSale = item.compareAtPrice != null && item.compareAtPrice > item.unitPrice;
  // At the limit the + button is disabled: say why beside it.
  const atLimit = item.stock > 0 && item.quantity >= max;
  const limitId = useId();
  const name = item.name;
  const stock = item.stock;
  // The same sentences as quantityLimitText (contract/cart-rules.ts), in the page's language.
  const maxQuantity = CART_LINE_MAX_QUANTITY;
  const limitText =
    stock < maxQuantity
      ? t`Only ${stock} in stock: you can buy at most ${stock}.`
      : t`You can buy at most ${maxQuantity} of an item.`;

  return (
    <li className={styles.line}>
      <Link
        to="/product/$identifier"
        params={{ identifier: item.slug }}
        className={styles.lineImage}
        tabIndex={-1}
        aria-hidden="true"
      >
        {item.image ? <Thumbnail src={item.image} size={96} /> : null}
      </Link>
      <div className={styles.lineInfo}>
        {item.brand?.name ? <p className={styles.lineBrand}>{item.brand.name}</p> : null}
        <h3 className={styles.lineName}>
          <Link to="/product/$identifier" params={{ identifier: item.slug }}>
            {item.name}
          </Link>
        </h3>
        <dl className={styles.lineMeta}>
          {item.flavor?.name ? (
            <div>
              <dt>
                <Trans>Flavor</Trans>
              </dt>
              <dd>{item.flavor.name}</dd>
            </div>
          ) : null}
          {item.size ? (
            <div>
              <dt>
                <Trans>Size</Trans>
              </dt>
              <dd>{item.size}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Trans>Price</Trans>
            </dt>
            <dd>
              {formatMoney(item.unitPrice, locale)}
              {onSale ? (
                <s className={styles.was}>
                  <span className="visually-hidden">{t`, was `}</span>
                  {formatMoney(item.compareAtPrice!, locale)}
                </s>
              ) : null}
            </dd>
          </div>
        </dl>
        {item.stock > 0 && item.stock < 5 ? (
          <p className={styles.lowStock}>
            <Trans>Only {stock} left</Trans>
          </p>
        ) : null}
      </div>
      <div className={styles.lineControls}>
        <div className={styles.stepper} role="group" aria-label={t`Quantity of ${name}`}>
          <button
            type="button"
            onClick={() => setQuantity(item.quantity - 1)}
            disabled={item.quantity <= 1}
            aria-label={t`Decrease quantity of ${name}`}
          >
            −
          </button>
          <output aria-live="polite" aria-label={t`Quantity of ${name}`}>
            {item.quantity}
          </output>
          <button
            type="button"
            onClick={() => setQuantity(item.quantity + 1)}
            disabled={item.quantity >= max}
            aria-label={t`Increase quantity of ${name}`}
            aria-describedby={atLimit ? limitId : undefined}
          >
            +
          </button>
        </div>
        {atLimit ? (
          <p id={limitId} className={styles.limit} data-testid="cart-line-limit">
            {limitText}
          </p>
        ) : null}
        <p className={styles.lineTotal}>
          <span className="visually-hidden">{t`Line total `}</span>
          {formatMoney(item.lineTotal ?? item.unitPrice * item.quantity, locale)}
        </p>
        <button
          type="button"
          className={styles.remove}
          onClick={() => command.mutate({ type: 'remove', itemId: item.itemId })}
          aria-label={t`Remove ${name} from your cart`}
        >
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}
