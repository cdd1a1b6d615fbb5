/**
 * Checkout races: many orders placed at once for the last unit or for one single-use discount
 * code. They only race on PostgreSQL (the `api-pg` project, run by `npm test` whenever
 * TEST_DATABASE_URL is set, as in CI): the embedded PGlite runs one transaction at a time, so
 * there these tests pass even without the conditional updates that guard the race.
 */
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
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
      code: 'out_of_stock',
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

test.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
  'on PostgreSQL, transactions really run at the same time (so the races here race)',
  async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const first = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      opened();
      await held;
    });
    await open;
    // The second finishes while the first is still open; one transaction at a time would hang.
    await t.db.transaction((tx) => tx.execute(sql`select 1`));
    release();
    await first;
  },
);

test('10 orders racing for one single-use discount code: one gets it, nine are told', async () => {
  const RACERS = 10;
  const { code, id } = await issueCouponCode(t.db, { email: 'race-all@example.com', name: 'R' });
  const shoppers = [];
  for (let i = 0; i < RACERS; i++) {
    const shopper = await shopperWithCart(t.app, [
      { productId: F.creatine, variantId: F.plenty, quantity: 1 },
    ]);
    const applied = await cartCall(t.app, 'POST', '/cart/discount', shopper, { code });
    expect(applied.statusCode, applied.body).toBe(200);
    shoppers.push(shopper);
  }
  const answers = await Promise.all(
    shoppers.map((shopper) =>
      placeOrderCall(t.app, shopper, { shippingAddress: TORONTO, shippingMethod: 'standard' }),
    ),
  );
  const statuses = answers.map((res) => res.statusCode);
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(RACERS - 1);
  for (const res of answers.filter((r) => r.statusCode === 409)) {
    expect(res.json().code).toBe('discount_used');
  }
  const discounted = await t.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.discountCodeId, id));
  expect(discounted).toHaveLength(1);
  const [row] = await t.db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(isNotNull(discountCodes.usedAt));
  expect(row?.id).toBe(id);
});
