import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../contract/errors.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { randomAddress, registerUser, sessionCookie, uniqueEmail } from '../helpers/auth.ts';
import { insertOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { CSRF, F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});

afterAll(() => t.close());

/** The answer is an error of this status whose `code` is this one of the list. */
function expectError(res: LightMyRequestResponse, status: number, code: ErrorCode) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(ERROR_CODES).toContain(body.code);
  expect(body).toMatchObject({ success: false, code, message: expect.any(String) });
  return body;
}

describe('every error answer carries its code', () => {
  test('bad input of every kind is `validation`, naming the field', async () => {
    const shopper = await registerUser(t.app);
    const schema = await cartCall(t.app, 'POST', '/cart/items', shopper, {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 0,
    });
    expect(expectError(schema, 400, 'validation').errors).toEqual([
      { path: 'body.quantity', message: expect.any(String) },
    ]);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { 'content-type': 'application/json', cookie: shopper.cookie },
      payload: '{"productId":',
    });
    expectError(json, 400, 'validation');
  });

  test('the framework’s own refusals: too large, wrong content type, an over-long address', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(300 * 1024) }),
    });
    expectError(large, 413, 'payload_too_large');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { 'content-type': 'application/xml', ...CSRF },
      payload: '<cart/>',
    });
    expectError(text, 415, 'unsupported_media_type');
    const long = await t.app.inject(`/api/v1/products/${'x'.repeat(2000)}`);
    expectError(long, 414, 'uri_too_long');
  });

  test('who is asking: signed out, wrong password, a guest, a shopper at the staff desk', async () => {
    expectError(await t.app.inject('/api/v1/orders/my'), 401, 'sign_in_required');

    const shopper = await registerUser(t.app);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/login',
      remoteAddress: randomAddress(),
      payload: { email: shopper.user.email, password: 'Not-the-password-1' },
    });
    expectError(login, 401, 'invalid_credentials');

    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/guest',
      remoteAddress: randomAddress(),
      payload: { email: uniqueEmail('guest') },
    });
    const guest = sessionCookie(started)!;
    const profile = await t.app.inject({
      url: '/api/v1/user/profile/me',
      headers: { cookie: guest },
    });
    expectError(profile, 403, 'guest_has_no_account');

    const desk = await t.app.inject({
      url: '/api/v1/admin/orders',
      headers: { cookie: shopper.cookie },
    });
    expectError(desk, 403, 'forbidden');

    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/register',
      remoteAddress: randomAddress(),
      payload: { name: 'Again', email: shopper.user.email, password: 'Correct-horse-9' },
    });
    expectError(taken, 409, 'email_taken');
  });

  test('not found: an unknown endpoint, and an unknown product through its response schema', async () => {
    expectError(await t.app.inject('/api/v1/no-such-thing'), 404, 'not_found');
    expectError(await t.app.inject('/api/v1/products/no-such-product'), 404, 'not_found');
  });

  test('a cart over stock says how many may still be added', async () => {
    const shopper = await registerUser(t.app);
    const res = await cartCall(t.app, 'POST', '/cart/items', shopper, {
      productId: F.whey,
      variantId: F.vanilla,
      quantity: 4,
    });
    expect(expectError(res, 409, 'cart_over_stock').available).toBe(3);
  });

  test('an order the stock cannot fill lists its short lines', async () => {
    const shopper = await shopperWithCart(t.app, [
      { productId: F.whey, variantId: F.vanilla, quantity: 3 },
    ]);
    await t.db.update(variants).set({ stock: 1 }).where(eq(variants.id, F.vanilla));
    try {
      const res = await placeOrderCall(t.app, shopper, {
        shippingAddress: TORONTO,
        shippingMethod: 'standard',
      });
      expect(expectError(res, 409, 'out_of_stock').lines).toEqual([
        { variantId: F.vanilla, name: 'FX Gold Whey (Vanilla, 2 lb)', requested: 3, available: 1 },
      ]);
    } finally {
      await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, F.vanilla));
    }
  });

  test('a cancellation the order’s status refuses names the status', async () => {
    const shopper = await registerUser(t.app);
    const order = await insertOrder(t.db, { userId: shopper.user._id, status: 'shipped' });
    const res = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, shopper);
    expect(expectError(res, 409, 'order_not_cancellable').status).toBe('shipped');
  });

  test('too many attempts is `rate_limited` with the seconds to wait', async () => {
    const shopper = await registerUser(t.app);
    const address = randomAddress();
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 30; i++) {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/auth/login',
        remoteAddress: address,
        payload: { email: shopper.user.email, password: 'Not-the-password-1' },
      });
      if (res.statusCode === 429) break;
    }
    const body = expectError(res!, 429, 'rate_limited');
    expect(body.retryAfter).toBe(Number(res!.headers['retry-after']));
  });

  test('cross-site refusals say which proof was missing', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/logout',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expectError(bare, 403, 'csrf_proof_missing');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/logout',
      headers: { origin: 'https://evil.example', ...CSRF },
    });
    expectError(foreign, 403, 'cross_origin_refused');
  });

  test('an Idempotency-Key sent again with another body is `idempotency_key_reused`', async () => {
    const shopper = await registerUser(t.app);
    const key = { 'idempotency-key': 'error-codes-reused-key' };
    const add = (quantity: number) =>
      cartCall(
        t.app,
        'POST',
        '/cart/items',
        shopper,
        { productId: F.creatine, variantId: F.plenty, quantity },
        key,
      );
    expect((await add(1)).statusCode).toBe(200);
    expectError(await add(2), 422, 'idempotency_key_reused');
  });
});
