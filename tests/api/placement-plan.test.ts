/**
 * A PostgreSQL connection plans a placement's statement once, then reuses that plan. PostgreSQL
 * plans a prepared statement for its values five times, then keeps one generic plan, unless the
 * plans for the values at hand keep looking cheaper. The placement's statement is the largest the
 * shop sends, and planning it cost about as much as running it: a statement re-planned at every
 * placement fails here. PostgreSQL only (PGlite's statements are
 * not kept prepared); a count, not a timing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryRows } from '../../server/modules/search/sql.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
/** The executions PostgreSQL plans for their values before it may keep a generic plan. */
const CUSTOM_PLANS_BEFORE_GENERIC = 5;
const PLACEMENTS = CUSTOM_PLANS_BEFORE_GENERIC + 3;
/**
 * Variants beside the fixtures', as a shop's catalog has thousands: on a table of a few rows every
 * plan costs about the same, and PostgreSQL keeps the generic one whatever the statement says.
 */
const CATALOG_VARIANTS = 8000;

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({
    prepare: async ({ db }) => {
      await insertCartCatalog(db);
      await db.execute(sql`
        insert into variants (id, product_id, flavor_id, size, sku, price, stock)
        select 'var_plan_' || n, ${F.whey}, 'flv_fx_plain', n || ' g', 'PLAN-' || n, 1000, 5
        from generate_series(1, ${CATALOG_VARIANTS}) n`);
      await db.execute(sql`analyze variants`);
    },
    // One connection: every statement of the app is prepared on it, and read back from it below.
    poolSize: 1,
    env: { MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t?.close());

test.runIf(onPostgres)('after five placements, a connection runs their generic plan', async () => {
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  for (let i = 0; i < PLACEMENTS; i++) {
    // One and two lines alike: the variants travel as arrays, in one text.
    const lines: { productId: string; variantId: string; quantity: number }[] = [
      { productId: F.whey, variantId: F.chocolate, quantity: 1 },
    ];
    if (i % 2) lines.push({ productId: F.creatine, variantId: F.plenty, quantity: 2 });
    const shopper = await shopperWithCart(t.app, lines);
    expect((await placeOrderCall(t.app, shopper, body)).statusCode).toBe(201);
  }
  const plans = await queryRows<{ custom: number; generic: number }>(
    t.db,
    sql`select custom_plans::int as custom, generic_plans::int as generic
        from pg_prepared_statements where statement like '%unpaid as (%'`,
  );
  expect(plans).toEqual([
    { custom: CUSTOM_PLANS_BEFORE_GENERIC, generic: PLACEMENTS - CUSTOM_PLANS_BEFORE_GENERIC },
  ]);
});
