/**
 * The express checkout of a wallet (Apple Pay, Google Pay, Link) as the Express Checkout Element
 * drives it, against the real Stripe SDK talking to the local stand-in: the sheet shares only a
 * region at first, so quotes are priced for a province and priced again when it changes; a
 * product page buys its one line without touching the cart; the order is placed with its own
 * Idempotency-Key (a guest session made from the wallet's e-mail when signed out) and is paid
 * only when Stripe's signed webhook says so.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { computeOrderTotals, type Quote } from '../../contract/orders.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { randomAddress, registerUser, sessionCookie, uniqueEmail } from '../helpers/auth.ts';
import { readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';
import { TORONTO, addressIn, newCheckoutKey, placeOrderCall } from './checkout-fixtures.ts';

let s: StripeTestApp;

beforeAll(async () => {
  s = await createStripeTestApp({}, (database) => insertCartCatalog(database.db));
});
afterAll(() => s?.close());

const TWO_CHOCOLATE = { productId: F.whey, variantId: F.chocolate, quantity: 2 };
const CHOCOLATE_PRICE = 4999;

const quote = (caller: Caller, body: object) =>
  cartCall(s.app, 'POST', '/checkout/quote', caller, body);

async function quoted(caller: Caller, body: object): Promise<Quote> {
  const res = await quote(caller, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Quote;
}

async function stockOf(variantId: string) {
  const [row] = await s.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.stock;
}

/** A signed-out shopper's guest cart holding one vanilla. */
async function guestCartWithVanilla(): Promise<Caller> {
  const res = await cartCall(
    s.app,
    'POST',
    '/cart/items',
    {},
    {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 1,
    },
  );
  expect(res.statusCode).toBe(200);
  return { guestCartId: res.json().data.guestCartId as string };
}

/** What the wallet's confirm step does when signed out: a guest session for the payer's e-mail. */
async function guestSessionFromWallet(guestCartId: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/guest',
    payload: { email: uniqueEmail('wallet'), name: 'Maya Chen', guestCartId },
    remoteAddress: randomAddress(),
  });
  expect(res.statusCode).toBe(201);
  return { cookie: sessionCookie(res)! };
}

/** The browser confirms through Stripe.js, then Stripe posts its signed event. */
async function payAndConfirm(orderId: string) {
  const [payment] = await s.db.select().from(payments).where(eq(payments.orderId, orderId));
  await s.pay(payment!.reference!);
  const res = await s.deliver(s.intentEvent('payment_intent.succeeded', payment!.reference!));
  expect(res.statusCode).toBe(200);
}

