/**
 * The flavor and size dialog a product card's quick add opens. The dialog is the product page's
 * purchase panel, so it lives in features/product; a card is shared by every listing and cannot
 * import a feature. The routes that show cards provide a function that renders the dialog (lazily
 * loaded) through this context (layout/components/quick-add.tsx); without a provider a card still
 * adds single-variant products in one tap.
 *
 * Exports: QuickAddDialogProps, QuickAddDialogContext.
 */
import { createContext, type ReactNode, type RefObject } from 'react';
import type { ProductDetail } from '../../../contract/catalog.ts';

export interface QuickAddDialogProps {
  product: ProductDetail;
  onClose: () => void;
  /** The card's add button: it is disabled while the product loads, so it has lost focus. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

export const QuickAddDialogContext = createContext<
  ((props: QuickAddDialogProps) => ReactNode) | null
>(null);
