/**
 * Checkout and the shopper's orders through the API, for the rules of the order service that
 * checkout.test.ts leaves out: what a quote and an order copy of each line, which discount code
 * counts, what placement writes (the pay-by time, the billing address, the timeline, the client
 * address, the code redeemed and taken off the cart), a code used by another order meanwhile,
 * every short line named, who may see an order, its shipment, the order list's images and pages,
 * and how buying again fills the cart.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Order } from '../../contract/orders.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { cartItems, carts } from '../../server/modules/cart/tables.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { orderItems, orders } from '../../server/modules/orders/tables.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import {
  TORONTO,
  addressIn,
  addressOf,
  placeOrderCall,
  shopperWithCart,
} from './checkout-fixtures.ts';

const WINDOW_MS = 45 * 60_000;
/** A product of this file alone: five sizes, each with plenty of stock. */
const SIZES = ['100 g', '200 g', '300 g', '400 g', '500 g'].map((size, i) => ({
  id: `var_os_${i}`,
  size,
}));
const MULTI = 'prod_os_multi';

let t: TestApp;
let staff: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await insertCartCatalog(database.db);
      await database.db.insert(products).values({
        id: MULTI,
        slug: 'os-multi',
        name: 'OS Multi',
        brandId: 'brand_fx',
        images: ['/api/v1/images/os-multi.webp'],
      });
      await database.db.insert(variants).values(
        SIZES.map(({ id, size }, i) => ({
          id,
          productId: MULTI,
          flavorId: 'flv_fx_plain',
          size,
          sku: `OS-MULTI-${i}`,
          price: 500,
          stock: 100,
        })),
      );
    },
    env: {
      ORDER_PAYMENT_WINDOW_MS: String(WINDOW_MS),
      ORDER_JOBS_INTERVAL_MS: '0',
      MAIL_POLL_INTERVAL_MS: '0',
    },
  });
  staff = await registerUser(t.app, { name: 'Staff' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
});
afterAll(() => t.close());

const chocolate = (quantity = 1) => ({ productId: F.whey, variantId: F.chocolate, quantity });
const vanilla = (quantity = 1) => ({ productId: F.whey, variantId: F.vanilla, quantity });
const plenty = (quantity = 1) => ({ productId: F.creatine, variantId: F.plenty, quantity });
const standard = { shippingAddress: TORONTO, shippingMethod: 'standard' } as const;

const CHOCOLATE_LINE = {
  productId: F.whey,
  variantId: F.chocolate,
  name: 'FX Gold Whey',
  slug: 'fx-gold-whey',
  image: '/api/v1/images/whey-1.webp',
  brand: 'FX Labs',
  flavor: 'Chocolate',
  size: '2 lb',
  sku: 'FX-WHEY-CHOC-2',
  unitPrice: 4999,
};
const PLENTY_LINE = {
  productId: F.creatine,
  variantId: F.plenty,
  name: 'FX Creatine',
  slug: 'fx-creatine',
  image: null,
  brand: 'FX Labs',
  flavor: 'Unflavored',
  size: '1 kg',
  sku: 'FX-CREA-1000',
  unitPrice: 1000,
};

async function setStock(variantId: string, stock: number) {
  await t.db.update(variants).set({ stock }).where(eq(variants.id, variantId));
}

async function placed(shopper: SignedIn, body: object = standard): Promise<Order> {
  const res = await placeOrderCall(t.app, shopper, body as never);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.order;
}

