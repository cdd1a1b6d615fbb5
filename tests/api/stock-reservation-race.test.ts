/**
 * Placements racing over the same variants, whose stock one statement reserves for all lines.
 * They only race on PostgreSQL (the `api-pg` project); the embedded PGlite runs one transaction
 * at a time, so there these tests show the outcome without the race.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

const stockOf = async (id: string) =>
  (await t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, id)))[0]!
    .stock;

test('two-line orders in opposite line orders, racing for the last unit: one wins, whole', async () => {
  const ROUNDS = 8;
  const chocolate = { productId: F.whey, variantId: F.chocolate, quantity: 1 };
  const plenty = { productId: F.creatine, variantId: F.plenty, quantity: 2 };
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  for (let round = 0; round < ROUNDS; round++) {
    // Both carts take the unit while there are two; the race is at placement.
    await t.db.update(variants).set({ stock: 2 }).where(eq(variants.id, F.chocolate));
    const first = await shopperWithCart(t.app, [chocolate, plenty]);
    const second = await shopperWithCart(t.app, [plenty, chocolate]);
    await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, F.chocolate));
    const plentyBefore = await stockOf(F.plenty);

    const answers = await Promise.all(
      [first, second].map((shopper) => placeOrderCall(t.app, shopper, body)),
    );

    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json()).toMatchObject({
      reason: 'out_of_stock',
      lines: [{ variantId: F.chocolate, requested: 1, available: 0 }],
    });
    expect(refused.json().lines).toHaveLength(1);
    // The winner took both lines; the refused order kept nothing (its other line included).
    expect(await stockOf(F.chocolate)).toBe(0);
    expect(await stockOf(F.plenty)).toBe(plentyBefore - 2);
  }
  expect(await t.db.select({ id: orders.id }).from(orders)).toHaveLength(ROUNDS);
  // Each product's total is its active variants' stock after the races, recounted as they took.
  const totals = await t.db
    .select({ id: products.id, total: products.totalStock })
    .from(products)
    .where(inArray(products.id, [F.whey, F.creatine]));
  const stocks = await t.db
    .select({ productId: variants.productId, stock: variants.stock, active: variants.isActive })
    .from(variants)
    .where(inArray(variants.productId, [F.whey, F.creatine]));
  for (const { id, total } of totals) {
    const sum = stocks
      .filter((v) => v.productId === id && v.active)
      .reduce((acc, v) => acc + v.stock, 0);
    expect(total, id).toBe(sum);
  }
});
