/**
 * The cart's public entry: what other features, the layout, the routes and the app's start may use
 * of the cart's data code (eslint.config.js lets them import this file and nothing else of the
 * cart). The cart's own screens import the modules beside it directly.
 */
export {
  cartQueryKey,
  cartQueryOptions,
  cartTotalQuantity,
  EMPTY_CART,
  type Cart,
} from './get-cart.ts';
export { createCartCommand, type CartLinePreview } from './cart-commands.ts';
export { clearCartOutbox, enqueueCartCommand, startCartOutbox } from './cart-outbox.ts';
export { useAddToCart } from './use-add-to-cart.ts';
export { useCart } from './use-cart.ts';
