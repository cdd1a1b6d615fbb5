import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seedCatalog } from '../../server/db/seed.ts';
import { GUEST_CART_TTL_DAYS, sweepExpiredGuestCarts } from '../../server/modules/cart/service.ts';
import { carts, cartItems } from '../../server/modules/cart/tables.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await seedCatalog(database.db, { products: 12 });
      await insertCartCatalog(database.db);
    },
  });
});

afterAll(() => t.close());

const add = (caller: Caller, variantId: string, quantity = 1, productId?: string) =>
  cartCall(t.app, 'POST', '/cart/items', caller, {
    productId: productId ?? (variantId.startsWith('var_fx_crea') ? F.creatine : F.whey),
    variantId,
    quantity,
  });

/** A guest who has put one chocolate whey in a new cart. */
async function newGuest(): Promise<Caller & { guestCartId: string; itemId: string }> {
  const res = await add({}, F.chocolate);
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  return { guestCartId: data.guestCartId, itemId: data.items[0].itemId };
}

const emptyCart = {
  items: [],
  totals: { itemCount: 0, subtotal: 0, discount: 0, shipping: 0, total: 0 },
  discount: null,
};

describe('guest cart', () => {
  test('GET /cart without a cart answers an empty cart, not 404', async () => {
    const res = await cartCall(t.app, 'GET', '/cart');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: emptyCart });
  });

  test('the first add creates a guest cart and answers the whole cart at server prices', async () => {
    const res = await add({}, F.chocolate, 2);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const { guestCartId, items, totals, discount } = body.data;
    // 32 random bytes as base64url: 256 bits, well above the 128 required.
    expect(guestCartId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(items).toEqual([
      {
        itemId: expect.stringMatching(/^item_/),
        productId: F.whey,
        variantId: F.chocolate,
        quantity: 2,
        name: 'FX Gold Whey',
        slug: 'fx-gold-whey',
        image: '/api/v1/images/whey-1.webp',
        brand: { _id: 'brand_fx', slug: 'fx-labs', name: 'FX Labs' },
        flavor: { _id: 'flv_fx_choc', slug: 'fx-chocolate', name: 'Chocolate' },
        size: '2 lb',
        sku: 'FX-WHEY-CHOC-2',
        unitPrice: 4999,
        compareAtPrice: 5999,
        lineTotal: 9998,
        stock: 50,
      },
    ]);
    expect(totals).toEqual({
      itemCount: 2,
      subtotal: 9998,
      discount: 0,
      shipping: 0,
      total: 9998,
    });
    expect(discount).toBeNull();
  });

  test('the guest id is stored only as a hash', async () => {
    const guest = await newGuest();
    const rows = await t.db.select().from(carts);
    expect(JSON.stringify(rows)).not.toContain(guest.guestCartId);
    expect(rows.some((row) => row.guestIdHash && row.guestIdHash.length === 64)).toBe(true);
  });

  test('the id works as the header alone, the query alone, or both', async () => {
    const guest = await newGuest();
    const byHeader = await t.app.inject({
      url: '/api/v1/cart',
      headers: { 'x-guest-cart-id': guest.guestCartId },
    });
    const byQuery = await t.app.inject({ url: `/api/v1/cart?guestCartId=${guest.guestCartId}` });
    const both = await cartCall(t.app, 'GET', '/cart', guest);
    for (const res of [byHeader, byQuery, both]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.guestCartId).toBe(guest.guestCartId);
      expect(res.json().data.items).toHaveLength(1);
    }
  });

  test('header and query naming different carts → 400', async () => {
    const a = await newGuest();
    const b = await newGuest();
    const res = await t.app.inject({
      url: `/api/v1/cart?guestCartId=${b.guestCartId}`,
      headers: { 'x-guest-cart-id': a.guestCartId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation',
      message:
        'The X-Guest-Cart-Id header and the guestCartId query parameter name different carts.',
      errors: [
        {
          path: 'querystring.guestCartId',
          message:
            'The X-Guest-Cart-Id header and the guestCartId query parameter name different carts.',
        },
      ],
    });
    const mutation = await add({}, F.chocolate, 1);
    expect(mutation.statusCode).toBe(200);
    const conflicting = await t.app.inject({
      method: 'POST',
      url: `/api/v1/cart/items?guestCartId=${b.guestCartId}`,
      headers: { 'x-guest-cart-id': a.guestCartId },
      payload: { productId: F.whey, variantId: F.chocolate, quantity: 1 },
    });
    expect(conflicting.statusCode).toBe(400);
    const [aCart, bCart] = await Promise.all([
      cartCall(t.app, 'GET', '/cart', a),
      cartCall(t.app, 'GET', '/cart', b),
    ]);
    expect(aCart.json().data.totals.itemCount).toBe(1);
    expect(bCart.json().data.totals.itemCount).toBe(1);
  });

  test('a malformed guest id → 400 naming where it was sent', async () => {
    const header = await t.app.inject({
      url: '/api/v1/cart',
      headers: { 'x-guest-cart-id': 'short' },
    });
    expect(header.statusCode).toBe(400);
    expect(header.json().errors[0].path).toBe('headers.x-guest-cart-id');
    const query = await t.app.inject({ url: '/api/v1/cart?guestCartId=not%20an%20id' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0].path).toBe('querystring.guestCartId');
  });

  test('an unknown guest id reads as an empty cart; adding with it gets a new server id', async () => {
    const madeUp = 'A'.repeat(43);
    const get = await cartCall(t.app, 'GET', '/cart', { guestCartId: madeUp });
    expect(get.json()).toEqual({ success: true, data: emptyCart });
    const res = await add({ guestCartId: madeUp }, F.chocolate);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.guestCartId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.json().data.guestCartId).not.toBe(madeUp);
  });

  test('a guest cart left unchanged for 30 days is forgotten', async () => {
    const guest = await newGuest();
    const old = new Date(Date.now() - (GUEST_CART_TTL_DAYS + 1) * 24 * 60 * 60 * 1000);
    await t.db
      .update(carts)
      .set({ updatedAt: old })
      .where(eq(carts.guestIdHash, hashToken(guest.guestCartId)));
    const res = await cartCall(t.app, 'GET', '/cart', guest);
    expect(res.json()).toEqual({ success: true, data: emptyCart });
    const fresh = await newGuest();
    expect(await sweepExpiredGuestCarts(t.db, true)).toBeGreaterThanOrEqual(1);
    const kept = await cartCall(t.app, 'GET', '/cart', fresh);
    expect(kept.json().data.items).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(carts)
      .where(eq(carts.guestIdHash, hashToken(guest.guestCartId)));
    expect(rows).toHaveLength(0);
  });

  test('adding the same variant again adds up on the same line', async () => {
    const guest = await newGuest();
    const res = await add(guest, F.chocolate, 3);
    const { items, totals } = res.json().data;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ itemId: guest.itemId, quantity: 4, lineTotal: 4 * 4999 });
    expect(totals.itemCount).toBe(4);
  });

  test('PATCH sets a line quantity and DELETE removes the line, each answering the cart', async () => {
    const guest = await newGuest();
    await add(guest, F.plenty, 2);
    const patched = await cartCall(t.app, 'PATCH', `/cart/items/${guest.itemId}`, guest, {
      quantity: 5,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.items.map((i: { quantity: number }) => i.quantity)).toEqual([5, 2]);
    expect(patched.json().data.totals.itemCount).toBe(7);
    expect(patched.json().data.guestCartId).toBe(guest.guestCartId);

    const deleted = await cartCall(t.app, 'DELETE', `/cart/items/${guest.itemId}`, guest);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.items).toHaveLength(1);
    expect(deleted.json().data.items[0].variantId).toBe(F.plenty);

    const again = await cartCall(t.app, 'DELETE', `/cart/items/${guest.itemId}`, guest);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'That item is not in your cart.',
    });
  });
});

