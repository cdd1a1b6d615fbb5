/**
 * The SQL statements a placement sends, counted per request (COUNT_DB_STATEMENTS, read from the
 * metrics): each one is a round trip to the database while the order's locks are held, so their
 * number bounds how many orders a shop places per second. A count, not a timing: a placement
 * that sends more statements than pinned here fails.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

const TOKEN = 'metrics-scraper-secret-0123456789';
/**
 * The most statements one placement sends, whatever its number of lines: the session, the
 * idempotency claim, the cart with its lines, the order written (with its stock, its payment and
 * the emptied cart, in one statement and without a transaction), its payment opened and the
 * answer kept for the key.
 */
const MOST_PER_PLACEMENT = 6;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { METRICS_TOKEN: TOKEN, COUNT_DB_STATEMENTS: '1', MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

/** The statements counted so far for one route. */
async function statementsOf(method: string, route: string): Promise<number> {
  const res = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const series = `forge_db_statements_total{method="${method}",route="/api/v1${route}"} `;
  const line = res.body.split('\n').find((row) => row.startsWith(series));
  return line === undefined ? 0 : Number(line.slice(series.length));
}

/** The statements of one call, read as the growth of its route's count. */
async function counted(method: string, route: string, call: () => Promise<{ statusCode: number }>) {
  const before = await statementsOf(method, route);
  const res = await call();
  return { status: res.statusCode, statements: (await statementsOf(method, route)) - before };
}

const line = (variantId: string, productId: string = F.whey) => ({
  productId,
  variantId,
  quantity: 1,
});

test('a placement sends a fixed number of statements, however many lines it has', async () => {
  const one = await shopperWithCart(t.app, [line(F.chocolate)]);
  const three = await shopperWithCart(t.app, [
    line(F.chocolate),
    line(F.vanilla),
    line(F.plenty, F.creatine),
  ]);
  const body = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };
  // The first keyed request of a process also sweeps expired keys: not counted below.
  const first = await shopperWithCart(t.app, [line(F.plenty, F.creatine)]);
  expect((await placeOrderCall(t.app, first, body)).statusCode).toBe(201);

  const ofOne = await counted('POST', '/orders', () => placeOrderCall(t.app, one, body));
  const ofThree = await counted('POST', '/orders', () => placeOrderCall(t.app, three, body));

  expect(ofOne.status).toBe(201);
  expect(ofThree.status).toBe(201);
  expect(ofThree.statements).toBe(ofOne.statements);
  expect(ofThree.statements).toBeLessThanOrEqual(MOST_PER_PLACEMENT);
});

test('the session look-up and the body-reading routes are counted too', async () => {
  const shopper = await shopperWithCart(t.app, [line(F.chocolate)]);
  // A signed-in cart read: the session, the cart, its lines.
  const read = await counted('GET', '/cart', () => cartCall(t.app, 'GET', '/cart', shopper));
  expect(read).toEqual({ status: 200, statements: 3 });
  // A body is read before the route runs: what the route sends after it still counts. Adding to
  // a cart there is: the session, the line added in one statement, the cart read back.
  const added = await counted('POST', '/cart/items', () =>
    cartCall(t.app, 'POST', '/cart/items', shopper, line(F.vanilla)),
  );
  expect(added).toEqual({ status: 200, statements: 3 });
  const again = await counted('POST', '/cart/items', () =>
    cartCall(t.app, 'POST', '/cart/items', shopper, line(F.vanilla)),
  );
  expect(again).toEqual({ status: 200, statements: 3 });
  expect((await cartCall(t.app, 'GET', '/cart', shopper)).json().data.items).toMatchObject([
    { variantId: F.chocolate, quantity: 1 },
    { variantId: F.vanilla, quantity: 2 },
  ]);
});

test('changing a line’s quantity and removing a line are one statement each', async () => {
  const shopper = await shopperWithCart(t.app, [line(F.chocolate), line(F.vanilla)]);
  const items: { itemId: string; variantId: string }[] = (
    await cartCall(t.app, 'GET', '/cart', shopper)
  ).json().data.items;
  const [chocolate, vanilla] = [F.chocolate, F.vanilla].map(
    (variantId) => items.find((item) => item.variantId === variantId)!.itemId,
  );
  const route = '/cart/items/:itemId';
  // The session, the line changed, the cart read back.
  const changed = await counted('PATCH', route, () =>
    cartCall(t.app, 'PATCH', `/cart/items/${chocolate}`, shopper, { quantity: 3 }),
  );
  expect(changed).toEqual({ status: 200, statements: 3 });
  const removed = await counted('DELETE', route, () =>
    cartCall(t.app, 'DELETE', `/cart/items/${vanilla}`, shopper),
  );
  expect(removed).toEqual({ status: 200, statements: 3 });
  expect((await cartCall(t.app, 'GET', '/cart', shopper)).json().data.items).toMatchObject([
    { variantId: F.chocolate, quantity: 3 },
  ]);
});
