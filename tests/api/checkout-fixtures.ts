import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AddressInput, PlaceOrderBody } from '../../contract/orders.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { cartCall, type Caller } from './cart-fixtures.ts';

export const TORONTO: AddressInput = {
  name: 'Maya Chen',
  line1: '100 Queen St W',
  city: 'Toronto',
  province: 'on',
  postalCode: 'm5h2n2',
  country: 'ca',
  phone: '(416) 555-0123',
};

export const addressIn = (province: string, postalCode: string): AddressInput => ({
  ...TORONTO,
  province,
  postalCode,
});

let keyCount = 0;
/** A fresh checkout attempt's Idempotency-Key. */
export const newCheckoutKey = () => `checkout-${Date.now()}-${++keyCount}`;

/**
 * A client address of the shopper's own, the same on every call: the bound on unpaid orders per
 * address then counts each shopper's orders, not every test's (they would all be 127.0.0.1).
 */
export function addressOf(caller: Caller): string {
  if (caller.address) return caller.address;
  const hash = createHash('sha256')
    .update(caller.cookie ?? caller.guestCartId ?? '')
    .digest();
  return `10.${hash[0]}.${hash[1]}.${(hash[2]! % 254) + 1}`;
}

export function placeOrderCall(
  app: FastifyInstance,
  caller: Caller,
  body: PlaceOrderBody,
  key: string | null = newCheckoutKey(),
) {
  const from = { ...caller, address: addressOf(caller) };
  return cartCall(app, 'POST', '/orders', from, body, key ? { 'idempotency-key': key } : {});
}

/** A new shopper with the given lines in their cart. */
export async function shopperWithCart(
  app: FastifyInstance,
  lines: { productId: string; variantId: string; quantity: number }[],
): Promise<SignedIn> {
  const shopper = await registerUser(app);
  for (const line of lines) {
    const res = await cartCall(app, 'POST', '/cart/items', shopper, line);
    if (res.statusCode !== 200) throw new Error(`add to cart: ${res.statusCode} ${res.body}`);
  }
  return shopper;
}

export function payWithTestCard(
  app: FastifyInstance,
  caller: Caller,
  orderId: string,
  cardNumber: string,
) {
  return cartCall(app, 'POST', `/payments/test/${orderId}/confirm`, caller, {
    cardNumber,
    expiry: '12/34',
    cvc: '123',
  });
}