test('a product of the seeded catalog goes into the cart at its current price', async () => {
  const [seeded] = await t.db
    .select({
      productId: products.id,
      name: products.name,
      slug: products.slug,
      variantId: variants.id,
      price: variants.price,
      sku: variants.sku,
      stock: variants.stock,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(eq(products.isActive, true), eq(variants.isActive, true), gt(variants.stock, 1)))
    .limit(1);
  if (!seeded) throw new Error('the seed has no product in stock');
  const res = await cartCall(
    t.app,
    'POST',
    '/cart/items',
    {},
    {
      productId: seeded.productId,
      variantId: seeded.variantId,
      quantity: 2,
    },
  );
  expect(res.statusCode).toBe(200);
  expect(res.json().data.items[0]).toMatchObject({
    name: seeded.name,
    slug: seeded.slug,
    sku: seeded.sku,
    unitPrice: seeded.price,
    lineTotal: 2 * seeded.price,
    stock: seeded.stock,
  });
});

describe('validation', () => {
  test.each([
    [{ variantId: F.chocolate, quantity: 1 }, 'body.productId', 'productId: is required'],
    [{ productId: F.whey, quantity: 1 }, 'body.variantId', 'variantId: is required'],
    [{ productId: F.whey, variantId: F.chocolate }, 'body.quantity', 'quantity: is required'],
    [
      { productId: F.whey, variantId: F.chocolate, quantity: 0 },
      'body.quantity',
      'quantity: must be at least 1',
    ],
    [
      { productId: F.whey, variantId: F.chocolate, quantity: 21 },
      'body.quantity',
      'quantity: must be at most 20',
    ],
    [
      { productId: F.whey, variantId: F.chocolate, quantity: 1.5 },
      'body.quantity',
      'quantity: must be a whole number',
    ],
    [
      { productId: F.whey, variantId: F.chocolate, quantity: '2' },
      'body.quantity',
      'quantity: must be a number',
    ],
    [
      { productId: '', variantId: F.chocolate, quantity: 1 },
      'body.productId',
      'productId: is required',
    ],
  ])('POST /cart/items %j → 400 at %s', async (payload, path, message) => {
    const res = await cartCall(t.app, 'POST', '/cart/items', {}, payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.message).toBe(message);
    expect(body.errors[0].path).toBe(path);
  });

  test('PATCH quantity outside 1–20 → 400', async () => {
    const guest = await newGuest();
    for (const [quantity, message] of [
      [0, 'quantity: must be at least 1'],
      [21, 'quantity: must be at most 20'],
    ] as const) {
      const res = await cartCall(t.app, 'PATCH', `/cart/items/${guest.itemId}`, guest, {
        quantity,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  test.each([
    ['an unknown product', 'prod_nope', F.chocolate, 'That product is not available.'],
    ['an inactive product', F.hidden, F.hiddenVariant, 'That product is not available.'],
    ['an unknown variant', F.whey, 'var_nope', 'That variant is not available.'],
    ['an inactive variant', F.whey, F.retired, 'That variant is not available.'],
    [
      "another product's variant",
      F.whey,
      F.plenty,
      'That variant does not belong to this product.',
    ],
  ])(
    '%s → 404 with a message, and no cart is made',
    async (_what, productId, variantId, message) => {
      const before = (await t.db.select().from(carts)).length;
      const res = await cartCall(
        t.app,
        'POST',
        '/cart/items',
        {},
        { productId, variantId, quantity: 1 },
      );
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 'not_found', message });
      expect((await t.db.select().from(carts)).length).toBe(before);
    },
  );

  test('over stock → 409 with the quantity still available, and nothing changes', async () => {
    const tooMany = await add({}, F.vanilla, 4);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({
      success: false,
      code: 'cart_over_stock',
      message: 'Only 3 of FX Gold Whey are in stock.',
      available: 3,
    });

    const guest = await newGuest();
    const two = await add(guest, F.vanilla, 2);
    expect(two.statusCode).toBe(200);
    const twoMore = await add(guest, F.vanilla, 2);
    expect(twoMore.statusCode).toBe(409);
    expect(twoMore.json()).toEqual({
      success: false,
      code: 'cart_over_stock',
      message: 'Only 3 of FX Gold Whey are in stock and 2 are already in your cart.',
      available: 1,
    });
    const vanillaLine = two
      .json()
      .data.items.find((i: { variantId: string }) => i.variantId === F.vanilla);
    const patch = await cartCall(t.app, 'PATCH', `/cart/items/${vanillaLine.itemId}`, guest, {
      quantity: 4,
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().available).toBe(3);
    const cart = await cartCall(t.app, 'GET', '/cart', guest);
    expect(cart.json().data.items.map((i: { quantity: number }) => i.quantity)).toEqual([1, 2]);
  });

  test('an out-of-stock variant → 409 with available 0', async () => {
    const res = await add({}, F.unflavored, 1);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'cart_over_stock',
      message: 'FX Creatine is out of stock.',
      available: 0,
    });
  });

  test('a line never goes above 20, however it is reached', async () => {
    const guest = await newGuest();
    expect((await add(guest, F.chocolate, 19)).statusCode).toBe(200);
    const res = await add(guest, F.chocolate, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'body.quantity',
        message: 'You can have at most 20 of one item in your cart; 20 are already there.',
      },
    ]);
  });

  test('the 20 limit counts what is already in the cart', async () => {
    const guest = await newGuest();
    const res = await add(guest, F.plenty, 15);
    expect(res.statusCode).toBe(200);
    const over = await add(guest, F.plenty, 6);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(
      'You can have at most 20 of one item in your cart; 15 are already there.',
    );
  });

  test('a state-changing call without JSON or the CSRF header is refused', async () => {
    const guest = await newGuest();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/cart/items/${guest.itemId}`,
      headers: { 'x-guest-cart-id': guest.guestCartId },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('signed-in shoppers', () => {
  test("a signed-in shopper's cart belongs to the account, never to a guest id", async () => {
    const shopper = await registerUser(t.app);
    const guest = await newGuest();
    const added = await add(
      { cookie: shopper.cookie, guestCartId: guest.guestCartId },
      F.plenty,
      2,
    );
    expect(added.statusCode).toBe(200);
    expect(added.json().data.guestCartId).toBeUndefined();
    expect(added.json().data.items.map((i: { variantId: string }) => i.variantId)).toEqual([
      F.plenty,
    ]);
    // The guest cart was neither read nor changed.
    const guestCart = await cartCall(t.app, 'GET', '/cart', guest);
    expect(guestCart.json().data.items.map((i: { variantId: string }) => i.variantId)).toEqual([
      F.chocolate,
    ]);
    const mine = await cartCall(t.app, 'GET', '/cart', { cookie: shopper.cookie });
    expect(mine.json().data.totals.itemCount).toBe(2);
    const [row] = await t.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    expect(row?.guestIdHash).toBeNull();
  });

  test("shopper B cannot read or change A's cart or lines by any id", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const aCart = await add({ cookie: a.cookie }, F.chocolate, 3);
    const aItem = aCart.json().data.items[0].itemId as string;
    const [aRow] = await t.db.select().from(carts).where(eq(carts.userId, a.user._id));

    const bRead = await cartCall(t.app, 'GET', '/cart', { cookie: b.cookie });
    expect(bRead.json().data).toEqual(emptyCart);

    const notFound = {
      success: false,
      code: 'not_found',
      message: 'That item is not in your cart.',
    };
    const patch = await cartCall(
      t.app,
      'PATCH',
      `/cart/items/${aItem}`,
      { cookie: b.cookie },
      {
        quantity: 1,
      },
    );
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual(notFound);
    const del = await cartCall(t.app, 'DELETE', `/cart/items/${aItem}`, { cookie: b.cookie });
    expect(del.statusCode).toBe(404);
    expect(del.json()).toEqual(notFound);
    // An id that never existed gets the very same answer: the 404 reveals nothing.
    const ghost = await cartCall(t.app, 'DELETE', '/cart/items/item_nope', { cookie: b.cookie });
    expect(ghost.json()).toEqual(notFound);

    // Nor through B having a cart of its own, nor by using A's cart row id as a guest id.
    await add({ cookie: b.cookie }, F.plenty, 1);
    const patchAgain = await cartCall(
      t.app,
      'PATCH',
      `/cart/items/${aItem}`,
      { cookie: b.cookie },
      {
        quantity: 1,
      },
    );
    expect(patchAgain.statusCode).toBe(404);
    const byCartId = await t.app.inject({
      url: `/api/v1/cart?guestCartId=${aRow?.id.padEnd(43, 'x')}`,
    });
    expect(byCartId.json().data?.items ?? []).toEqual([]);

    const aAfter = await cartCall(t.app, 'GET', '/cart', { cookie: a.cookie });
    expect(aAfter.json().data.items).toMatchObject([{ itemId: aItem, quantity: 3 }]);
  });

  test("a guest cannot reach a signed-in shopper's lines, nor a shopper a guest's", async () => {
    const shopper = await registerUser(t.app);
    const own = await add({ cookie: shopper.cookie }, F.chocolate, 1);
    const shopperItem = own.json().data.items[0].itemId as string;
    const guest = await newGuest();

    const guestPatch = await cartCall(t.app, 'PATCH', `/cart/items/${shopperItem}`, guest, {
      quantity: 2,
    });
    expect(guestPatch.statusCode).toBe(404);
    const anonDelete = await cartCall(t.app, 'DELETE', `/cart/items/${shopperItem}`);
    expect(anonDelete.statusCode).toBe(404);
    const shopperDelete = await cartCall(t.app, 'DELETE', `/cart/items/${guest.itemId}`, {
      cookie: shopper.cookie,
    });
    expect(shopperDelete.statusCode).toBe(404);
    const otherGuest = await newGuest();
    const guestDelete = await cartCall(t.app, 'DELETE', `/cart/items/${guest.itemId}`, otherGuest);
    expect(guestDelete.statusCode).toBe(404);

    const lines = await t.db.select().from(cartItems).where(eq(cartItems.id, shopperItem));
    expect(lines[0]?.quantity).toBe(1);
    expect((await cartCall(t.app, 'GET', '/cart', guest)).json().data.items).toHaveLength(1);
  });
});

test('a line whose variant is withdrawn drops out of the cart and its totals', async () => {
  const guest = await newGuest();
  const added = await add(guest, F.plenty, 2);
  const plentyLine = added
    .json()
    .data.items.find((i: { variantId: string }) => i.variantId === F.plenty);
  await t.db.update(variants).set({ isActive: false }).where(eq(variants.id, F.plenty));
  try {
    const res = await cartCall(t.app, 'GET', '/cart', guest);
    expect(res.json().data.items.map((i: { variantId: string }) => i.variantId)).toEqual([
      F.chocolate,
    ]);
    expect(res.json().data.totals).toMatchObject({ itemCount: 1, subtotal: 4999 });
    const patch = await cartCall(t.app, 'PATCH', `/cart/items/${plentyLine.itemId}`, guest, {
      quantity: 1,
    });
    expect(patch.statusCode).toBe(404);
  } finally {
    await t.db.update(variants).set({ isActive: true }).where(eq(variants.id, F.plenty));
  }
});

describe('mass assignment', () => {
  test('client-sent prices, totals and ids are ignored', async () => {
    const res = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      {},
      {
        productId: F.whey,
        variantId: F.chocolate,
        quantity: 1,
        unitPrice: 1,
        price: 1,
        lineTotal: 1,
        total: 1,
        itemId: 'item_mine',
        cartId: 'cart_mine',
        guestCartId: 'A'.repeat(43),
      },
    );
    expect(res.statusCode).toBe(200);
    const { items, totals, guestCartId } = res.json().data;
    expect(items[0]).toMatchObject({ unitPrice: 4999, lineTotal: 4999 });
    expect(items[0].itemId).not.toBe('item_mine');
    expect(guestCartId).not.toBe('A'.repeat(43));
    expect(totals).toMatchObject({ subtotal: 4999, total: 4999 + 999 });

    const patched = await cartCall(
      t.app,
      'PATCH',
      `/cart/items/${items[0].itemId}`,
      { guestCartId },
      {
        quantity: 2,
        unitPrice: 1,
        totals: { total: 0 },
      },
    );
    expect(patched.json().data.items[0]).toMatchObject({ unitPrice: 4999, lineTotal: 9998 });
    expect(patched.json().data.totals.total).toBe(9998);

    const discounted = await cartCall(
      t.app,
      'POST',
      '/cart/discount',
      { guestCartId },
      {
        code: (await issueCouponCode(t.db, { email: 'mass@example.com', name: 'M' })).code,
        percentOff: 100,
        discount: 9998,
      },
    );
    expect(discounted.json().data.discount.percentOff).toBe(10);
    expect(discounted.json().data.totals.discount).toBe(1000);
  });

  test('prices always come from the current variant', async () => {
    const guest = await newGuest();
    await t.db.update(variants).set({ price: 5199 }).where(eq(variants.id, F.chocolate));
    try {
      const res = await cartCall(t.app, 'GET', '/cart', guest);
      expect(res.json().data.items[0]).toMatchObject({ unitPrice: 5199, lineTotal: 5199 });
      expect(res.json().data.totals.subtotal).toBe(5199);
    } finally {
      await t.db.update(variants).set({ price: 4999 }).where(eq(variants.id, F.chocolate));
    }
  });
});

describe('totals', () => {
  test('shipping is 999 below a 9900 subtotal and free from it', async () => {
    const guest = await newGuest();
    const one = await cartCall(t.app, 'GET', '/cart', guest);
    expect(one.json().data.totals).toEqual({
      itemCount: 1,
      subtotal: 4999,
      discount: 0,
      shipping: 999,
      total: 5998,
    });
    // 4999 + 4 × 1000 = 8999 < 9900; then + 1000 = 9999 ≥ 9900.
    const below = await add(guest, F.plenty, 4);
    expect(below.json().data.totals).toMatchObject({ subtotal: 8999, shipping: 999, total: 9998 });
    const free = await add(guest, F.plenty, 1);
    expect(free.json().data.totals).toMatchObject({
      itemCount: 6,
      subtotal: 9999,
      shipping: 0,
      total: 9999,
    });
  });

  test('exactly 9900 ships free', async () => {
    const guest = await newGuest();
    await cartCall(t.app, 'DELETE', `/cart/items/${guest.itemId}`, guest);
    await add(guest, F.plenty, 9);
    const res = await add(guest, F.vanilla, 1);
    // 9 × 1000 + 2999 = 11999; remove to land on 9900 exactly.
    expect(res.json().data.totals.subtotal).toBe(11999);
    const lines = res.json().data.items as { itemId: string; variantId: string }[];
    const vanilla = lines.find((l) => l.variantId === F.vanilla);
    await cartCall(t.app, 'DELETE', `/cart/items/${vanilla?.itemId}`, guest);
    const plenty = lines.find((l) => l.variantId === F.plenty);
    await cartCall(t.app, 'PATCH', `/cart/items/${plenty?.itemId}`, guest, { quantity: 9 });
    await t.db.update(variants).set({ price: 1100 }).where(eq(variants.id, F.plenty));
    try {
      const exact = await cartCall(t.app, 'GET', '/cart', guest);
      expect(exact.json().data.totals).toMatchObject({ subtotal: 9900, shipping: 0, total: 9900 });
    } finally {
      await t.db.update(variants).set({ price: 1000 }).where(eq(variants.id, F.plenty));
    }
  });
});

describe('discount codes on the cart', () => {
  test('apply shows the discount in the totals; remove takes it away', async () => {
    const guest = await newGuest();
    const { code } = await issueCouponCode(t.db, { email: 'apply@example.com', name: 'Apply' });
    const applied = await cartCall(t.app, 'POST', '/cart/discount', guest, {
      code: ` ${code.toLowerCase()} `,
    });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.discount).toEqual({ code, percentOff: 10 });
    // 4999 × 10 % = 499.9 → 500.
    expect(applied.json().data.totals).toEqual({
      itemCount: 1,
      subtotal: 4999,
      discount: 500,
      shipping: 999,
      total: 4999 - 500 + 999,
    });
    // Free shipping counts the goods after the discount: 99.98 − 10.00 = 89.98 still pays it.
    const more = await add(guest, F.chocolate, 1);
    expect(more.json().data.totals).toEqual({
      itemCount: 2,
      subtotal: 9998,
      discount: 1000,
      shipping: 999,
      total: 8998 + 999,
    });
    const three = await add(guest, F.chocolate, 1);
    expect(three.json().data.totals).toMatchObject({
      subtotal: 14997,
      discount: 1500,
      shipping: 0,
    });

    const removed = await cartCall(t.app, 'DELETE', '/cart/discount', guest);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.discount).toBeNull();
    expect(removed.json().data.totals).toMatchObject({ discount: 0, total: 14997 });
  });

  test('unknown, expired and already-used codes each get their own message', async () => {
    const guest = await newGuest();
    const unknown = await cartCall(t.app, 'POST', '/cart/discount', guest, {
      code: 'FORGE-ZZZZ-ZZZZ',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      success: false,
      code: 'discount_unknown',
      message: 'That discount code does not exist. Check the code and try again.',
      reason: 'unknown',
    });

    const old = await issueCouponCode(t.db, { email: 'expired@example.com', name: 'Old' });
    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(discountCodes.id, old.id));
    const expired = await cartCall(t.app, 'POST', '/cart/discount', guest, { code: old.code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      success: false,
      code: 'discount_expired',
      message: 'That discount code has expired.',
      reason: 'expired',
    });

    const spent = await issueCouponCode(t.db, { email: 'spent@example.com', name: 'Spent' });
    await t.db
      .update(discountCodes)
      .set({ usedAt: new Date() })
      .where(eq(discountCodes.id, spent.id));
    const used = await cartCall(t.app, 'POST', '/cart/discount', guest, { code: spent.code });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      success: false,
      code: 'discount_used',
      message: 'That discount code has already been used.',
      reason: 'used',
    });

    const cart = await cartCall(t.app, 'GET', '/cart', guest);
    expect(cart.json().data.discount).toBeNull();
  });

  test('a code that expires or gets used after it was applied stops counting', async () => {
    const shopper = await registerUser(t.app);
    await add({ cookie: shopper.cookie }, F.chocolate, 1);
    const issued = await issueCouponCode(t.db, { email: 'later@example.com', name: 'Later' });
    const applied = await cartCall(
      t.app,
      'POST',
      '/cart/discount',
      { cookie: shopper.cookie },
      {
        code: issued.code,
      },
    );
    expect(applied.json().data.totals.discount).toBe(500);
    await t.db
      .update(discountCodes)
      .set({ usedAt: new Date() })
      .where(eq(discountCodes.id, issued.id));
    const after = await cartCall(t.app, 'GET', '/cart', { cookie: shopper.cookie });
    expect(after.json().data.discount).toBeNull();
    expect(after.json().data.totals).toMatchObject({ discount: 0, total: 4999 + 999 });
  });

  test('an empty code → 400 naming the field', async () => {
    const res = await cartCall(t.app, 'POST', '/cart/discount', {}, { code: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('code: Enter a discount code');
    expect(res.json().errors[0].path).toBe('body.code');
  });

  test('a guest may apply a code before adding anything: the cart is made then', async () => {
    const { code } = await issueCouponCode(t.db, { email: 'early@example.com', name: 'Early' });
    const res = await cartCall(t.app, 'POST', '/cart/discount', {}, { code });
    expect(res.statusCode).toBe(200);
    const { guestCartId, discount, totals } = res.json().data;
    expect(guestCartId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(discount).toEqual({ code, percentOff: 10 });
    expect(totals).toEqual({ itemCount: 0, subtotal: 0, discount: 0, shipping: 0, total: 0 });
    const later = await add({ guestCartId }, F.chocolate, 1);
    expect(later.json().data.totals.discount).toBe(500);
  });

  test('removing a discount when there is no cart answers the empty cart', async () => {
    const res = await cartCall(t.app, 'DELETE', '/cart/discount');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(emptyCart);
  });
});

test('the cart calls are in the OpenAPI document', async () => {
  const doc = (await t.app.inject('/api/v1/openapi.json')).json();
  expect(Object.keys(doc.paths)).toEqual(
    expect.arrayContaining([
      '/api/v1/cart',
      '/api/v1/cart/items',
      '/api/v1/cart/items/{itemId}',
      '/api/v1/cart/merge',
      '/api/v1/cart/discount',
    ]),
  );
});
