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
  for (const product of await flagsAgainstVariants([F.whey, F.creatine])) {
    expect(product.inStock, product.id).toBe(product.truth);
  }
});

/** Each product's in-stock flag beside the truth: whether an active variant has stock. */
async function flagsAgainstVariants(productIds: string[]) {
  const flags = await t.db
    .select({ id: products.id, inStock: products.inStock })
    .from(products)
    .where(inArray(products.id, productIds));
  const stocks = await t.db
    .select({ productId: variants.productId, stock: variants.stock, active: variants.isActive })
    .from(variants)
    .where(inArray(variants.productId, productIds));
  return flags.map(({ id, inStock }) => ({
    id,
    inStock,
    truth: stocks.some((v) => v.productId === id && v.active && v.stock > 0),
  }));
}

test('sibling variants selling out and coming back at once keep the product in stock exactly', async () => {
  const ROUNDS = 3;
  const product = 'prod_fx_siblings';
  const siblings = Array.from({ length: 8 }, (_, i) => `var_fx_sibling_${i}`);
  await t.db.insert(products).values({
    id: product,
    slug: 'fx-siblings',
    name: 'FX Siblings',
    brandId: 'brand_fx',
  });
  await t.db.insert(variants).values(
    siblings.map((id, i) => ({
      id,
      productId: product,
      flavorId: 'flv_fx_plain',
      size: `sibling ${i}`,
      sku: `FX-SIB-${i}`,
      price: 1000 + i,
      stock: 1,
    })),
  );
  await refreshProductRollups(t.db, [product]);
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  for (let round = 0; round < ROUNDS; round++) {
    const shoppers = await Promise.all(
      siblings.map((variantId) =>
        shopperWithCart(t.app, [{ productId: product, variantId, quantity: 1 }]),
      ),
    );
    // Every sibling's last unit sold at once: whichever order commits last ends the stock.
    const answers = await Promise.all(
      shoppers.map((shopper) => placeOrderCall(t.app, shopper, body)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(siblings.map(() => 201));
    expect(await flagsAgainstVariants([product])).toEqual([
      { id: product, inStock: false, truth: false },
    ]);
    // Every order cancelled at once: each puts its sibling back on the shelf.
    const cancelled = await Promise.all(
      answers.map((res, i) =>
        cartCall(t.app, 'POST', `/orders/${res.json().data.order.id}/cancel`, shoppers[i]!),
      ),
    );
    expect(cancelled.map((res) => res.statusCode)).toEqual(siblings.map(() => 200));
    expect(await flagsAgainstVariants([product])).toEqual([
      { id: product, inStock: true, truth: true },
    ]);
  }
});
