/**
 * Units sold follow real sales (server/modules/orders/sales.ts): an order's units join its
 * products' sold_count once it is paid and leave it if it is cancelled or refunded afterwards,
 * each order counted once however often the count runs, alone or side by side; the Bestsellers
 * shelf follows. Runs on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus } from '../../contract/orders.ts';
import type { ProductSummary } from '../../contract/catalog.ts';
import { countSales } from '../../server/modules/orders/sales.ts';
import { insertOrder, FIXTURE_LINES } from '../helpers/order-fixture.ts';
import { createCatalogTestApp, rowsOf, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
/** Two products of the seeded catalog; the fixture's lines sell 1 of the first and 2 of the second. */
let first: string;
let second: string;

beforeAll(async () => {
  t = await createCatalogTestApp();
  // Orders the seed placed (none today) are counted before the tests start from known figures.
  await countSales(t.db);
  const [a, b] = await rowsOf<{ id: string }>(
    t.db,
    sql`select id from products where is_active and in_stock order by sold_count, id limit 2`,
  );
  first = a!.id;
  second = b!.id;
});
afterAll(() => t.close());

const UNITS = FIXTURE_LINES.map((line) => line.quantity);

async function soldCounts(): Promise<[number, number]> {
  const rows = await rowsOf<{ id: string; sold_count: number }>(
    t.db,
    sql`select id, sold_count from products where id in (${first}, ${second})`,
  );
  const of = (id: string) => rows.find((row) => row.id === id)!.sold_count;
  return [of(first), of(second)];
}

const setStatus = (orderId: string, status: OrderStatus) =>
  t.db.execute(sql`update orders set status = ${status} where id = ${orderId}`);

const sell = (status: OrderStatus) => insertOrder(t.db, { status, productIds: [first, second] });

describe('counting sales', () => {
  test('a paid order counts once, however often the count runs', async () => {
    const before = await soldCounts();
    const order = await sell('paid');
    expect(await countSales(t.db)).toBe(1);
    expect(await soldCounts()).toEqual([before[0] + UNITS[0]!, before[1] + UNITS[1]!]);
    expect(await countSales(t.db)).toBe(0);
    // Packed, shipped, delivered: still one sale.
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      await setStatus(order.id, status);
      expect(await countSales(t.db)).toBe(0);
    }
    expect(await soldCounts()).toEqual([before[0] + UNITS[0]!, before[1] + UNITS[1]!]);
  });

  test('an unpaid order counts only once paid; one cancelled unpaid never does', async () => {
    const before = await soldCounts();
    const waiting = await sell('pending_payment');
    const dropped = await sell('pending_payment');
    expect(await countSales(t.db)).toBe(0);
    await setStatus(dropped.id, 'cancelled');
    expect(await countSales(t.db)).toBe(0);
    expect(await soldCounts()).toEqual(before);
    await setStatus(waiting.id, 'paid');
    expect(await countSales(t.db)).toBe(1);
    expect(await soldCounts()).toEqual([before[0] + UNITS[0]!, before[1] + UNITS[1]!]);
  });

  test.each(['cancelled', 'refunded'] as const)(
    'a counted order %s afterwards takes its units back',
    async (status) => {
      const before = await soldCounts();
      const order = await sell('processing');
      await countSales(t.db);
      await setStatus(order.id, status);
      expect(await countSales(t.db)).toBe(1);
      expect(await soldCounts()).toEqual(before);
      expect(await countSales(t.db)).toBe(0);
      expect(await soldCounts()).toEqual(before);
    },
  );

  test('a line of a deleted product is left out, and a count never goes under 0', async () => {
    const before = await soldCounts();
    const order = await insertOrder(t.db, { status: 'paid', productIds: [null, second] });
    expect(await countSales(t.db)).toBe(1);
    expect(await soldCounts()).toEqual([before[0], before[1] + UNITS[1]!]);
    await t.db.execute(sql`update products set sold_count = 1 where id = ${second}`);
    await setStatus(order.id, 'refunded');
    expect(await countSales(t.db)).toBe(1);
    expect((await soldCounts())[1]).toBe(0);
    await t.db.execute(sql`update products set sold_count = ${before[1]} where id = ${second}`);
  });

  test('more orders than a batch are all counted, a batch at a time', async () => {
    const before = await soldCounts();
    for (let i = 0; i < 5; i++) await sell('paid');
    expect(await countSales(t.db, 2)).toBe(5);
    expect(await soldCounts()).toEqual([before[0] + 5 * UNITS[0]!, before[1] + 5 * UNITS[1]!]);
  });

  test('two counts at once count each order once', async () => {
    const before = await soldCounts();
    for (let i = 0; i < 6; i++) await sell('paid');
    const settled = await Promise.all([countSales(t.db, 2), countSales(t.db, 2)]);
    expect(settled[0] + settled[1]).toBe(6);
    expect(await soldCounts()).toEqual([before[0] + 6 * UNITS[0]!, before[1] + 6 * UNITS[1]!]);
  });

  test('the order jobs count sales, and the Bestsellers shelf follows', async () => {
    const shelf = async () => {
      const res = await t.app.inject('/api/v1/products?collection=bestsellers&limit=4');
      return (res.json() as { data: ProductSummary[] }).data.map((product) => product._id);
    };
    const [top] = await rowsOf<{ sold_count: number }>(
      t.db,
      sql`select max(sold_count) as sold_count from products`,
    );
    const [product] = await rowsOf<{ in_stock: boolean }>(
      t.db,
      sql`select in_stock from products where id = ${first}`,
    );
    expect(product!.in_stock).toBe(true);
    expect(await shelf()).not.toContain(first);
    // One paid order of enough units of the least sold product to pass the best seller.
    const order = await sell('paid');
    const needed = top!.sold_count + 1 - (await soldCounts())[0];
    await t.db.execute(
      sql`update order_items set quantity = ${needed}
          where order_id = ${order.id} and product_id = ${first}`,
    );
    await t.app.orderJobs.runNow();
    expect((await soldCounts())[0]).toBeGreaterThan(top!.sold_count);
    await expect.poll(async () => (await shelf())[0], { timeout: 5000 }).toBe(first);
  });
});