async function getOrder(caller: SignedIn, orderId: string): Promise<Order> {
  const res = await cartCall(t.app, 'GET', `/orders/${orderId}`, caller);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function applyCode(shopper: SignedIn) {
  const coupon = await issueCouponCode(t.db, { email: `os-${Date.now()}@example.com`, name: 'O' });
  const res = await cartCall(t.app, 'POST', '/cart/discount', shopper, { code: coupon.code });
  expect(res.statusCode, res.body).toBe(200);
  return coupon;
}

const cartCode = async (shopper: SignedIn) =>
  (await t.db.select().from(carts).where(eq(carts.userId, shopper.user._id)))[0]!.discountCodeId;

describe('a quote', () => {
  test('names each line as the catalog does, at its price times its quantity', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate(2), plenty(3)]);
    const res = await cartCall(t.app, 'POST', '/checkout/quote', shopper, standard);
    expect(res.statusCode, res.body).toBe(200);
    const quote = res.json().data;
    expect(quote.lines).toEqual([
      { ...CHOCOLATE_LINE, quantity: 2, lineTotal: 9998 },
      { ...PLENTY_LINE, quantity: 3, lineTotal: 3000 },
    ]);
    expect(quote.discount).toBeNull();
    expect(quote.shippingMethod).toBe('standard');
    expect(quote.totals).toMatchObject({ itemCount: 5, subtotal: 12998, discount: 0 });
  });

  test('without a cart, or with an empty one, there is nothing to quote or place: a 409 saying so', async () => {
    const never = await registerUser(t.app);
    const emptied = await shopperWithCart(t.app, [plenty()]);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, emptied.user._id));
    await t.db.delete(cartItems).where(eq(cartItems.cartId, cart!.id));
    for (const shopper of [never, emptied]) {
      for (const res of [
        await cartCall(t.app, 'POST', '/checkout/quote', shopper, standard),
        await placeOrderCall(t.app, shopper, standard),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json()).toMatchObject({
          code: 'cart_empty',
          message: 'Your cart is empty. Add something to it before checking out.',
        });
      }
    }
  });

  test('a code that has expired, or that another order used, takes nothing off', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2)]);
    const { id } = await applyCode(shopper);
    const live = (await cartCall(t.app, 'POST', '/checkout/quote', shopper, standard)).json().data;
    expect(live.totals.discount).toBe(200);

    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(discountCodes.id, id));
    const expired = await cartCall(t.app, 'POST', '/checkout/quote', shopper, standard);
    expect(expired.json().data).toMatchObject({ discount: null, totals: { discount: 0 } });

    await t.db
      .update(discountCodes)
      .set({ expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date() })
      .where(eq(discountCodes.id, id));
    const used = await cartCall(t.app, 'POST', '/checkout/quote', shopper, standard);
    expect(used.json().data).toMatchObject({ discount: null, totals: { discount: 0 } });
  });

  test("a saved address of the shopper's own is quoted by its id, and taxed for it", async () => {
    const shopper = await shopperWithCart(t.app, [plenty()]);
    const saved = await cartCall(
      t.app,
      'POST',
      '/user/addresses',
      shopper,
      addressIn('QC', 'H3B 1K9'),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const addressId = saved.json().data.id as string;
    const res = await cartCall(t.app, 'POST', '/checkout/quote', shopper, {
      addressId,
      shippingMethod: 'standard',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.shippingAddress).toMatchObject({
      province: 'QC',
      postalCode: 'H3B 1K9',
    });
    expect(res.json().data.totals.taxes.map((tax: { name: string }) => tax.name)).toEqual([
      'GST',
      'QST',
    ]);
  });
});

describe('placing an order', () => {
  test('records the lines, the addresses, the pay-by time, who placed it and from where', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate(2), plenty(3)]);
    const order = await placed(shopper);
    expect(order.lines).toEqual([
      { ...CHOCOLATE_LINE, quantity: 2, lineTotal: 9998 },
      { ...PLENTY_LINE, quantity: 3, lineTotal: 3000 },
    ]);
    // No billing address given: it is the shipping address.
    expect(order.billingAddress).toEqual(order.shippingAddress);
    expect(order.email).toBe(shopper.user.email);
    expect(Date.parse(order.payBy!) - Date.parse(order.createdAt)).toBe(WINDOW_MS);
    expect(order.events.map(({ at: _at, ...event }) => event)).toEqual([
      { type: 'placed', status: 'pending_payment', note: null, actor: 'shopper' },
    ]);
    expect(order).toMatchObject({ discount: null, shipment: null, canCancel: true });
    expect(order.payment).toMatchObject({ amount: order.totals.total, provider: 'test' });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ userId: shopper.user._id, placedFrom: addressOf(shopper) });
    const addresses = await cartCall(t.app, 'GET', '/user/addresses', shopper);
    expect(addresses.json().data).toEqual([]);
  });

  test('a code on the cart is redeemed, recorded on the order and taken off the cart', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2)]);
    const { code, id } = await applyCode(shopper);
    const order = await placed(shopper);
    expect(order.discount).toEqual({ code, percentOff: 10 });
    expect(order.totals.discount).toBe(200);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ discountCodeId: id, discountCode: code, percentOff: 10 });
    const [redeemed] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, id));
    expect(redeemed!.usedAt).not.toBeNull();
    expect(await cartCode(shopper)).toBeNull();
  });

  test('a code another order used meanwhile is refused, taken off, and the next try goes without', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2)]);
    const { id } = await applyCode(shopper);
    await t.db.update(discountCodes).set({ usedAt: new Date() }).where(eq(discountCodes.id, id));
    const refused = await placeOrderCall(t.app, shopper, standard);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'discount_used',
      message:
        'Your discount code has just been used on another order, so it was taken off your cart. Check the new total and place your order again.',
    });
    expect(await cartCode(shopper)).toBeNull();
    expect(await t.db.select().from(orders).where(eq(orders.userId, shopper.user._id))).toEqual([]);
    const order = await placed(shopper);
    expect(order.discount).toBeNull();
    expect(order.lines.map((line) => line.quantity)).toEqual([2]);
  });

  test('every line short of stock is named: sold out, or how many are left', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate(3), vanilla(2), plenty()]);
    await setStock(F.chocolate, 2);
    await setStock(F.vanilla, 0);
    try {
      const res = await placeOrderCall(t.app, shopper, standard);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('out_of_stock');
      expect(res.json().message).toBe(
        'Some items in your cart are no longer in stock as ordered. FX Gold Whey (Chocolate, 2 lb): only 2 left; FX Gold Whey (Vanilla, 2 lb): sold out.',
      );
      expect(res.json().lines).toEqual([
        {
          variantId: F.chocolate,
          name: 'FX Gold Whey (Chocolate, 2 lb)',
          requested: 3,
          available: 2,
        },
        { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', requested: 2, available: 0 },
      ]);
    } finally {
      await setStock(F.chocolate, 50);
      await setStock(F.vanilla, 3);
    }
  });
});