describe('POST /checkout/quote for a wallet', () => {
  test('prices a buy-now line for a province alone, signed out, and again when it changes', async () => {
    const ontario = await quoted(
      {},
      { buyNow: TWO_CHOCOLATE, shippingProvince: 'on', shippingMethod: 'standard' },
    );
    expect(ontario).toMatchObject({
      shippingAddress: null,
      province: 'ON',
      discount: null,
      lines: [{ variantId: F.chocolate, quantity: 2, unitPrice: CHOCOLATE_PRICE, lineTotal: 9998 }],
    });
    expect(ontario.totals.taxes.map((tax) => tax.name)).toEqual(['HST']);

    const quebec = await quoted(
      {},
      { buyNow: TWO_CHOCOLATE, shippingProvince: 'QC', shippingMethod: 'standard' },
    );
    const alberta = await quoted(
      {},
      { buyNow: TWO_CHOCOLATE, shippingProvince: 'AB', shippingMethod: 'express' },
    );
    expect(quebec.totals.taxes.map((tax) => tax.name)).toEqual(['GST', 'QST']);
    expect(alberta.totals).toMatchObject({ subtotal: 9998, shipping: 1999 });
    expect(alberta.totals.taxes).toEqual([{ name: 'GST', rate: 5, amount: 600 }]);
    for (const [province, method, answer] of [
      ['ON', 'standard', ontario],
      ['QC', 'standard', quebec],
      ['AB', 'express', alberta],
    ] as const) {
      expect(answer.totals).toEqual(
        computeOrderTotals({
          lines: [{ unitPrice: CHOCOLATE_PRICE, quantity: 2 }],
          percentOff: 0,
          shippingMethod: method,
          province,
        }),
      );
    }
    expect(new Set([ontario, quebec, alberta].map((q) => q.totals.total)).size).toBe(3);
  });

  test("prices a signed-out shopper's guest cart, as the cart's wallet button does", async () => {
    const caller = await guestCartWithVanilla();
    const answer = await quoted(caller, { shippingProvince: 'MB', shippingMethod: 'standard' });
    expect(answer.lines).toEqual([expect.objectContaining({ variantId: F.vanilla, quantity: 1 })]);
    expect(answer.province).toBe('MB');
  });

  test('without a session, a guest cart or a buy-now line there is nothing to price: 401', async () => {
    const res = await quote({}, { shippingProvince: 'ON', shippingMethod: 'standard' });
    expect(res.statusCode).toBe(401);
    const saved = await quote(
      {},
      { buyNow: TWO_CHOCOLATE, addressId: 'addr_x', shippingMethod: 'standard' },
    );
    expect(saved.statusCode).toBe(401);
  });

  test('refuses bad input with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [
        { buyNow: TWO_CHOCOLATE, shippingProvince: 'XX', shippingMethod: 'standard' },
        'body.shippingProvince',
      ],
      [
        {
          buyNow: { ...TWO_CHOCOLATE, quantity: 0 },
          shippingProvince: 'ON',
          shippingMethod: 'standard',
        },
        'body.buyNow.quantity',
      ],
      [
        {
          buyNow: { ...TWO_CHOCOLATE, variantId: 'var_nope' },
          shippingProvince: 'ON',
          shippingMethod: 'standard',
        },
        'body.buyNow.variantId',
      ],
      // A variant of another product, an inactive variant and a hidden product are not for sale.
      [
        {
          buyNow: { ...TWO_CHOCOLATE, productId: F.creatine },
          shippingProvince: 'ON',
          shippingMethod: 'standard',
        },
        'body.buyNow.variantId',
      ],
      [
        {
          buyNow: { ...TWO_CHOCOLATE, variantId: F.retired },
          shippingProvince: 'ON',
          shippingMethod: 'standard',
        },
        'body.buyNow.variantId',
      ],
      [
        {
          buyNow: { productId: F.hidden, variantId: F.hiddenVariant, quantity: 1 },
          shippingProvince: 'ON',
          shippingMethod: 'standard',
        },
        'body.buyNow.variantId',
      ],
      [
        {
          buyNow: TWO_CHOCOLATE,
          shippingProvince: 'ON',
          shippingAddress: TORONTO,
          shippingMethod: 'standard',
        },
        'body.shippingAddress',
      ],
      [{ buyNow: TWO_CHOCOLATE, shippingMethod: 'standard' }, 'body.shippingAddress'],
    ];
    for (const [payload, path] of cases) {
      const res = await quote({}, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        JSON.stringify(payload),
      ).toContain(path);
    }
  });
});

