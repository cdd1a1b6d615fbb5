/**
 * A placement reads the cart and its lines without a lock, then writes the order in one statement
 * only where the cart is still as read. These tests change the cart in that gap (just before the
 * placement's statement runs) and check that the order holds the cart as it is then: nothing
 * added meanwhile is emptied away unordered, nothing removed meanwhile is ordered.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../server/db/client.ts';
import { addItem, removeItem } from '../../server/modules/cart/service.ts';
import { cartItems, carts } from '../../server/modules/cart/tables.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { PLACEMENT_ATTEMPTS, placeOrder } from '../../server/modules/orders/placement.ts';
import { orderItems } from '../../server/modules/orders/tables.ts';
import type { SignedIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

const chocolate = { productId: F.whey, variantId: F.chocolate, quantity: 1 };
const plenty = { productId: F.creatine, variantId: F.plenty, quantity: 2 };

/**
 * The shop's database, but the first `times` runs of the placement's statement (the one that
 * writes the order; it is built once and runs as a prepared query) run `meanwhile` first.
 */
function changingBeforeWrite(times: number, meanwhile: () => Promise<unknown>): Database {
  let left = times;
  const internals = t.db._;
  const session = new Proxy(internals.session, {
    get(target, key, receiver) {
      if (key !== 'prepareQuery') return Reflect.get(target, key, receiver);
      return (...args: Parameters<typeof target.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        if (!args[0].sql.includes('insert into "orders"')) return prepared;
        const execute = prepared.execute.bind(prepared);
        prepared.execute = async (values) => {
          if (left > 0) {
            left -= 1;
            await meanwhile();
          }
          return execute(values);
        };
        return prepared;
      };
    },
  });
  return new Proxy(t.db, {
    get(target, key, receiver) {
      if (key === '_') return { ...internals, session };
      return Reflect.get(target, key, receiver);
    },
  });
}

function place(db: Database, shopper: SignedIn, checkoutKey: string) {
  return placeOrder(db, {
    user: { ...shopper.user, role: 'customer', guest: false },
    checkoutKey,
    body: {
      shippingAddress: { line2: undefined, ...TORONTO, country: 'CA' },
      shippingMethod: 'standard',
    },
    paymentWindowMs: 60_000,
    provider: 'test',
    clientAddress: '203.0.113.7',
    unpaidBound: { account: 3, address: 10 },
  });
}

async function orderedLines(orderId: string) {
  const rows = await t.db
    .select({ variantId: orderItems.variantId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return rows.sort((a, b) => (a.variantId ?? '').localeCompare(b.variantId ?? ''));
}

async function cartLinesOf(shopper: SignedIn) {
  return t.db
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, shopper.user._id));
}

const stockOf = async (variantId: string) =>
  (
    await t.db.select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId))
  )[0]!.stock;

test('a line added after the cart was read is ordered, not emptied away', async () => {
  const shopper = await shopperWithCart(t.app, [chocolate]);
  const before = await stockOf(F.plenty);
  const owner = { kind: 'user', userId: shopper.user._id } as const;
  const db = changingBeforeWrite(1, () => addItem(t.db, owner, plenty));

  const { orderId } = await place(db, shopper, 'changed-add');

  expect(await orderedLines(orderId)).toEqual(
    [
      { variantId: F.chocolate, quantity: 1 },
      { variantId: F.plenty, quantity: 2 },
    ].sort((a, b) => a.variantId.localeCompare(b.variantId)),
  );
  expect(await cartLinesOf(shopper)).toEqual([]);
  expect(await stockOf(F.plenty)).toBe(before - 2);
});

test('a line removed after the cart was read is not ordered', async () => {
  const shopper = await shopperWithCart(t.app, [chocolate, plenty]);
  const before = await stockOf(F.plenty);
  const owner = { kind: 'user', userId: shopper.user._id } as const;
  const [plentyLine] = await t.db
    .select({ id: cartItems.id })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.userId, shopper.user._id), eq(cartItems.variantId, F.plenty)));
  const db = changingBeforeWrite(1, () => removeItem(t.db, owner, plentyLine!.id));

  const { orderId } = await place(db, shopper, 'changed-remove');

  expect(await orderedLines(orderId)).toEqual([{ variantId: F.chocolate, quantity: 1 }]);
  expect(await stockOf(F.plenty)).toBe(before);
});

test('a cart that changes before every write is refused with nothing ordered', async () => {
  const shopper = await shopperWithCart(t.app, [chocolate]);
  const owner = { kind: 'user', userId: shopper.user._id } as const;
  const chocolateBefore = await stockOf(F.chocolate);
  const db = changingBeforeWrite(PLACEMENT_ATTEMPTS, () => addItem(t.db, owner, plenty));

  await expect(place(db, shopper, 'changed-always')).rejects.toMatchObject({
    statusCode: 409,
    code: 'cart_changed',
  });
  expect(await stockOf(F.chocolate)).toBe(chocolateBefore);
  expect((await cartLinesOf(shopper)).length).toBe(2);
});