describe('who sees an order, and what it shows', () => {
  test('staff see any order; another shopper gets a 404', async () => {
    const owner = await shopperWithCart(t.app, [plenty()]);
    const order = await placed(owner);
    expect((await getOrder(staff, order.id)).id).toBe(order.id);
    const stranger = await registerUser(t.app);
    const res = await cartCall(t.app, 'GET', `/orders/${order.id}`, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('That order does not exist.');
  });

  test('the shipment shows once both the carrier and the tracking number are known', async () => {
    const owner = await shopperWithCart(t.app, [plenty()]);
    const { id } = await placed(owner);
    await t.db
      .update(orders)
      .set({ status: 'shipped', payBy: null, carrier: 'Canada Post' })
      .where(eq(orders.id, id));
    expect(await getOrder(owner, id)).toMatchObject({ shipment: null, canCancel: false });
    await t.db
      .update(orders)
      .set({ carrier: null, trackingNumber: '7023 4567 8901' })
      .where(eq(orders.id, id));
    expect((await getOrder(owner, id)).shipment).toBeNull();
    await t.db.update(orders).set({ carrier: 'Canada Post' }).where(eq(orders.id, id));
    expect((await getOrder(owner, id)).shipment).toEqual({
      carrier: 'Canada Post',
      trackingNumber: '7023 4567 8901',
    });
  });

  test('an order without a payment row shows none', async () => {
    const owner = await shopperWithCart(t.app, [plenty()]);
    const { id } = await placed(owner);
    await t.db.delete(payments).where(eq(payments.orderId, id));
    expect((await getOrder(owner, id)).payment).toBeNull();
  });
});

describe("the shopper's order list", () => {
  test('each order with its number, status, item count, total and up to four images', async () => {
    const shopper = await shopperWithCart(t.app, [
      chocolate(),
      plenty(),
      ...SIZES.map(({ id }) => ({ productId: MULTI, variantId: id, quantity: 1 })),
    ]);
    const order = await placed(shopper);
    // Each line its own picture, the creatine none: the first four pictures in line order.
    for (const [position, image] of ['a', null, 'b', 'c', 'd', 'e', 'f'].entries()) {
      await t.db
        .update(orderItems)
        .set({ image: image && `/api/v1/images/${image}.webp` })
        .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, position)));
    }
    const res = await cartCall(t.app, 'GET', '/orders/my', shopper);
    expect(res.json().data).toEqual({
      items: [
        {
          id: order.id,
          number: order.number,
          status: 'pending_payment',
          createdAt: order.createdAt,
          itemCount: 7,
          total: order.totals.total,
          images: ['a', 'b', 'c', 'd'].map((image) => `/api/v1/images/${image}.webp`),
        },
      ],
      page: 1,
      limit: 10,
      total: 1,
      totalPages: 1,
    });
  });

  test('no orders: one empty page; orders of one moment come newest number first', async () => {
    const shopper = await registerUser(t.app);
    expect(
      (await cartCall(t.app, 'GET', '/orders/my?page=1&limit=2', shopper)).json().data,
    ).toEqual({ items: [], page: 1, limit: 2, total: 0, totalPages: 1 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await cartCall(t.app, 'POST', '/cart/items', shopper, plenty());
      ids.push((await placed(shopper)).id);
    }
    await t.db
      .update(orders)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(orders.userId, shopper.user._id));
    const page = await cartCall(t.app, 'GET', '/orders/my?page=2&limit=2', shopper);
    expect(page.json().data).toMatchObject({ total: 3, totalPages: 2 });
    expect(page.json().data.items.map((item: { id: string }) => item.id)).toEqual([ids[0]]);
    const first = await cartCall(t.app, 'GET', '/orders/my?page=1&limit=3', shopper);
    expect(first.json().data.items.map((item: { id: string }) => item.id)).toEqual(
      [...ids].reverse(),
    );
    expect(first.json().data.totalPages).toBe(1);
  });
});

