/**
 * Placements racing over the same variants, whose stock one statement reserves for all lines.
 * They only race on PostgreSQL (the `api-pg` project); the embedded PGlite runs one transaction
 * at a time, so there these tests show the outcome without the race.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
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
      code: 'out_of_stock',
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

/** Each product's total against the stock of its active variants. */
async function totalsAgainstVariants(productIds: string[]) {
  const totals = await t.db
    .select({ id: products.id, total: products.totalStock })
    .from(products)
    .where(inArray(products.id, productIds));
  const stocks = await t.db
    .select({ productId: variants.productId, stock: variants.stock, active: variants.isActive })
    .from(variants)
    .where(inArray(variants.productId, productIds));
  return totals.map(({ id, total }) => ({
    id,
    total,
    sum: stocks.filter((v) => v.productId === id && v.active).reduce((a, v) => a + v.stock, 0),
  }));
}

test('orders and cancellations on sibling variants at once keep the product total exact', async () => {
  const ROUNDS = 4;
  const siblings = Array.from({ length: 8 }, (_, i) => `var_fx_crea_sibling_${i}`);
  await t.db.insert(variants).values(
    siblings.map((id, i) => ({
      id,
      productId: F.creatine,
      flavorId: 'flv_fx_plain',
      size: `sibling ${i}`,
      sku: `FX-CREA-SIB-${i}`,
      price: 1000 + i,
      stock: 100,
    })),
  );
  await refreshProductRollups(t.db, [F.creatine]);
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  let placed: { shopper: { cookie: string }; orderId: string }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const shoppers = await Promise.all(
      siblings.map((variantId) =>
        shopperWithCart(t.app, [{ productId: F.creatine, variantId, quantity: 1 + round }]),
      ),
    );
    // This round's orders take from every sibling while last round's are cancelled (released).
    const [answers, cancelled] = await Promise.all([
      Promise.all(shoppers.map((shopper) => placeOrderCall(t.app, shopper, body))),
      Promise.all(
        placed.map(({ shopper, orderId }) =>
          cartCall(t.app, 'POST', `/orders/${orderId}/cancel`, shopper),
        ),
      ),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual(siblings.map(() => 201));
    expect(cancelled.map((res) => res.statusCode)).toEqual(placed.map(() => 200));
    placed = answers.map((res, i) => ({
      shopper: shoppers[i]!,
      orderId: res.json().data.order.id as string,
    }));
  }
  const [creatine] = await totalsAgainstVariants([F.creatine]);
  expect(creatine!.total).toBe(creatine!.sum);
  // Every sibling gave the last round's units and got the earlier rounds' back.
  const left = await t.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, siblings));
  expect(left.map((v) => v.stock)).toEqual(siblings.map(() => 100 - ROUNDS));
});
