import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { COUNTRY_NOT_SHIPPED, TEST_CARDS, type Order } from '../../contract/orders.ts';
import { userAddresses } from '../../server/modules/addresses/tables.ts';
import { cartItems, carts } from '../../server/modules/cart/tables.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { mailOutbox } from '../../server/modules/mail/tables.ts';
import { invoiceFileName } from '../../server/modules/orders/invoice.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import { TEST_DECLINE_MESSAGES } from '../../server/modules/payments/test-provider.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import {
  TORONTO,
  addressIn,
  newCheckoutKey,
  payWithTestCard,
  placeOrderCall,
  shopperWithCart,
} from './checkout-fixtures.ts';

/** The order payment window in this file: short, so expiry can be watched happen. */
const WINDOW_MS = 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: {
      ORDER_PAYMENT_WINDOW_MS: String(WINDOW_MS),
      ORDER_JOBS_INTERVAL_MS: '0',
      MAIL_POLL_INTERVAL_MS: '0',
    },
  });
});
afterAll(() => t.close());

const chocolate = (quantity = 1) => ({ productId: F.whey, variantId: F.chocolate, quantity });
const vanilla = (quantity = 1) => ({ productId: F.whey, variantId: F.vanilla, quantity });
const plenty = (quantity = 1) => ({ productId: F.creatine, variantId: F.plenty, quantity });

async function stockOf(variantId: string) {
  const [row] = await t.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.stock;
}

async function setStock(variantId: string, stock: number) {
  await t.db.update(variants).set({ stock }).where(eq(variants.id, variantId));
}

async function quote(shopper: SignedIn, body: object) {
  return cartCall(t.app, 'POST', '/checkout/quote', shopper, body);
}

async function placed(
  shopper: SignedIn,
  body: object = { shippingAddress: TORONTO, shippingMethod: 'standard' },
) {
  const res = await placeOrderCall(t.app, shopper, body as never);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { order: Order; payment: Order['payment'] & object };
}

