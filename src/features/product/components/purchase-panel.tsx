import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import type { ProductDetail, ProductVariant } from '../../../../contract/catalog.ts';
import { CART_LINE_MAX_QUANTITY, lineQuantityLimit } from '../../../../contract/cart-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAddToCart } from '../../cart/api/index.ts';
import { pickFlavor, pickSize, type Selection } from '../lib/variant-selection.ts';
import { cartPreview } from '../lib/cart-preview.ts';
import { Price } from '../../../components/products/price.tsx';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import type { ExpressCheckoutOffer } from '../../../lib/payments/express-offer.ts';
import styles from './purchase-panel.module.css';
import { VariantPicker } from './variant-picker.tsx';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

/**
 * The form's code (its field, the schema form hooks) loads only when a sold-out choice is on
 * screen: most product pages never show it, so their first page does not carry it.
 */
const NotifyMeForm = lazy(() =>
  afterMessages(() => import('./notify-me-form.tsx')).then((module) => ({
    default: module.NotifyMeForm,
  })),
);

/**
 * What the shopper is told when a quantity they asked for is cut to lineQuantityLimit(stock): the
 * contract's quantityLimitText, in the page's language.
 */
export function quantityLimitNote(i18n: I18n, stock: number): string {
  const max = CART_LINE_MAX_QUANTITY;
  return stock < max
    ? i18n._(msg`Only ${stock} in stock: you can buy at most ${stock}.`)
    : i18n._(msg`You can buy at most ${max} of an item.`);
}

/** The most a shopper can put in one line: at most 20, and never above stock. */
export function maxQuantity(variant: ProductVariant | undefined): number {
  return variant ? lineQuantityLimit(variant.stock) : 0;
}

interface PurchasePanelProps {
  product: ProductDetail;
  selection: Selection<ProductVariant>;
  onSelectionChange: (next: Selection<ProductVariant>) => void;
  onAdded?: () => void;
  /** The wallets' one-tap purchase of this line (the product page offers it, not the quick-add). */
  express?: ExpressCheckoutOffer | undefined;
}

/** Flavor, size, quantity and the add button, for the product page and the quick-add dialog. */
export function PurchasePanel({
  product,
  selection,
  onSelectionChange,
  onAdded,
  express: Express,
}: PurchasePanelProps) {
  const { i18n } = useLingui();
  const addToCart = useAddToCart();
  const hydrated = useHydrated();
  // What the shopper asked for; above the limit the field shows the limit and says why.
  const [quantity, setQuantity] = useState(1);
  const variant = selection.variant;
  const max = maxQuantity(variant);
  const shownQuantity = Math.min(quantity, Math.max(1, max));
  const stock = variant?.stock ?? 0;
  const soldOut = !variant || variant.stock <= 0;
  const limitNote = !soldOut && quantity > max ? quantityLimitNote(i18n, variant.stock) : null;

  function add() {
    if (!variant || soldOut) return;
    addToCart.mutate(
      {
        productId: product._id,
        variantId: variant._id,
        quantity: shownQuantity,
        preview: cartPreview(product, variant),
      },
      { onSuccess: () => onAdded?.() },
    );
  }

  return (
    <div className={styles.panel}>
      {variant ? (
        <Price price={variant.price} compareAtPrice={variant.compareAtPrice} size="lg" />
      ) : null}
      <VariantPicker
        variants={product.variants}
        selection={selection}
        onFlavorChange={(flavor) =>
          onSelectionChange(pickFlavor(product.variants, selection, flavor))
        }
        onSizeChange={(size) => onSelectionChange(pickSize(product.variants, selection, size))}
      />
      <p className={soldOut ? styles.outOfStock : styles.inStock} aria-live="polite">
        {soldOut ? (
          <Trans>Out of stock in this flavor and size</Trans>
        ) : variant.stock <= 5 ? (
          <Trans>Only {stock} left in stock</Trans>
        ) : (
          <Trans>In stock — ships in 1 business day</Trans>
        )}
      </p>
      {variant && soldOut ? (
        // Nothing to add: the shopper can ask to hear when this flavor and size is back. Keyed by
        // the variant, so another sold-out choice starts a fresh form. The form is the browser's
        // (it may fill in the signed-in shopper's e-mail): the server and the hydrating render
        // hold its place, and its code loads once the page is live.
        hydrated ? (
          <Suspense fallback={<div className={styles.notifyPending} />}>
            <NotifyMeForm key={variant._id} productId={product._id} variantId={variant._id} />
          </Suspense>
        ) : (
          <div className={styles.notifyPending} />
        )
      ) : (
        <div className={styles.actions}>
          <QuantityInput
            value={shownQuantity}
            max={max}
            disabled={soldOut}
            note={limitNote}
            onChange={setQuantity}
          />
          <Button
            variant="primary"
            className={styles.add}
            onClick={add}
            disabled={soldOut}
            loading={addToCart.isPending}
          >
            {soldOut ? <Trans>Out of stock</Trans> : <Trans>Add to cart</Trans>}
          </Button>
        </div>
      )}
      {Express && !soldOut ? (
        <Express
          discountedSubtotal={variant.price * shownQuantity}
          buyNow={{ productId: product._id, variantId: variant._id, quantity: shownQuantity }}
        />
      ) : null}
    </div>
  );
}

function QuantityInput({
  value,
  max,
  disabled,
  note,
  onChange,
}: {
  value: number;
  max: number;
  disabled: boolean;
  /** Why the quantity asked for was cut to `max`, shown beside the field. */
  note: string | null;
  onChange: (value: number) => void;
}) {
  const { t } = useLingui();
  const noteId = useId();
  // Above `max` is kept as asked: the field then shows `max` with the note.
  const set = (next: number) => onChange(Math.max(1, next));
  return (
    <div className={styles.quantityField}>
      <div className={styles.quantity} role="group" aria-label={t`Quantity`}>
        <button
          type="button"
          className={styles.step}
          onClick={() => set(value - 1)}
          disabled={disabled || value <= 1}
          aria-label={t`Decrease quantity`}
        >
          −
        </button>
        <input
          className={styles.quantityInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={Math.max(1, max)}
          value={value}
          disabled={disabled}
          aria-label={t`Quantity`}
          aria-describedby={note ? noteId : undefined}
          onChange={(event) => {
            const next = Number.parseInt(event.target.value, 10);
            if (Number.isFinite(next)) set(next);
          }}
        />
        <button
          type="button"
          className={styles.step}
          onClick={() => set(value + 1)}
          disabled={disabled || value >= max}
          aria-label={t`Increase quantity`}
        >
          +
        </button>
      </div>
      {note ? (
        <p id={noteId} className={styles.limit} role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
