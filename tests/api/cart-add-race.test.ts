/**
 * Adds to a cart that race with each other and with the cart's placement. An add to an existing
 * cart is one statement outside any transaction, so these show what its cart lock and its
 * ON CONFLICT sum guarantee. They only race on PostgreSQL (the `api-pg` project); the embedded
 * PGlite runs one statement at a time, so there they show the outcome without the race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CART_LINE_MAX_QUANTITY } from '../../contract/cart.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await insertCartCatalog(database.db);
      await database.db.update(variants).set({ stock: 1000 });
    },
  });
});
afterAll(() => t.close());

const chocolate = { productId: F.whey, variantId: F.chocolate, quantity: 1 };
const vanilla = { productId: F.whey, variantId: F.vanilla, quantity: 1 };

const linesOf = async (shopper: { cookie: string }) =>
  (await cartCall(t.app, 'GET', '/cart', shopper)).json().data.items as {
    variantId: string;
    quantity: number;
  }[];

test('adds of one line at once all count, up to the most one line may hold', async () => {
  const shopper = await shopperWithCart(t.app, [chocolate]);
  const answers = await Promise.all(
    Array.from({ length: CART_LINE_MAX_QUANTITY + 4 }, () =>
      cartCall(t.app, 'POST', '/cart/items', shopper, chocolate),
    ),
  );
  const statuses = answers.map((res) => res.statusCode);
  // The cart held 1: the first CART_LINE_MAX_QUANTITY - 1 adds fit, the rest are refused whole.
  expect(statuses.filter((status) => status === 200)).toHaveLength(CART_LINE_MAX_QUANTITY - 1);
  for (const refused of answers.filter((res) => res.statusCode !== 200)) {
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'validation',
      errors: [{ path: 'body.quantity' }],
    });
  }
  expect(await linesOf(shopper)).toMatchObject([
    { variantId: F.chocolate, quantity: CART_LINE_MAX_QUANTITY },
  ]);
});

test('a line added while the cart is being placed is ordered or stays in the cart, never lost', async () => {
  const ROUNDS = 6;
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  for (let round = 0; round < ROUNDS; round++) {
    const shopper = await shopperWithCart(t.app, [chocolate]);
    const [placed, added] = await Promise.all([
      placeOrderCall(t.app, shopper, body),
      cartCall(t.app, 'POST', '/cart/items', shopper, vanilla),
    ]);
    expect(placed.statusCode).toBe(201);
    expect(added.statusCode).toBe(200);
    const ordered = (placed.json().data.order.lines as { variantId: string }[]).map(
      (i) => i.variantId,
    );
    const inCart = (await linesOf(shopper)).map((line) => line.variantId);
    // The add came first (both lines ordered, cart empty) or after (vanilla alone left).
    if (ordered.includes(F.vanilla)) {
      expect(ordered.sort()).toEqual([F.chocolate, F.vanilla].sort());
      expect(inCart).toEqual([]);
    } else {
      expect(ordered).toEqual([F.chocolate]);
      expect(inCart).toEqual([F.vanilla]);
    }
  }
});

test('an add over the stock left is refused with what is left, and changes nothing', async () => {
  await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, F.vanilla));
  const shopper = await shopperWithCart(t.app, [{ ...vanilla, quantity: 2 }]);
  const refused = await cartCall(t.app, 'POST', '/cart/items', shopper, {
    ...vanilla,
    quantity: 2,
  });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'cart_over_stock', available: 1 });
  expect(await linesOf(shopper)).toMatchObject([{ variantId: F.vanilla, quantity: 2 }]);
  await t.db.update(variants).set({ stock: 1000 }).where(eq(variants.id, F.vanilla));
});