async function getOrder(shopper: SignedIn, orderId: string): Promise<Order> {
  const res = await cartCall(t.app, 'GET', `/orders/${orderId}`, shopper);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('POST /checkout/quote', () => {
  test('taxes follow the shipping province, one line per tax with its rate', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    // 49.99 of goods + 9.99 standard shipping = 59.98 taxable.
    const cases = [
      {
        province: 'ON',
        postal: 'M5H 2N2',
        taxes: [{ name: 'HST', rate: 13, amount: 780 }],
        total: 6778,
      },
      {
        province: 'QC',
        postal: 'H3B 1K9',
        taxes: [
          { name: 'GST', rate: 5, amount: 300 },
          { name: 'QST', rate: 9.975, amount: 598 },
        ],
        total: 6896,
      },
      {
        province: 'BC',
        postal: 'V6B 1A1',
        taxes: [
          { name: 'GST', rate: 5, amount: 300 },
          { name: 'PST', rate: 7, amount: 420 },
        ],
        total: 6718,
      },
      {
        province: 'AB',
        postal: 'T2P 1J9',
        taxes: [{ name: 'GST', rate: 5, amount: 300 }],
        total: 6298,
      },
    ];
    for (const c of cases) {
      const res = await quote(shopper, {
        shippingAddress: addressIn(c.province, c.postal),
        shippingMethod: 'standard',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { totals, shippingAddress, lines } = res.json().data;
      expect(totals).toEqual({
        itemCount: 1,
        subtotal: 4999,
        discount: 0,
        shipping: 999,
        taxes: c.taxes,
        total: c.total,
      });
      expect(shippingAddress.postalCode).toBe(c.postal);
      expect(lines[0]).toMatchObject({
        variantId: F.chocolate,
        unitPrice: 4999,
        quantity: 1,
        lineTotal: 4999,
      });
    }
  });

  test('standard shipping is free from $99 after the discount; express always costs $19.99', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate(2)]);
    const body = { shippingAddress: TORONTO, shippingMethod: 'standard' };
    expect((await quote(shopper, body)).json().data.totals).toMatchObject({
      subtotal: 9998,
      shipping: 0,
    });
    const express = await quote(shopper, { ...body, shippingMethod: 'express' });
    expect(express.json().data.totals).toMatchObject({ shipping: 1999 });

    const { code } = await issueCouponCode(t.db, {
      email: `q-${Date.now()}@example.com`,
      name: 'Q',
    });
    expect((await cartCall(t.app, 'POST', '/cart/discount', shopper, { code })).statusCode).toBe(
      200,
    );
    const discounted = (await quote(shopper, body)).json().data;
    // 99.98 − 10 % (10.00) = 89.98: under the threshold again, so shipping is charged.
    expect(discounted.discount).toEqual({ code, percentOff: 10 });
    expect(discounted.totals).toMatchObject({
      subtotal: 9998,
      discount: 1000,
      shipping: 999,
      taxes: [{ name: 'HST', rate: 13, amount: 1300 }],
      total: 9998 - 1000 + 999 + 1300,
    });
  });

  test('taxes follow the address: a postal code outside the province chosen is refused', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    // A Montréal code with Alberta picked was charged 5 % instead of 14.975 %.
    const montrealInAlberta = addressIn('AB', 'H3B 1B2');
    const expected = {
      path: 'body.shippingAddress.postalCode',
      message:
        'Postal code H3B 1B2 is in Quebec, not Alberta. Check the postal code or the province.',
    };
    const refused = await quote(shopper, {
      shippingAddress: montrealInAlberta,
      shippingMethod: 'standard',
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors).toEqual([expected]);
    const order = await placeOrderCall(t.app, shopper, {
      shippingAddress: montrealInAlberta,
      shippingMethod: 'standard',
    });
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().errors).toEqual([expected]);
    const mine = await cartCall(t.app, 'GET', '/orders/my', shopper);
    expect(mine.json().data.items).toHaveLength(0);
    // A saved address stored before the rule is checked too, naming the address chosen.
    const saved = await cartCall(
      t.app,
      'POST',
      '/user/addresses',
      shopper,
      addressIn('QC', 'H3B 1B2'),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const addressId = saved.json().data.id as string;
    await t.db.update(userAddresses).set({ province: 'AB' }).where(eq(userAddresses.id, addressId));
    const bySaved = await quote(shopper, { addressId, shippingMethod: 'standard' });
    expect(bySaved.statusCode, bySaved.body).toBe(400);
    expect(bySaved.json().errors).toEqual([{ path: 'body.addressId', message: expected.message }]);
    // X serves both territories; every other district one province.
    for (const [province, postal] of [
      ['NT', 'X1A 2P7'],
      ['NU', 'X0A 0H0'],
      ['QC', 'H3B 1B2'],
    ]) {
      const ok = await quote(shopper, {
        shippingAddress: addressIn(province!, postal!),
        shippingMethod: 'standard',
      });
      expect(ok.statusCode, `${province} ${postal}: ${ok.body}`).toBe(200);
    }
  });

  test('a bad address is refused naming each field; a foreign country is named', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const res = await quote(shopper, {
      shippingAddress: {
        ...TORONTO,
        postalCode: '12345',
        country: 'US',
        province: 'ZZ',
        name: ' ',
      },
      shippingMethod: 'drone',
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string; message: string }[]).map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'body.shippingAddress.postalCode',
        'body.shippingAddress.country',
        'body.shippingAddress.province',
        'body.shippingAddress.name',
        'body.shippingMethod',
      ]),
    );
    expect(res.json().errors).toContainEqual({
      path: 'body.shippingAddress.country',
      message: COUNTRY_NOT_SHIPPED,
    });
  });

  test('signed out is 401; an empty cart is 409; a saved address of another shopper is 404', async () => {
    const anonymous = await cartCall(
      t.app,
      'POST',
      '/checkout/quote',
      {},
      { shippingAddress: TORONTO, shippingMethod: 'standard' },
    );
    expect(anonymous.statusCode).toBe(401);
    const empty = await registerUser(t.app);
    expect(
      (await quote(empty, { shippingAddress: TORONTO, shippingMethod: 'standard' })).statusCode,
    ).toBe(409);

    const owner = await shopperWithCart(t.app, [chocolate()]);
    await placed(owner, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
      saveAddress: true,
    });
    const saved = await cartCall(t.app, 'GET', '/user/addresses', owner);
    const [address] = saved.json().data;
    expect(address).toMatchObject({
      postalCode: 'M5H 2N2',
      province: 'ON',
      phone: '416-555-0123',
      isDefault: true,
    });
    const stranger = await shopperWithCart(t.app, [chocolate()]);
    const res = await quote(stranger, { addressId: address.id, shippingMethod: 'standard' });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /orders', () => {
  test('needs an Idempotency-Key', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const res = await placeOrderCall(
      t.app,
      shopper,
      { shippingAddress: TORONTO, shippingMethod: 'standard' },
      null,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('headers.idempotency-key');
  });

  test('places the cart: stock reserved, cart emptied, prices copied, payment opened', async () => {
    const before = await stockOf(F.plenty);
    const shopper = await shopperWithCart(t.app, [chocolate(2), plenty(3)]);
    const { order, payment } = await placed(shopper, {
      shippingAddress: TORONTO,
      shippingMethod: 'express',
      billingAddress: addressIn('QC', 'H3B 1K9'),
    });
    expect(order.id).toMatch(/^ord_/);
    expect(order.number).toMatch(/^FN-\d{5,}$/);
    expect(order.status).toBe('pending_payment');
    expect(order.lines.map((l) => [l.variantId, l.quantity, l.unitPrice])).toEqual([
      [F.chocolate, 2, 4999],
      [F.plenty, 3, 1000],
    ]);
    expect(order.totals).toMatchObject({ subtotal: 12998, shipping: 1999, discount: 0 });
    expect(order.shippingAddress.postalCode).toBe('M5H 2N2');
    expect(order.billingAddress.province).toBe('QC');
    expect(order.payBy).not.toBeNull();
    expect(payment).toMatchObject({
      provider: 'test',
      status: 'requires_payment_method',
      amount: order.totals.total,
    });
    expect(await stockOf(F.plenty)).toBe(before - 3);
    const cart = await cartCall(t.app, 'GET', '/cart', shopper);
    expect(cart.json().data.items).toEqual([]);
    // The price paid stays whatever the catalog does later.
    await t.db.update(variants).set({ price: 1 }).where(eq(variants.id, F.plenty));
    expect((await getOrder(shopper, order.id)).lines[1]!.unitPrice).toBe(1000);
    await t.db.update(variants).set({ price: 1000 }).where(eq(variants.id, F.plenty));
  });

  test('the same key finds the same order; another body with it is 422', async () => {
    const shopper = await shopperWithCart(t.app, [plenty()]);
    const key = newCheckoutKey();
    const body = { shippingAddress: TORONTO, shippingMethod: 'standard' } as const;
    const first = await placeOrderCall(t.app, shopper, body, key);
    const again = await placeOrderCall(t.app, shopper, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.order.id).toBe(first.json().data.order.id);
    const other = await placeOrderCall(t.app, shopper, { ...body, shippingMethod: 'express' }, key);
    expect(other.statusCode).toBe(422);
  });

  test('20 parallel requests of one attempt make one order', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2)]);
    const key = newCheckoutKey();
    const body = { shippingAddress: TORONTO, shippingMethod: 'standard' } as const;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => placeOrderCall(t.app, shopper, body, key)),
    );
    const ids = new Set(
      answers.filter((r) => r.statusCode === 201).map((r) => r.json().data.order.id),
    );
    expect(ids.size).toBe(1);
    for (const res of answers) expect([201, 409]).toContain(res.statusCode);
    const rows = await t.db.select().from(orders).where(eq(orders.userId, shopper.user._id));
    expect(rows).toHaveLength(1);
    // A retry after the in-flight answers finds the order.
    const retry = await placeOrderCall(t.app, shopper, body, key);
    expect(retry.json().data.order.id).toBe([...ids][0]);
  });

  test('a line short of stock is 409 naming it and what is left; nothing is written', async () => {
    const shopper = await shopperWithCart(t.app, [vanilla(3), plenty()]);
    await setStock(F.vanilla, 1);
    const plentyBefore = await stockOf(F.plenty);
    const res = await placeOrderCall(t.app, shopper, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('FX Gold Whey (Vanilla, 2 lb): only 1 left');
    expect(res.json().lines).toEqual([
      { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', requested: 3, available: 1 },
    ]);
    expect(await stockOf(F.vanilla)).toBe(1);
    expect(await stockOf(F.plenty)).toBe(plentyBefore);
    expect(
      await t.db.select().from(orders).where(eq(orders.userId, shopper.user._id)),
    ).toHaveLength(0);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, cart!.id))).toHaveLength(
      2,
    );
    await setStock(F.vanilla, 3);
  });

  test('a single-use code raced by two orders is used once', async () => {
    const { code, id } = await issueCouponCode(t.db, {
      email: `race-${Date.now()}@example.com`,
      name: 'R',
    });
    const a = await shopperWithCart(t.app, [plenty()]);
    const b = await shopperWithCart(t.app, [plenty()]);
    for (const shopper of [a, b]) {
      expect((await cartCall(t.app, 'POST', '/cart/discount', shopper, { code })).statusCode).toBe(
        200,
      );
    }
    const body = { shippingAddress: TORONTO, shippingMethod: 'standard' } as const;
    const answers = await Promise.all([a, b].map((s) => placeOrderCall(t.app, s, body)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    const winner = answers.find((r) => r.statusCode === 201)!.json().data.order;
    expect(winner.discount).toEqual({ code, percentOff: 10 });
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('discount_used');
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, id));
    expect(row!.usedAt).not.toBeNull();
  });
});

