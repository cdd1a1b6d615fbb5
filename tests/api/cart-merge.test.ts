import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carts, cartItems } from '../../server/modules/cart/tables.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});

afterAll(() => t.close());

const productOf = (variantId: string) =>
  variantId.startsWith('var_fx_crea') ? F.creatine : F.whey;

async function add(caller: Caller, variantId: string, quantity: number) {
  const res = await cartCall(t.app, 'POST', '/cart/items', caller, {
    productId: productOf(variantId),
    variantId,
    quantity,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { guestCartId?: string };
}

/** A guest cart holding the given lines; returns its id. */
async function guestWith(lines: [string, number][]): Promise<string> {
  let guestCartId: string | undefined;
  for (const [variantId, quantity] of lines) {
    const data = await add(guestCartId ? { guestCartId } : {}, variantId, quantity);
    guestCartId = data.guestCartId;
  }
  if (!guestCartId) throw new Error('no guest cart');
  return guestCartId;
}

const merge = (cookie: string | undefined, guestCartId: unknown, headers = {}) =>
  cartCall(t.app, 'POST', '/cart/merge', cookie ? { cookie } : {}, { guestCartId }, headers);

const quantities = (data: { items: { variantId: string; quantity: number }[] }) =>
  Object.fromEntries(data.items.map((i) => [i.variantId, i.quantity]));

async function cartOf(cookie: string) {
  return (await cartCall(t.app, 'GET', '/cart', { cookie })).json().data;
}

describe('POST /cart/merge', () => {
  test('needs a signed-in shopper', async () => {
    const guestCartId = await guestWith([[F.chocolate, 1]]);
    const res = await merge(undefined, guestCartId);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      code: 'sign_in_required',
      message: 'Sign in to merge your guest cart into your account.',
    });
    const still = await cartCall(t.app, 'GET', '/cart', { guestCartId });
    expect(still.json().data.items).toHaveLength(1);
  });

  test('validates guestCartId', async () => {
    const shopper = await registerUser(t.app);
    const missing = await cartCall(t.app, 'POST', '/cart/merge', { cookie: shopper.cookie }, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].path).toBe('body.guestCartId');
    const malformed = await merge(shopper.cookie, 'nope');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(
      'guestCartId: must be the guest cart id the server issued',
    );
  });

  test('lines of the same variant add up, capped by stock; the guest cart is then gone', async () => {
    const guestCartId = await guestWith([
      [F.chocolate, 2],
      [F.vanilla, 2],
      [F.plenty, 5],
    ]);
    const shopper = await registerUser(t.app);
    await add({ cookie: shopper.cookie }, F.chocolate, 3);
    await add({ cookie: shopper.cookie }, F.vanilla, 2);

    const res = await merge(shopper.cookie, guestCartId);
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const { data } = res.json();
    expect(data.guestCartId).toBeUndefined();
    // vanilla: 2 + 2 = 4, but only 3 are in stock.
    expect(quantities(data)).toEqual({ [F.chocolate]: 5, [F.vanilla]: 3, [F.plenty]: 5 });
    expect(data.totals.itemCount).toBe(13);
    expect(data.items).toHaveLength(3);
    // The cut line is named, so the shopper can be told.
    expect(res.json().capped).toEqual([
      { variantId: F.vanilla, name: expect.any(String), requested: 4, quantity: 3, stock: 3 },
    ]);

    const rows = await t.db
      .select()
      .from(carts)
      .where(eq(carts.guestIdHash, hashToken(guestCartId)));
    expect(rows).toHaveLength(0);
    const asGuest = await cartCall(t.app, 'GET', '/cart', { guestCartId });
    expect(asGuest.json().data.items).toEqual([]);
  });

  test('a line never goes above 20 when merged', async () => {
    const guestCartId = await guestWith([[F.plenty, 10]]);
    const shopper = await registerUser(t.app);
    await add({ cookie: shopper.cookie }, F.plenty, 15);
    const res = await merge(shopper.cookie, guestCartId);
    expect(quantities(res.json().data)).toEqual({ [F.plenty]: 20 });
    expect(res.json().capped).toEqual([
      expect.objectContaining({ variantId: F.plenty, requested: 25, quantity: 20 }),
    ]);
  });

  test('a guest line sold out since is named and left behind, never kept at 0', async () => {
    const guestCartId = await guestWith([
      [F.vanilla, 2],
      [F.plenty, 1],
    ]);
    await t.db.update(variants).set({ stock: 0 }).where(eq(variants.id, F.vanilla));
    try {
      const shopper = await registerUser(t.app);
      const res = await merge(shopper.cookie, guestCartId);
      expect(res.statusCode).toBe(200);
      expect(quantities(res.json().data)).toEqual({ [F.plenty]: 1 });
      expect(res.json().capped).toEqual([
        { variantId: F.vanilla, name: 'FX Gold Whey', requested: 2, quantity: 0, stock: 0 },
      ]);
      // A merged line is a line like any other.
      expect(res.json().data.items[0].itemId).toMatch(/^item_/);
    } finally {
      await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, F.vanilla));
    }
  });

  test('a merge that fits names no line', async () => {
    const guestCartId = await guestWith([[F.plenty, 2]]);
    const shopper = await registerUser(t.app);
    const res = await merge(shopper.cookie, guestCartId);
    expect(res.json().capped).toEqual([]);
  });

  test('a shopper without a cart gets the guest lines as the new account cart', async () => {
    const guestCartId = await guestWith([[F.chocolate, 1]]);
    const shopper = await registerUser(t.app);
    const res = await merge(shopper.cookie, guestCartId);
    expect(quantities(res.json().data)).toEqual({ [F.chocolate]: 1 });
    const [row] = await t.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    expect(row?.guestIdHash).toBeNull();
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(eq(cartItems.cartId, row?.id ?? ''));
    expect(lines).toHaveLength(1);
  });

  test('merging the same guest cart again changes nothing', async () => {
    const guestCartId = await guestWith([[F.plenty, 4]]);
    const shopper = await registerUser(t.app);
    const first = await merge(shopper.cookie, guestCartId);
    const again = await merge(shopper.cookie, guestCartId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(quantities(await cartOf(shopper.cookie))).toEqual({ [F.plenty]: 4 });
  });

  test('an unknown guest cart id answers the current cart', async () => {
    const shopper = await registerUser(t.app);
    await add({ cookie: shopper.cookie }, F.chocolate, 2);
    const res = await merge(shopper.cookie, 'Z'.repeat(43));
    expect(res.statusCode).toBe(200);
    expect(quantities(res.json().data)).toEqual({ [F.chocolate]: 2 });
  });

  test("the guest's discount code comes along when the account cart has none", async () => {
    const guestCartId = await guestWith([[F.chocolate, 1]]);
    const { code } = await issueCouponCode(t.db, { email: 'merge@example.com', name: 'M' });
    await cartCall(t.app, 'POST', '/cart/discount', { guestCartId }, { code });
    const shopper = await registerUser(t.app);
    const res = await merge(shopper.cookie, guestCartId);
    expect(res.json().data.discount).toEqual({ code, percentOff: 10 });
  });

  test('guest → sign up → merge, the way the PWA does it', async () => {
    const guestCartId = await guestWith([[F.vanilla, 1]]);
    const shopper = await registerUser(t.app);
    // Signed in, the client stops sending the guest id except in the merge body.
    const res = await merge(shopper.cookie, guestCartId);
    expect(res.json().data.items[0]).toMatchObject({ variantId: F.vanilla, quantity: 1 });
    const cart = await cartOf(shopper.cookie);
    expect(cart.items).toHaveLength(1);
    expect(cart.guestCartId).toBeUndefined();
  });
});

