/**
 * The wishlist API: an account's products kept for later, answered newest first with today's
 * price and stock; adding and removing are repeatable; the list is capped; hearts given before
 * signing in join at sign-in; nobody else's list is reachable, and a guest checkout has none.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WISHLIST_MAX, type WishlistResponse } from '../../contract/wishlist.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { products } from '../../server/modules/catalog/tables.ts';
import { GUEST_HAS_NO_ACCOUNT } from '../../server/plugins/sessions.ts';
import { NO_SUCH_PRODUCT, WISHLIST_FULL } from '../../server/modules/wishlist/service.ts';
import { wishlistItems } from '../../server/modules/wishlist/tables.ts';
import {
  randomAddress,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { CSRF, F, insertCartCatalog } from './cart-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await insertCartCatalog(database.db);
      // Cards read each product's lowest price and stock, kept from its variants.
      await refreshProductRollups(database.db);
    },
  });
});
afterAll(() => t.close());

function call(
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  path: string,
  who: { cookie: string } | null,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1${path}`,
    remoteAddress: randomAddress(),
    headers: {
      ...(who ? { cookie: who.cookie } : {}),
      ...(method === 'GET' || payload ? {} : CSRF),
    },
    ...(payload ? { payload } : {}),
  });
}

const listed = (res: { json(): unknown }) =>
  (res.json() as WishlistResponse).data.items.map((item) => item.product._id);

describe('the wishlist', () => {
  test('starts empty; a product added shows with its price and stock, newest first', async () => {
    const shopper = await registerUser(t.app);
    const empty = await call('GET', '/user/wishlist', shopper);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ success: true, data: { items: [], max: WISHLIST_MAX } });

    expect((await call('PUT', `/user/wishlist/${F.whey}`, shopper)).statusCode).toBe(200);
    const res = await call('PUT', `/user/wishlist/${F.creatine}`, shopper);
    expect(res.statusCode).toBe(200);
    const { items } = (res.json() as WishlistResponse).data;
    expect(items.map((item) => item.product._id)).toEqual([F.creatine, F.whey]);
    // The cheapest active variant's price, and stock from the variants that have some.
    expect(items[1]!.product).toMatchObject({ slug: 'fx-gold-whey', price: 2999, inStock: true });
    expect(items[0]!.product).toMatchObject({ price: 1000, inStock: true });
    expect(Date.parse(items[0]!.addedAt)).toBeGreaterThanOrEqual(Date.parse(items[1]!.addedAt));
    expect(listed(await call('GET', '/user/wishlist', shopper))).toEqual([F.creatine, F.whey]);
  });

  test('adding again and removing twice change nothing more', async () => {
    const shopper = await registerUser(t.app);
    await call('PUT', `/user/wishlist/${F.whey}`, shopper);
    const again = await call('PUT', `/user/wishlist/${F.whey}`, shopper);
    expect(listed(again)).toEqual([F.whey]);
    const removed = await call('DELETE', `/user/wishlist/${F.whey}`, shopper);
    expect(removed.statusCode).toBe(200);
    expect(listed(removed)).toEqual([]);
    const twice = await call('DELETE', `/user/wishlist/${F.whey}`, shopper);
    expect(twice.statusCode).toBe(200);
    expect(listed(twice)).toEqual([]);
  });

  test('a product not on sale is refused with 404, and one taken off sale leaves the list shown', async () => {
    const shopper = await registerUser(t.app);
    for (const id of ['prod_nope', F.hidden]) {
      const res = await call('PUT', `/user/wishlist/${id}`, shopper);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'not_found',
        message: NO_SUCH_PRODUCT,
      });
    }
    await call('PUT', `/user/wishlist/${F.creatine}`, shopper);
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, F.creatine));
    try {
      expect(listed(await call('GET', '/user/wishlist', shopper))).toEqual([]);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, F.creatine));
    }
    // Back on sale, it is back on the list.
    expect(listed(await call('GET', '/user/wishlist', shopper))).toEqual([F.creatine]);
  });

  test(`holds at most ${WISHLIST_MAX} products: one more answers 409 and changes nothing`, async () => {
    const shopper = await registerUser(t.app);
    const filler = Array.from({ length: WISHLIST_MAX }, (_, n) => `prod_fill_${n}`);
    await t.db.insert(products).values(
      filler.map((id) => ({
        id,
        slug: `${id}-${shopper.user._id}`,
        name: id,
        brandId: 'brand_fx',
      })),
    );
    try {
      await t.db
        .insert(wishlistItems)
        .values(filler.map((productId) => ({ userId: shopper.user._id, productId })));
      const res = await call('PUT', `/user/wishlist/${F.whey}`, shopper);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: WISHLIST_FULL, reason: 'wishlist_full' });
      const rows = await t.db
        .select()
        .from(wishlistItems)
        .where(eq(wishlistItems.userId, shopper.user._id));
      expect(rows).toHaveLength(WISHLIST_MAX);
      // One already held is no addition: still 200.
      expect((await call('PUT', `/user/wishlist/${filler[0]}`, shopper)).statusCode).toBe(200);
    } finally {
      await t.db.delete(products).where(inArray(products.id, filler));
    }
  });

  test('hearts from the device join at sign-in: first given newest, the unknown and held skipped', async () => {
    const shopper = await registerUser(t.app);
    await call('PUT', `/user/wishlist/${F.whey}`, shopper);
    const res = await call('POST', '/user/wishlist/merge', shopper, {
      productIds: [F.creatine, 'prod_nope', F.hidden, F.whey, F.creatine],
    });
    expect(res.statusCode).toBe(200);
    expect(listed(res)).toEqual([F.creatine, F.whey]);
  });

  test('bad input answers 400 naming the field', async () => {
    const shopper = await registerUser(t.app);
    const cases: [object, string][] = [
      [{}, 'body.productIds'],
      [{ productIds: 'prod_x' }, 'body.productIds'],
      [{ productIds: [''] }, 'body.productIds.0'],
      [
        { productIds: Array.from({ length: WISHLIST_MAX + 1 }, (_, n) => `p${n}`) },
        'body.productIds',
      ],
    ];
    for (const [payload, path] of cases) {
      const res = await call('POST', '/user/wishlist/merge', shopper, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
  });

  test("each list is its owner's: another shopper's changes never touch it", async () => {
    const mine = await registerUser(t.app);
    const theirs = await registerUser(t.app);
    await call('PUT', `/user/wishlist/${F.whey}`, mine);
    await call('PUT', `/user/wishlist/${F.creatine}`, theirs);
    await call('DELETE', `/user/wishlist/${F.whey}`, theirs);
    expect(listed(await call('GET', '/user/wishlist', mine))).toEqual([F.whey]);
    expect(listed(await call('GET', '/user/wishlist', theirs))).toEqual([F.creatine]);
  });

  test('signed out: 401; a guest checkout: 403 (its hearts stay on its device)', async () => {
    for (const [method, path] of [
      ['GET', '/user/wishlist'],
      ['PUT', `/user/wishlist/${F.whey}`],
      ['DELETE', `/user/wishlist/${F.whey}`],
    ] as const) {
      expect((await call(method, path, null)).statusCode, `${method} ${path}`).toBe(401);
    }
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/guest',
      payload: { email: uniqueEmail('guest') },
      remoteAddress: randomAddress(),
    });
    const guest = { cookie: sessionCookie(started)! };
    const res = await call('PUT', `/user/wishlist/${F.whey}`, guest);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: GUEST_HAS_NO_ACCOUNT });
  });

  test('deleting the account takes its wishlist with it', async () => {
    const shopper: SignedIn = await registerUser(t.app);
    await call('PUT', `/user/wishlist/${F.whey}`, shopper);
    await t.db.delete(users).where(eq(users.id, shopper.user._id));
    const rows = await t.db
      .select()
      .from(wishlistItems)
      .where(eq(wishlistItems.userId, shopper.user._id));
    expect(rows).toEqual([]);
  });
});
