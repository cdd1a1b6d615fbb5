import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BAD_URL_MESSAGE, LONG_PARAM_MESSAGE } from '../../server/plugins/errors.ts';
import {
  EMPTY_JSON_MESSAGE,
  INVALID_JSON_MESSAGE,
  LONE_SURROGATE_MESSAGE,
  MAX_JSON_DEPTH,
  NUL_MESSAGE,
  TOO_DEEP_MESSAGE,
} from '../../server/plugins/input.ts';
import { randomAddress, registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});

afterAll(() => t.close());

const json = { 'content-type': 'application/json' };

/** A JSON text as a client would type it, so `\u0000` reaches the server as the JSON escape. */
const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...json, ...headers },
    payload: body,
    remoteAddress: randomAddress(),
  });

function expectRefused(res: LightMyRequestResponse, status: number, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/json');
  const body = res.json();
  expect(body).toMatchObject({ success: false, errors: [{ path, message }] });
  expect(body.message).toContain(message);
}

describe('the NUL character is refused in every part of a request', () => {
  test.each([
    ['a path parameter', 'GET', '/products/a%00b', undefined, 'params.identifier'],
    ['a query parameter', 'GET', '/search/products?search=a%00b', undefined, 'querystring.search'],
    [
      'a repeated query parameter',
      'GET',
      '/search/products?brand=x&brand=a%00b',
      undefined,
      'querystring.brand.1',
    ],
    [
      'a registration name',
      'POST',
      '/user/auth/register',
      '{"name":"a\\u0000b","email":"nul@example.com","password":"abcdefg12"}',
      'body.name',
    ],
    [
      'a cart item id',
      'POST',
      '/cart/items',
      `{"productId":"a\\u0000b","variantId":"${F.plenty}","quantity":1}`,
      'body.productId',
    ],
    ['a discount code', 'POST', '/cart/discount', '{"code":"a\\u0000b"}', 'body.code'],
    [
      'a contact message',
      'POST',
      '/contact',
      '{"name":"Ann Lee","email":"ann@example.com","subject":"Hi","message":"Hello there\\u0000, friends"}',
      'body.message',
    ],
    [
      'a field no schema asked for',
      'POST',
      '/cart/discount',
      '{"code":"SAVE","x\\u0000":1}',
      'body',
    ],
  ])('in %s → 400 naming the field', async (_what, method, url, body, path) => {
    const options: InjectOptions = {
      method: method as 'GET' | 'POST',
      url: `/api/v1${url}`,
      remoteAddress: randomAddress(),
      ...(body === undefined ? {} : { headers: json, payload: body }),
    };
    expectRefused(await t.app.inject(options), 400, path, NUL_MESSAGE);
  });

  test('signed in, a profile name → 400', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/profile/me',
      headers: { ...json, cookie },
      payload: '{"name":"Ann\\u0000"}',
    });
    expectRefused(res, 400, 'body.name', NUL_MESSAGE);
  });
});

describe('a lone UTF-16 surrogate is refused like NUL', () => {
  test.each([
    ['a high surrogate alone', '\\ud800'],
    ['a low surrogate alone', 'x\\udc00y'],
    ['a high surrogate at the end', '12 King St\\ud83d'],
  ])('%s in a registration name → 400 naming the field', async (_what, text) => {
    const res = await post(
      '/user/auth/register',
      `{"name":"${text}","email":"lone@example.com","password":"abcdefg12"}`,
    );
    expectRefused(res, 400, 'body.name', LONE_SURROGATE_MESSAGE);
  });

  test('a pair (an emoji) is text and passes', async () => {
    const { cookie } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/profile/me',
      headers: { ...json, cookie },
      payload: '{"name":"Ann \\ud83d\\udcaa"}',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.name).toBe('Ann \u{1F4AA}');
  });

  test("in an order's address line → 400 naming it, and no order is placed", async () => {
    const shopper = await shopperWithCart(t.app, [
      { productId: F.creatine, variantId: F.plenty, quantity: 1 },
    ]);
    const res = await placeOrderCall(t.app, shopper, {
      shippingAddress: { ...TORONTO, line1: '100 Queen St W \ud800' },
      shippingMethod: 'standard',
    });
    expectRefused(res, 400, 'body.shippingAddress.line1', LONE_SURROGATE_MESSAGE);
    const orders = await cartCall(t.app, 'GET', '/orders/my', shopper);
    expect(orders.json().data.items).toEqual([]);
  });

  test('in a saved address line → 400, not stored as U+FFFD', async () => {
    const shopper = await registerUser(t.app);
    const res = await cartCall(t.app, 'POST', '/user/addresses', shopper, {
      ...TORONTO,
      line1: '100 Queen St W \ud800',
    });
    expectRefused(res, 400, 'body.line1', LONE_SURROGATE_MESSAGE);
    const saved = await cartCall(t.app, 'GET', '/user/addresses', shopper);
    expect(saved.json().data).toEqual([]);
  });
});

