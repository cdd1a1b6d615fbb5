import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { variants } from '../../server/modules/catalog/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

const SHOPPERS = 50;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

test(`${SHOPPERS} shoppers racing for the last unit: one order, the rest 409, stock never below 0`, async () => {
  // Every cart takes the unit while it is there; the race is at placement.
  await t.db.update(variants).set({ stock: SHOPPERS }).where(eq(variants.id, F.vanilla));
  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i++) {
    shoppers.push(
      await shopperWithCart(t.app, [{ productId: F.whey, variantId: F.vanilla, quantity: 1 }]),
    );
  }
  await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, F.vanilla));

  const answers = await Promise.all(
    shoppers.map((shopper) =>
      placeOrderCall(t.app, shopper, { shippingAddress: TORONTO, shippingMethod: 'standard' }),
    ),
  );
  const statuses = answers.map((res) => res.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(SHOPPERS - 1);
  for (const res of answers.filter((r) => r.statusCode === 409)) {
    expect(res.json()).toMatchObject({
      reason: 'out_of_stock',
      lines: [{ variantId: F.vanilla, requested: 1, available: 0 }],
    });
  }
  const [variant] = await t.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, F.vanilla));
  expect(variant!.stock).toBe(0);
  expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(1);
});
