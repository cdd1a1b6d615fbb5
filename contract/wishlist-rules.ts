/**
 * The wishlist's limit as a plain value, without a schema library, so the hearts on a first page
 * can keep to it before the zod schemas of `./wishlist.ts` (built from it) have loaded.
 */

/** The most products one wishlist holds; adding past it answers 409. */
export const WISHLIST_MAX = 100;