describe('paying with the built-in test provider', () => {
  test('a declined card leaves the order waiting with the reason; another card pays it once', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const { order } = await placed(shopper);
    const declined = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.declined);
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({
      status: 'requires_payment_method',
      lastError: TEST_DECLINE_MESSAGES.declined,
    });
    const poor = await payWithTestCard(t.app, shopper, order.id, '4000 0000 0000 9995');
    expect(poor.json().data.lastError).toBe(TEST_DECLINE_MESSAGES.insufficientFunds);
    expect((await getOrder(shopper, order.id)).status).toBe('pending_payment');

    const paid = await payWithTestCard(t.app, shopper, order.id, '4242 4242 4242 4242');
    expect(paid.json().data).toMatchObject({
      status: 'succeeded',
      lastError: null,
      card: { brand: 'visa', last4: '4242' },
    });
    const after = await getOrder(shopper, order.id);
    expect(after.status).toBe('paid');
    expect(after.payBy).toBeNull();
    expect(after.events.map((e) => e.type)).toEqual([
      'placed',
      'payment_failed',
      'payment_failed',
      'paid',
    ]);
    // Paying again changes nothing and sends no second confirmation.
    await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    const mails = await t.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, shopper.user.email),
          eq(mailOutbox.kind, 'order-confirmation'),
        ),
      );
    expect(mails).toHaveLength(1);
  });

  test('the authentication step: passed pays, failed asks for another card', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const { order } = await placed(shopper);
    const challenged = await payWithTestCard(
      t.app,
      shopper,
      order.id,
      TEST_CARDS.requiresAuthentication,
    );
    expect(challenged.json().data.status).toBe('requires_action');
    // A tab closed here finds the same state again.
    const resumed = await cartCall(t.app, 'GET', `/orders/${order.id}/payment`, shopper);
    expect(resumed.json().data.status).toBe('requires_action');
    const failed = await cartCall(t.app, 'POST', `/payments/test/${order.id}/confirm`, shopper, {
      authenticate: false,
    });
    expect(failed.json().data).toMatchObject({
      status: 'requires_payment_method',
      lastError: TEST_DECLINE_MESSAGES.authenticationFailed,
    });
    await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.requiresAuthentication);
    const passed = await cartCall(t.app, 'POST', `/payments/test/${order.id}/confirm`, shopper, {
      authenticate: true,
    });
    expect(passed.json().data.status).toBe('succeeded');
    expect((await getOrder(shopper, order.id)).status).toBe('paid');
  });

  test('a card form with bad fields is refused naming them', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const { order } = await placed(shopper);
    const res = await cartCall(t.app, 'POST', `/payments/test/${order.id}/confirm`, shopper, {
      cardNumber: 'abc',
      expiry: '13/99',
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string }[]).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['body.cardNumber', 'body.expiry', 'body.cvc']));
  });
});

