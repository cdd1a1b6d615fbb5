/**
 * The wishlist's public entry: what the product page, the profile, the session effects and the
 * layout may use of it (eslint.config.js lets them import this file and nothing else of it).
 */
export { useHeart, useWishlist } from './hearts.ts';
export { clearWishlist, mergeDeviceWishlist } from './session.ts';
