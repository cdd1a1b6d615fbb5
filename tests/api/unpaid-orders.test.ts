/**
 * Unpaid orders hold their stock for the whole payment window, so one account (or one client
 * address, with several accounts) may hold only a few at once: 3 per account and 10 per address.
 * Before, 15 unpaid orders from one account took the last 300 units for 30 minutes and every other
 * shopper got "out of stock". Paying or cancelling one frees its place.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { TEST_CARDS, type Order } from '../../contract/orders.ts';
import type { SignedIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

const line = { productId: F.creatine, variantId: F.plenty, quantity: 1 };

async function place(shopper: SignedIn, address: string) {
  await cartCall(t.app, 'POST', '/cart/items', shopper, line);
  return placeOrderCall(
    t.app,
    { ...shopper, address },
    { shippingAddress: TORONTO, shippingMethod: 'standard' },
  );
}

test('an account holds at most 3 unpaid orders; paying or cancelling one frees a place', async () => {
  const shopper = await shopperWithCart(t.app, []);
  const address = '10.20.30.1';
  const placed: Order[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await place(shopper, address);
    expect(res.statusCode, res.body).toBe(201);
    placed.push(res.json().data.order);
  }
  const fourth = await place(shopper, address);
  expect(fourth.statusCode, fourth.body).toBe(409);
  expect(fourth.json()).toMatchObject({
    success: false,
    code: 'order_unpaid_limit',
    limit: 3,
  });
  expect(fourth.json().message).toBe(
    'You already have 3 orders waiting for payment. Pay or cancel one of them (under Your orders) before placing another.',
  );
  // Nothing of the refused order was kept: its line is still in the cart.
  const cart = await cartCall(t.app, 'GET', '/cart', shopper);
  expect(cart.json().data.items).toHaveLength(1);

  const paid = await payWithTestCard(t.app, shopper, placed[0]!.id, TEST_CARDS.succeeds);
  expect(paid.statusCode, paid.body).toBe(200);
  const afterPaying = await placeOrderCall(
    t.app,
    { ...shopper, address },
    { shippingAddress: TORONTO, shippingMethod: 'standard' },
  );
  expect(afterPaying.statusCode, afterPaying.body).toBe(201);

  expect((await place(shopper, address)).statusCode).toBe(409);
  const cancel = await cartCall(t.app, 'POST', `/orders/${placed[1]!.id}/cancel`, shopper, {});
  expect(cancel.statusCode, cancel.body).toBe(200);
  const afterCancelling = await placeOrderCall(
    t.app,
    { ...shopper, address },
    { shippingAddress: TORONTO, shippingMethod: 'standard' },
  );
  expect(afterCancelling.statusCode, afterCancelling.body).toBe(201);
});

test('one client address holds at most 10 unpaid orders, whatever the accounts', async () => {
  const address = '10.20.30.2';
  const shoppers = await Promise.all([0, 1, 2, 3].map(() => shopperWithCart(t.app, [])));
  let placed = 0;
  for (const shopper of shoppers.slice(0, 3)) {
    for (let i = 0; i < 3; i++) {
      expect((await place(shopper, address)).statusCode).toBe(201);
      placed++;
    }
  }
  expect((await place(shoppers[3]!, address)).statusCode).toBe(201);
  placed++;
  expect(placed).toBe(10);
  const eleventh = await place(shoppers[3]!, address);
  expect(eleventh.statusCode, eleventh.body).toBe(409);
  expect(eleventh.json()).toMatchObject({ code: 'order_unpaid_limit', limit: 10 });
  expect(eleventh.json().message).toBe(
    'Too many orders from your network are waiting for payment (10). Pay or cancel one of them before placing another.',
  );
  // The same account from another address is within both bounds.
  const elsewhere = await placeOrderCall(
    t.app,
    { ...shoppers[3]!, address: '10.20.30.3' },
    { shippingAddress: TORONTO, shippingMethod: 'standard' },
  );
  expect(elsewhere.statusCode, elsewhere.body).toBe(201);
});
