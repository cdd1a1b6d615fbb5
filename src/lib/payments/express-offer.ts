/**
 * The wallets' express checkout as a page offers it: the routes hand the product page and the cart
 * the orders feature's component, so neither feature reaches into checkout's code.
 */
import type { ComponentType } from 'react';
import type { AddCartItemBody } from '../../../contract/cart.ts';

export type ExpressCheckoutOffer = ComponentType<{
  /** The goods after any discount, in cents: what the wallet shows before it knows the address. */
  discountedSubtotal: number;
  /** The product page's line, bought on its own; the cart leaves it out. */
  buyNow?: AddCartItemBody;
}>;