describe('concurrent merges', () => {
  test('10 merges of one guest cart at once merge it once', async () => {
    const guestCartId = await guestWith([
      [F.chocolate, 2],
      [F.plenty, 3],
    ]);
    const shopper = await registerUser(t.app);
    await add({ cookie: shopper.cookie }, F.plenty, 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => merge(shopper.cookie, guestCartId)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(quantities(await cartOf(shopper.cookie))).toEqual({
      [F.chocolate]: 2,
      [F.plenty]: 4,
    });
  });

  test('two shoppers racing for one guest cart: only one gets its lines', async () => {
    const guestCartId = await guestWith([[F.plenty, 6]]);
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await Promise.all([
      merge(a.cookie, guestCartId),
      merge(b.cookie, guestCartId),
      merge(a.cookie, guestCartId),
      merge(b.cookie, guestCartId),
    ]);
    const got = [
      (await cartOf(a.cookie)).totals.itemCount as number,
      (await cartOf(b.cookie)).totals.itemCount as number,
    ].sort();
    expect(got).toEqual([0, 6]);
  });

  test('20 merges with one Idempotency-Key apply once and replay the same answer', async () => {
    const guestCartId = await guestWith([[F.chocolate, 1]]);
    const shopper = await registerUser(t.app);
    const key = `merge-${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        merge(shopper.cookie, guestCartId, { 'idempotency-key': key }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const res of results) expect([200, 409]).toContain(res.statusCode);
    for (const res of ok) expect(res.body).toBe(ok[0]?.body);
    expect(quantities(await cartOf(shopper.cookie))).toEqual({ [F.chocolate]: 1 });
  });
});
