import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useId, useState, type RefObject } from 'react';
import type { ProductDetail } from '../../../../contract/catalog.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { imageSrcSet } from '../../../lib/catalog/image-srcset.ts';
import { resolveSelection } from '../lib/variant-selection.ts';
import { PurchasePanel } from './purchase-panel.tsx';
import styles from './quick-add-dialog.module.css';

/** Drawn at this size on wide screens; phones show it smaller beside the name. */
export const QUICK_ADD_IMAGE_SIZE = 220;

interface QuickAddDialogProps {
  product: ProductDetail;
  /** The flavor the choice starts on (the card's, on a flavor's listing). */
  flavor?: string | undefined;
  onClose: () => void;
  /** The card's add button: it is disabled while the product loads, so it has lost focus. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

/**
 * The flavor and size choice for a card's quick add: the chosen flavor's packshot, brand, name,
 * price, flavor and size, quantity and the add button. Closes once the product is in the cart.
 */
export default function QuickAddDialog({
  product,
  flavor,
  onClose,
  returnFocusTo,
}: QuickAddDialogProps) {
  const titleId = useId();
  const [selection, setSelection] = useState(() => resolveSelection(product.variants, { flavor }));
  const image = selection.variant?.image ?? product.image;
  return (
    <Dialog
      labelledBy={titleId}
      onClose={onClose}
      className={styles.dialog}
      returnFocusTo={returnFocusTo}
    >
      <div className={styles.layout}>
        <div className={styles.media}>
          {image ? (
            <img
              src={image}
              srcSet={imageSrcSet(image)}
              sizes={`(min-width: 640px) ${QUICK_ADD_IMAGE_SIZE}px, 96px`}
              alt={selection.variant ? `${product.name}, ${selection.variant.flavor.name}` : ''}
              width={QUICK_ADD_IMAGE_SIZE}
              height={QUICK_ADD_IMAGE_SIZE}
              className={styles.image}
            />
          ) : null}
        </div>
        <div className={styles.heading}>
          <p className={styles.brand}>{product.brand.name}</p>
          <h2 id={titleId} className={styles.title}>
            {product.name}
          </h2>
          <Link
            to="/product/$identifier"
            params={{ identifier: product.slug }}
            search={{ flavor: selection.flavor, size: selection.size } as never}
            className={styles.details}
          >
            <Trans>See full details</Trans>
          </Link>
        </div>
        <div className={styles.panel}>
          <PurchasePanel
            product={product}
            selection={selection}
            onSelectionChange={setSelection}
            onAdded={onClose}
          />
        </div>
      </div>
    </Dialog>
  );
}
