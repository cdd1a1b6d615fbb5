/**
 * A product card's heart. Keeping a product belongs to the wishlist feature, and a card, shared by
 * every listing, cannot import a feature: the routes that show cards provide the heart through
 * this context, with the "Add" button (layout/components/quick-add.tsx). Without a provider a card
 * shows no heart.
 */
import { createContext, type ReactNode } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';

export const HeartContext = createContext<((product: ProductSummary) => ReactNode) | null>(null);
