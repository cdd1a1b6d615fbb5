import { useState } from 'react';
import type { ProductDetail, ProductVariant } from '../../../../contract/catalog.ts';
import { CART_LINE_MAX_QUANTITY } from '../../../../contract/cart-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAddToCart } from '../../../lib/cart/use-add-to-cart.ts';
import { pickFlavor, pickSize, type Selection } from '../lib/variant-selection.ts';
import { cartPreview } from '../lib/cart-preview.ts';
import { Price } from './price.tsx';
import styles from './purchase-panel.module.css';
import { VariantPicker } from './variant-picker.tsx';

/** The most a shopper can put in one line: DESIGN §5 caps it at 20 and never above stock. */
export function maxQuantity(variant: ProductVariant | undefined): number {
  return variant ? Math.max(0, Math.min(CART_LINE_MAX_QUANTITY, variant.stock)) : 0;
}

interface PurchasePanelProps {
  product: ProductDetail;
  selection: Selection<ProductVariant>;
  onSelectionChange: (next: Selection<ProductVariant>) => void;
  onAdded?: () => void;
}

/** Flavor, size, quantity and the add button, for the product page and the quick-add dialog. */
export function PurchasePanel({
  product,
  selection,
  onSelectionChange,
  onAdded,
}: PurchasePanelProps) {
  const addToCart = useAddToCart();
  const [quantity, setQuantity] = useState(1);
  const variant = selection.variant;
  const max = maxQuantity(variant);
  const shownQuantity = Math.min(quantity, Math.max(1, max));
  const soldOut = !variant || variant.stock <= 0;

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
        {soldOut
          ? 'Out of stock in this flavor and size'
          : variant.stock <= 5
            ? `Only ${variant.stock} left in stock`
            : 'In stock — ships in 1 business day'}
      </p>
      <div className={styles.actions}>
        <QuantityInput value={shownQuantity} max={max} disabled={soldOut} onChange={setQuantity} />
        <Button
          variant="primary"
          className={styles.add}
          onClick={add}
          disabled={soldOut}
          loading={addToCart.isPending}
        >
          {soldOut ? 'Out of stock' : 'Add to cart'}
        </Button>
      </div>
    </div>
  );
}

function QuantityInput({
  value,
  max,
  disabled,
  onChange,
}: {
  value: number;
  max: number;
  disabled: boolean;
  onChange: (value: number) => void;
}) {
  const set = (next: number) => onChange(Math.max(1, Math.min(max, next)));
  return (
    <div className={styles.quantity} role="group" aria-label="Quantity">
      <button
        type="button"
        className={styles.step}
        onClick={() => set(value - 1)}
        disabled={disabled || value <= 1}
        aria-label="Decrease quantity"
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
        aria-label="Quantity"
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
        aria-label="Increase quantity"
      >
        +
      </button>
    </div>
  );
}
