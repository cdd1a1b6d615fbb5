/**
 * A product card's "Add" button. Adding to the cart belongs to the cart and product features, and
 * a card, shared by every listing, cannot import a feature: the routes that show cards provide the
 * button through this context (layout/components/quick-add.tsx). Without a provider a card shows
 * no button.
 */
import { createContext, type ReactNode } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';

/** The button for a product; with a flavor (a flavor's listing) its choice starts on it. */
export const QuickAddContext = createContext<
  ((product: ProductSummary, flavor?: string) => ReactNode) | null
>(null);