describe('POST /orders from a wallet', () => {
  test('a province alone never places an order: the full address is required', async () => {
    const shopper = await registerUser(s.app);
    const res = await placeOrderCall(s.app, shopper, {
      buyNow: TWO_CHOCOLATE,
      shippingProvince: 'ON',
      shippingMethod: 'standard',
    } as never);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({
      path: 'body.shippingAddress',
      message: 'is required (or addressId)',
    });
  });

  test('signed out on a product page: a guest session, the one line ordered, the cart kept, paid by webhook', async () => {
    const cart = await guestCartWithVanilla();
    const stockBefore = await stockOf(F.chocolate);
    // The sheet opens on Ontario, then the shopper picks a Québec address and express shipping.
    await quoted(cart, {
      buyNow: TWO_CHOCOLATE,
      shippingProvince: 'ON',
      shippingMethod: 'standard',
    });
    const shown = await quoted(cart, {
      buyNow: TWO_CHOCOLATE,
      shippingProvince: 'QC',
      shippingMethod: 'express',
    });

    const shopper = await guestSessionFromWallet(cart.guestCartId!);
    const key = newCheckoutKey();
    const body = {
      buyNow: TWO_CHOCOLATE,
      shippingAddress: addressIn('QC', 'H2X 1Y4'),
      shippingMethod: 'express' as const,
    };
    const placed = await placeOrderCall(s.app, shopper, body, key);
    expect(placed.statusCode, placed.body).toBe(201);
    const { order, payment } = placed.json().data;
    expect(order.lines).toEqual([expect.objectContaining({ variantId: F.chocolate, quantity: 2 })]);
    expect(order.totals).toEqual(shown.totals);
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment_method',
      amount: shown.totals.total,
      clientSecret: expect.stringContaining('_secret_'),
    });
    expect(await stockOf(F.chocolate)).toBe(stockBefore - 2);
    const [opened] = await s.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(s.standIn.intent(opened!.reference!)).toMatchObject({
      amount: shown.totals.total,
      currency: 'cad',
      automatic_payment_methods: { enabled: true },
      shipping: {
        name: 'Maya Chen',
        address: { city: 'Toronto', state: 'QC', postal_code: 'H2X 1Y4', country: 'CA' },
      },
    });

    // The wallet's retry with the same key finds the same order: nothing is taken twice.
    const again = await placeOrderCall(s.app, shopper, body, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.order.id).toBe(order.id);
    expect(await stockOf(F.chocolate)).toBe(stockBefore - 2);

    // The cart the guest brought along is still there, untouched.
    const left = await cartCall(s.app, 'GET', '/cart', shopper);
    expect(left.json().data.items).toEqual([
      expect.objectContaining({ variantId: F.vanilla, quantity: 1 }),
    ]);

    expect((await readOrder(s.db, order.id)).order.status).toBe('pending_payment');
    await payAndConfirm(order.id);
    const paid = await readOrder(s.db, order.id);
    expect(paid.order.status).toBe('paid');
    expect(paid.payment).toMatchObject({ status: 'succeeded', amount: shown.totals.total });
  });

  test("signed in at the cart: the cart's quote is the order's total, and the cart is emptied", async () => {
    const shopper = await registerUser(s.app);
    const add = await cartCall(s.app, 'POST', '/cart/items', shopper, {
      productId: F.creatine,
      variantId: F.plenty,
      quantity: 3,
    });
    expect(add.statusCode).toBe(200);
    const shown = await quoted(shopper, { shippingProvince: 'NS', shippingMethod: 'standard' });
    expect(shown.totals).toMatchObject({ subtotal: 3000, shipping: 999 });

    const placed = await placeOrderCall(s.app, shopper, {
      shippingAddress: addressIn('NS', 'B3H 1A1'),
      shippingMethod: 'standard',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json().data;
    expect(order.totals).toEqual(shown.totals);
    const left = await cartCall(s.app, 'GET', '/cart', shopper);
    expect(left.json().data.items).toEqual([]);
    await payAndConfirm(order.id);
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
  });

  test('a buy-now line short of stock answers 409 naming it, and nothing is reserved', async () => {
    const shopper = await registerUser(s.app);
    const before = await stockOf(F.vanilla);
    const res = await placeOrderCall(s.app, shopper, {
      buyNow: { productId: F.whey, variantId: F.vanilla, quantity: before + 1 },
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'out_of_stock',
      lines: [{ variantId: F.vanilla, requested: before + 1, available: before }],
    });
    expect(await stockOf(F.vanilla)).toBe(before);
  });
});
