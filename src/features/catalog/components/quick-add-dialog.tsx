import { useId, useState } from 'react';
import type { ProductDetail } from '../../../../contract/catalog.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { resolveSelection } from '../lib/variant-selection.ts';
import { PurchasePanel } from './purchase-panel.tsx';
import styles from './product-card.module.css';

/** The flavor and size choice for a card's quick add; closes once the product is in the cart. */
export default function QuickAddDialog({
  product,
  onClose,
}: {
  product: ProductDetail;
  onClose: () => void;
}) {
  const titleId = useId();
  const [selection, setSelection] = useState(() => resolveSelection(product.variants, {}));
  return (
    <Dialog labelledBy={titleId} onClose={onClose} className={styles.dialog}>
      <p className={styles.brand}>{product.brand.name}</p>
      <h2 id={titleId} className={styles.dialogTitle}>
        {product.name}
      </h2>
      <PurchasePanel
        product={product}
        selection={selection}
        onSelectionChange={setSelection}
        onAdded={onClose}
      />
    </Dialog>
  );
}