describe('an unpaid order expires', () => {
  test('after the payment window its stock and discount code are released', async () => {
    // A variant of its own, so orders of other tests expiring alongside do not move its stock.
    const variantId = 'var_fx_expiry';
    await t.db.insert(variants).values({
      id: variantId,
      productId: F.creatine,
      flavorId: 'flv_fx_plain',
      size: '2 kg',
      sku: 'FX-CREA-2000',
      price: 1800,
      stock: 10,
    });
    const { code, id } = await issueCouponCode(t.db, {
      email: `exp-${Date.now()}@example.com`,
      name: 'E',
    });
    const shopper = await shopperWithCart(t.app, [
      { productId: F.creatine, variantId, quantity: 4 },
    ]);
    await cartCall(t.app, 'POST', '/cart/discount', shopper, { code });
    const { order } = await placed(shopper);
    expect(await stockOf(variantId)).toBe(6);
    await t.app.orderJobs.runNow();
    expect((await getOrder(shopper, order.id)).status).toBe('pending_payment');
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 100));
    await t.app.orderJobs.runNow();
    const after = await getOrder(shopper, order.id);
    expect(after.status).toBe('cancelled');
    expect(after.payment?.status).toBe('canceled');
    expect(await stockOf(variantId)).toBe(10);
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, id));
    expect(row!.usedAt).toBeNull();
    // Paying it now is refused.
    const late = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    expect(late.statusCode).toBe(409);
  });
});

