/**
 * Wishlist shapes shared by the API and the PWA: the products an account keeps for later, each
 * with its card (price and stock as they are now) and when it was added, newest first.
 */
import { z } from 'zod';
import { ProductSummary } from './catalog.ts';
import { WISHLIST_MAX } from './wishlist-rules.ts';

export * from './wishlist-rules.ts';

const productId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
  .trim()
  .min(1, 'is required')
  .max(100, 'is too long');

export const WishlistParams = z.object({ productId });

/** Hearts given on the device before signing in, added to the account's list at sign-in. */
export const WishlistMergeBody = z.object({
  productIds: z
    .array(productId, { error: 'must be a list of product ids' })
    .max(WISHLIST_MAX, `must hold at most ${WISHLIST_MAX} products`),
});
export type WishlistMergeBody = z.input<typeof WishlistMergeBody>;

export const WishlistItem = z.object({ product: ProductSummary, addedAt: z.iso.datetime() });
export type WishlistItem = z.infer<typeof WishlistItem>;

export const WishlistResponse = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(WishlistItem), max: z.number().int() }),
});
export type WishlistResponse = z.infer<typeof WishlistResponse>;
