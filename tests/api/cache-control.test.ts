import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_PREFIX } from '../../server/app.ts';
import cachePolicy, { NO_STORE } from '../../server/plugins/cache-policy.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

describe('answers that depend on the session or the guest cart are never stored', () => {
  test('the profile, signed in and signed out', async () => {
    const { cookie } = await registerUser(t.app);
    const me = await t.app.inject({ url: '/api/v1/user/profile/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe(NO_STORE);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/user/profile/me',
      headers: { cookie },
      payload: { name: 'Renamed Shopper' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers['cache-control']).toBe(NO_STORE);

    const anonymous = await t.app.inject({ url: '/api/v1/user/profile/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe(NO_STORE);
  });

  test("a guest's cart and a signed-in shopper's cart, read and changed", async () => {
    const added = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      {},
      {
        productId: F.whey,
        variantId: F.chocolate,
        quantity: 1,
      },
    );
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe(NO_STORE);
    const guestCartId: string = added.json().data.guestCartId;

    const guest = await cartCall(t.app, 'GET', '/cart', { guestCartId });
    expect(guest.statusCode).toBe(200);
    expect(guest.headers['cache-control']).toBe(NO_STORE);

    const { cookie } = await registerUser(t.app);
    const own = await cartCall(t.app, 'GET', '/cart', { cookie });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe(NO_STORE);

    const refused = await cartCall(t.app, 'GET', '/cart', {}, undefined, {
      'x-guest-cart-id': 'not a cart id',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe(NO_STORE);
  });

  test('an API path with no route', async () => {
    const res = await t.app.inject({ url: '/api/v1/orders' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe(NO_STORE);
  });
});

describe('public catalog reads keep their caching', () => {
  test('taxonomy keeps its shared cache time', async () => {
    const res = await t.app.inject({ url: '/api/v1/taxonomy/brands' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  test('a product and a search are not marked no-store, a missing product is', async () => {
    const product = await t.app.inject({ url: '/api/v1/products/fx-gold-whey' });
    expect(product.statusCode).toBe(200);
    expect(product.headers['cache-control']).toMatch(/^public, .*stale-while-revalidate=\d+/);
    const search = await t.app.inject({ url: '/api/v1/search/products?search=whey' });
    expect(search.statusCode).toBe(200);
    expect(search.headers['cache-control']).toBeUndefined();

    const missing = await t.app.inject({ url: '/api/v1/products/no-such-product' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe(NO_STORE);
  });
});

test('a route added later is private without asking, unless it declares a public answer', async () => {
  const app = Fastify({ logger: false });
  await app.register(cachePolicy, { prefix: API_PREFIX });
  await app.register(
    async (api) => {
      api.get('/orders', async () => ({ success: true, data: [] }));
      api.get('/orders/:id', async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=600').send({ success: true }),
      );
      api.get('/brochure', { config: { publicAnswer: true } }, async (_request, reply) =>
        reply.header('cache-control', 'public, max-age=600').send({ success: true }),
      );
    },
    { prefix: API_PREFIX },
  );
  app.get('/healthz', async () => ({ status: 'ok' }));
  try {
    const orders = await app.inject({ url: '/api/v1/orders' });
    expect(orders.headers['cache-control']).toBe(NO_STORE);
    // A private route cannot make itself cacheable by accident.
    const order = await app.inject({ url: '/api/v1/orders/ord_1' });
    expect(order.headers['cache-control']).toBe(NO_STORE);
    const brochure = await app.inject({ url: '/api/v1/brochure' });
    expect(brochure.headers['cache-control']).toBe('public, max-age=600');
    const outside = await app.inject({ url: '/healthz' });
    expect(outside.headers['cache-control']).toBeUndefined();
  } finally {
    await app.close();
  }
});