describe("the shopper's orders", () => {
  test('newest first, paginated, only their own', async () => {
    const shopper = await registerUser(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      await cartCall(t.app, 'POST', '/cart/items', shopper, plenty());
      ids.push((await placed(shopper)).order.id);
    }
    const page1 = await cartCall(t.app, 'GET', '/orders/my?page=1&limit=2', shopper);
    expect(page1.json().data).toMatchObject({ page: 1, limit: 2, total: 3, totalPages: 2 });
    expect(page1.json().data.items.map((o: { id: string }) => o.id)).toEqual([ids[2], ids[1]]);
    const page2 = await cartCall(t.app, 'GET', '/orders/my?page=2&limit=2', shopper);
    expect(page2.json().data.items.map((o: { id: string }) => o.id)).toEqual([ids[0]]);
    const bad = await cartCall(t.app, 'GET', '/orders/my?limit=500', shopper);
    expect(bad.statusCode).toBe(400);
  });

  test('nobody else reaches an order: another shopper 404, a guest and the signed-out 401', async () => {
    const owner = await shopperWithCart(t.app, [plenty()]);
    const { order } = await placed(owner);
    const stranger = await registerUser(t.app);
    const guestCart = await cartCall(t.app, 'POST', '/cart/items', {}, plenty());
    const guest = { guestCartId: guestCart.json().data.guestCartId as string };
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', `/orders/${order.id}`],
      ['GET', `/orders/${order.id}/payment`],
      ['GET', `/orders/${order.id}/invoice`],
      ['POST', `/orders/${order.id}/cancel`],
      ['POST', `/orders/${order.id}/reorder`],
      [
        'POST',
        `/payments/test/${order.id}/confirm`,
        { cardNumber: TEST_CARDS.succeeds, expiry: '12/34', cvc: '123' },
      ],
    ];
    for (const [method, path, body] of routes) {
      const asStranger = await cartCall(t.app, method, path, stranger, body);
      expect(asStranger.statusCode, `${method} ${path}`).toBe(404);
      const signedOut = await cartCall(t.app, method, path, {}, body);
      expect(signedOut.statusCode, `${method} ${path}`).toBe(401);
      const asGuest = await cartCall(t.app, method, path, guest, body);
      expect(asGuest.statusCode, `${method} ${path} as a guest`).toBe(401);
    }
    const mine = await cartCall(t.app, 'GET', '/orders/my', stranger);
    expect(mine.json().data.items).toEqual([]);
    expect((await cartCall(t.app, 'GET', '/orders/my', {})).statusCode).toBe(401);
    expect((await getOrder(owner, order.id)).status).toBe('pending_payment');
  });
});

describe('cancel, buy again and the invoice', () => {
  test('cancelling while unpaid puts the stock back', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2)]);
    const before = await stockOf(F.plenty);
    const { order } = await placed(shopper);
    expect(await stockOf(F.plenty)).toBe(before - 2);
    const res = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', canCancel: false });
    expect(await stockOf(F.plenty)).toBe(before);
  });

  test('cancelling a paid order refunds it in full; a processing one cannot be cancelled', async () => {
    const shopper = await shopperWithCart(t.app, [plenty()]);
    const { order } = await placed(shopper);
    await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    const res = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(res.json().data.payment).toMatchObject({
      status: 'succeeded',
      refunded: order.totals.total,
    });

    await cartCall(t.app, 'POST', '/cart/items', shopper, plenty());
    const second = (await placed(shopper)).order;
    await payWithTestCard(t.app, shopper, second.id, TEST_CARDS.succeeds);
    await t.db.transaction((tx) =>
      transitionOrder(tx, second.id, { to: 'processing', actor: 'staff' }),
    );
    const refused = await cartCall(t.app, 'POST', `/orders/${second.id}/cancel`, shopper);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/processing and can no longer be cancelled/);
  });

  test('buy again adds what can still be bought and says what not', async () => {
    const shopper = await shopperWithCart(t.app, [plenty(2), vanilla()]);
    const { order } = await placed(shopper);
    await setStock(F.vanilla, 0);
    const res = await cartCall(t.app, 'POST', `/orders/${order.id}/reorder`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.added).toEqual([
      { variantId: F.plenty, name: 'FX Creatine (Unflavored, 1 kg)', quantity: 2 },
    ]);
    expect(res.json().data.skipped).toEqual([
      { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', reason: 'out of stock' },
    ]);
    await setStock(F.vanilla, 3);
  });

  test('the invoice is a PDF once the order is paid', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate()]);
    const { order } = await placed(shopper);
    const early = await cartCall(t.app, 'GET', `/orders/${order.id}/invoice`, shopper);
    expect(early.statusCode).toBe(409);
    await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    const res = await cartCall(t.app, 'GET', `/orders/${order.id}/invoice`, shopper);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${invoiceFileName(order.number)}"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