describe('JSON nesting', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  test('5,000 nested arrays with an Idempotency-Key → 400, not a crash', async () => {
    const res = await post('/cart/items', nested(5000), { 'idempotency-key': 'k1' });
    expectRefused(res, 400, 'body', TOO_DEEP_MESSAGE);
  });

  test(`${MAX_JSON_DEPTH} levels are parsed (and then judged by the schema); one more is refused`, async () => {
    const atLimit = await post('/cart/items', nested(MAX_JSON_DEPTH), { 'idempotency-key': 'k2' });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().errors).toEqual([
      { path: 'body', message: expect.not.stringContaining('nested') },
    ]);
    const over = await post('/cart/items', nested(MAX_JSON_DEPTH + 1), {
      'idempotency-key': 'k3',
    });
    expectRefused(over, 400, 'body', TOO_DEEP_MESSAGE);
  });

  test('brackets inside strings do not count as nesting', async () => {
    const res = await post('/cart/discount', JSON.stringify({ code: '['.repeat(39) }));
    expect(res.statusCode).toBe(404); // no such discount code: the body was read
  });
});

describe('every client error has the API shape', () => {
  test('a broken percent-encoding in the path → 400 naming the url', async () => {
    const res = await t.app.inject('/api/v1/products/a%zzb');
    expectRefused(res, 400, 'url', BAD_URL_MESSAGE);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  test("a path segment over the router's length limit → 414 naming the url", async () => {
    const res = await t.app.inject(`/api/v1/products/${'x'.repeat(20_000)}`);
    expectRefused(res, 414, 'url', LONG_PARAM_MESSAGE);
  });

  test('a path segment the router takes but the schema does not → 400 naming the field', async () => {
    const res = await t.app.inject(`/api/v1/products/${'x'.repeat(201)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'params.identifier' })]);
  });

  test('invalid JSON → 400 naming the body', async () => {
    expectRefused(await post('/cart/items', '{"productId":'), 400, 'body', INVALID_JSON_MESSAGE);
  });

  test('a JSON body with a forbidden __proto__ key → 400 naming the body', async () => {
    const res = await post('/cart/discount', '{"code":"SAVE","__proto__":{"x":1}}');
    expectRefused(res, 400, 'body', INVALID_JSON_MESSAGE);
  });

  test.each([
    ['empty', ''],
    ['only whitespace', '  \n'],
  ])('a JSON body that is %s → 400 naming the body', async (_what, body) => {
    expectRefused(await post('/cart/items', body), 400, 'body', EMPTY_JSON_MESSAGE);
  });

  test('an unsupported content type → 415 naming the header', async () => {
    const res = await post('/cart/items', '<cart/>', {
      'content-type': 'application/xml',
      'x-requested-with': 'forge-storefront',
    });
    expectRefused(res, 415, 'headers.content-type', 'Send the request body as application/json.');
  });

  test('a body over the size limit → 413 naming the body', async () => {
    const res = await post('/contact', JSON.stringify({ message: 'x'.repeat(300 * 1024) }));
    expectRefused(res, 413, 'body', 'The request body is too large.');
  });

  test('an unknown API route → 404 in the same shape', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/products',
      headers: { 'x-requested-with': 'forge-storefront' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      success: false,
      code: 'not_found',
      message: 'No API endpoint PUT /api/v1/products.',
    });
  });
});