describe('buying again', () => {
  test('a line no longer sold is skipped: its variant or product retired, or deleted', async () => {
    const shopper = await shopperWithCart(t.app, [
      { productId: MULTI, variantId: SIZES[0]!.id, quantity: 1 },
      { productId: MULTI, variantId: SIZES[1]!.id, quantity: 1 },
      plenty(),
    ]);
    const order = await placed(shopper);
    await t.db.update(variants).set({ isActive: false }).where(eq(variants.id, SIZES[0]!.id));
    await t.db.delete(variants).where(eq(variants.id, SIZES[1]!.id));
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, F.creatine));
    try {
      const shown = await getOrder(shopper, order.id);
      // A deleted variant's line still shows, without ids.
      expect(shown.lines[1]).toMatchObject({ variantId: '', name: 'OS Multi', size: '200 g' });
      const res = await cartCall(t.app, 'POST', `/orders/${order.id}/reorder`, shopper);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        added: [],
        skipped: [
          {
            variantId: SIZES[0]!.id,
            name: 'OS Multi (Unflavored, 100 g)',
            reason: 'no longer sold',
          },
          { variantId: '', name: 'OS Multi (Unflavored, 200 g)', reason: 'no longer sold' },
          { variantId: F.plenty, name: 'FX Creatine (Unflavored, 1 kg)', reason: 'no longer sold' },
        ],
      });
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, F.creatine));
    }
  });

  test('each line up to what stock and the line limit allow, less what the cart holds', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate(15), vanilla(3), plenty(5)]);
    const order = await placed(shopper);
    // The cart holds 10 chocolate already; 3 vanilla are ordered, 1 is left; 5 creatine fit.
    await cartCall(t.app, 'POST', '/cart/items', shopper, chocolate(10));
    await setStock(F.vanilla, 1);
    try {
      const res = await cartCall(t.app, 'POST', `/orders/${order.id}/reorder`, shopper);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        added: [
          { variantId: F.chocolate, name: 'FX Gold Whey (Chocolate, 2 lb)', quantity: 10 },
          { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', quantity: 1 },
          { variantId: F.plenty, name: 'FX Creatine (Unflavored, 1 kg)', quantity: 5 },
        ],
        skipped: [
          {
            variantId: F.chocolate,
            name: 'FX Gold Whey (Chocolate, 2 lb)',
            reason: 'only 10 added',
          },
          { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', reason: 'only 1 added' },
        ],
      });
      const cart = await cartCall(t.app, 'GET', '/cart', shopper);
      expect(
        cart
          .json()
          .data.items.map((item: { variantId: string; quantity: number }) => [
            item.variantId,
            item.quantity,
          ]),
      ).toEqual([
        [F.chocolate, 20],
        [F.vanilla, 1],
        [F.plenty, 5],
      ]);

      // Again: the cart holds as many as can be bought of each.
      await setStock(F.plenty, 5);
      const again = await cartCall(t.app, 'POST', `/orders/${order.id}/reorder`, shopper);
      expect(again.json().data).toEqual({
        added: [],
        skipped: [
          {
            variantId: F.chocolate,
            name: 'FX Gold Whey (Chocolate, 2 lb)',
            reason: 'your cart already holds as many as can be bought',
          },
          {
            variantId: F.vanilla,
            name: 'FX Gold Whey (Vanilla, 2 lb)',
            reason: 'your cart already holds as many as can be bought',
          },
          {
            variantId: F.plenty,
            name: 'FX Creatine (Unflavored, 1 kg)',
            reason: 'your cart already holds as many as can be bought',
          },
        ],
      });
    } finally {
      await setStock(F.vanilla, 3);
      await setStock(F.plenty, 500);
    }
  });
});
