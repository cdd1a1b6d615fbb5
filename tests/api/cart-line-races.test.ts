/**
 * Cart changes that race with each other and with the cart's placement. An add to an existing
 * cart, a quantity change and a removal are each one statement outside any transaction, so these
 * show what their cart lock and the add's ON CONFLICT sum guarantee. They only race on PostgreSQL
 * (the `api-pg` project); the embedded PGlite runs one statement at a time, so there they show
 * the outcome without the race.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CART_LINE_MAX_QUANTITY, type CartItem } from '../../contract/cart.ts';
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

const placement = { shippingAddress: TORONTO, shippingMethod: 'standard' as const };

const linesOf = async (shopper: { cookie: string }) =>
  (await cartCall(t.app, 'GET', '/cart', shopper)).json().data.items as CartItem[];

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
  for (let round = 0; round < ROUNDS; round++) {
    const shopper = await shopperWithCart(t.app, [chocolate]);
    const [placed, added] = await Promise.all([
      placeOrderCall(t.app, shopper, placement),
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

/** The cart's item id of `variantId`. */
const itemOf = async (shopper: { cookie: string }, variantId: string) =>
  (await linesOf(shopper)).find((line) => line.variantId === variantId)!.itemId;

interface OrderLine {
  variantId: string;
  quantity: number;
}

const byVariant = (a: OrderLine, b: OrderLine) => a.variantId.localeCompare(b.variantId);

/** The variants and quantities an order holds, by variant. */
const orderedLines = (placed: Awaited<ReturnType<typeof placeOrderCall>>) =>
  (placed.json().data.order.lines as OrderLine[])
    .map((line) => ({ variantId: line.variantId, quantity: line.quantity }))
    .sort(byVariant);

/**
 * How long each round waits before the cart change: at once, a change comes before the
 * placement's write; later ones land during and after it, so both orders are seen.
 */
const STAGGER_MS = [0, 5, 10, 20, 40, 80];

const later = <T>(ms: number, call: () => Promise<T>) =>
  new Promise<T>((resolve, reject) => setTimeout(() => call().then(resolve, reject), ms));

test('a quantity changed while the cart is being placed is ordered, or refused as gone', async () => {
  for (const wait of STAGGER_MS) {
    const shopper = await shopperWithCart(t.app, [chocolate, vanilla]);
    const item = await itemOf(shopper, F.vanilla);
    const [placed, changed] = await Promise.all([
      placeOrderCall(t.app, shopper, placement),
      later(wait, () => cartCall(t.app, 'PATCH', `/cart/items/${item}`, shopper, { quantity: 3 })),
    ]);
    expect(placed.statusCode).toBe(201);
    // The change came first (3 ordered) or after (the line was gone with the placed cart).
    expect([200, 404]).toContain(changed.statusCode);
    const vanillaOrdered = changed.statusCode === 200 ? 3 : 1;
    expect(orderedLines(placed)).toEqual(
      [
        { variantId: F.chocolate, quantity: 1 },
        { variantId: F.vanilla, quantity: vanillaOrdered },
      ].sort(byVariant),
    );
    expect(await linesOf(shopper)).toEqual([]);
  }
});

test('a line removed while the cart is being placed is not ordered, or refused as gone', async () => {
  for (const wait of STAGGER_MS) {
    const shopper = await shopperWithCart(t.app, [chocolate, vanilla]);
    const item = await itemOf(shopper, F.vanilla);
    const [placed, removed] = await Promise.all([
      placeOrderCall(t.app, shopper, placement),
      later(wait, () => cartCall(t.app, 'DELETE', `/cart/items/${item}`, shopper)),
    ]);
    expect(placed.statusCode).toBe(201);
    // The removal came first (chocolate alone ordered) or after (both ordered, and it found
    // nothing left to remove).
    expect([200, 404]).toContain(removed.statusCode);
    expect(orderedLines(placed).map((line) => line.variantId)).toEqual(
      removed.statusCode === 200 ? [F.chocolate] : [F.chocolate, F.vanilla].sort(),
    );
    expect(await linesOf(shopper)).toEqual([]);
  }
});

test('a quantity over the stock left is refused with what is left, and changes nothing', async () => {
  await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, F.vanilla));
  const shopper = await shopperWithCart(t.app, [{ ...vanilla, quantity: 2 }]);
  const item = await itemOf(shopper, F.vanilla);
  const refused = await cartCall(t.app, 'PATCH', `/cart/items/${item}`, shopper, { quantity: 4 });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toMatchObject({ code: 'cart_over_stock', available: 3 });
  expect(await linesOf(shopper)).toMatchObject([{ variantId: F.vanilla, quantity: 2 }]);
  await t.db.update(variants).set({ stock: 1000 }).where(eq(variants.id, F.vanilla));
});
