/**
 * Who reaches each route of the API. Sign-in is required by a hook on the scope of the routes that
 * need it, before the body is read, so every such route answers a request without a session 401
 * even when its body is nonsense, and a guest checkout's session 403 where only an account
 * passes. The list below names every route; a route added without an entry fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../../contract/http.ts';
import { GUEST_HAS_NO_ACCOUNT } from '../../server/plugins/sessions.ts';
import { randomAddress, sessionCookie, uniqueEmail } from '../helpers/auth.ts';
import { apiRoutes } from '../helpers/routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * - `account`: an account holder's alone (401 signed out, 403 for a guest checkout).
 * - `shopper`: any session, a guest checkout's too (401 signed out).
 * - `staff`: the order desk's (tested route by route in admin-orders.test.ts).
 * - `open`: no session needed (the route may still check a token, a cart id or a limit).
 */
type Access = 'account' | 'shopper' | 'staff' | 'open';

const ACCESS: Record<string, Access> = {
  ...Object.fromEntries(
    [
      'GET /admin/orders',
      'GET /admin/orders.csv',
      'GET /admin/orders/:orderId',
      'GET /admin/reviews',
      'GET /admin/variants/:variantId/stock',
      'POST /admin/orders/:orderId/refunds',
      'POST /admin/orders/:orderId/status',
      'POST /admin/reviews/:id/hide',
      'POST /admin/reviews/:id/unhide',
      'POST /admin/variants/:variantId/stock',
    ].map((route) => [route, 'staff' as const]),
  ),
  'DELETE /cart/discount': 'open',
  'DELETE /cart/items/:itemId': 'open',
  'DELETE /orders/:orderId/links': 'shopper',
  'DELETE /user/addresses/:addressId': 'account',
  'DELETE /user/payment-methods/:paymentMethodId': 'account',
  'DELETE /user/wishlist/:productId': 'account',
  'GET /cart': 'open',
  'GET /images/:kind/:slug/:file': 'open',
  'GET /openapi.json': 'open',
  'GET /order-links/:token': 'open',
  'GET /order-links/:token/invoice': 'open',
  'GET /orders/:orderId': 'shopper',
  'GET /orders/:orderId/invoice': 'shopper',
  'GET /orders/:orderId/payment': 'shopper',
  'GET /orders/my': 'shopper',
  'GET /products': 'open',
  'GET /products/:identifier': 'open',
  'GET /products/:identifier/reviews': 'open',
  'GET /products/:identifier/reviews/mine': 'shopper',
  'GET /products/:identifier/suggested': 'open',
  'GET /search/products': 'open',
  'GET /search/suggest': 'open',
  'GET /taxonomy/:name': 'open',
  'GET /taxonomy/brands': 'open',
  'GET /taxonomy/categories': 'open',
  'GET /taxonomy/flavors': 'open',
  'GET /user/addresses': 'account',
  'GET /user/auth/logout': 'open',
  'GET /user/payment-methods': 'account',
  'GET /user/profile/me': 'account',
  'GET /user/profile/me/export': 'account',
  'GET /user/wishlist': 'account',
  'PATCH /cart/items/:itemId': 'open',
  'PATCH /products/:identifier/reviews/mine': 'shopper',
  'PATCH /user/addresses/:addressId': 'account',
  'PATCH /user/auth/change-password': 'account',
  'PATCH /user/auth/reset-password/:token': 'open',
  'PATCH /user/profile/me': 'account',
  'POST /cart/discount': 'open',
  'POST /cart/items': 'open',
  'POST /cart/merge': 'shopper',
  'POST /checkout/quote': 'open',
  'POST /consultations': 'open',
  'POST /contact': 'open',
  'POST /coupon/request': 'open',
  'POST /order-links/:token/account': 'open',
  'POST /orders': 'shopper',
  'POST /orders/:orderId/cancel': 'shopper',
  'POST /orders/:orderId/payment/saved-method': 'account',
  'POST /orders/:orderId/reorder': 'shopper',
  'POST /payments/test/:orderId/confirm': 'shopper',
  'POST /products/:identifier/reviews': 'shopper',
  'POST /products/:identifier/stock-alerts': 'open',
  'POST /stock-alerts/unsubscribe/:token': 'open',
  'POST /user/addresses': 'account',
  'POST /user/auth/forgot-password': 'open',
  'POST /user/auth/guest': 'open',
  // A guest checkout's own route: it checks for a guest session itself (401 / 409).
  'POST /user/auth/guest/account': 'open',
  'POST /user/auth/join-orders/:token': 'open',
  'POST /user/auth/login': 'open',
  'POST /user/auth/register': 'open',
  'POST /user/auth/verify-otp-reset': 'open',
  'POST /user/payment-methods': 'account',
  'POST /user/payment-methods/setup': 'account',
  'POST /user/profile/email': 'account',
  'POST /user/profile/email/confirm': 'open',
  'POST /user/profile/me/delete': 'account',
  'POST /user/wishlist/merge': 'account',
  'PUT /user/wishlist/:productId': 'account',
};

let t: TestApp;
let guestCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/guest',
    payload: { email: uniqueEmail('scopes') },
    remoteAddress: randomAddress(),
  });
  expect(res.statusCode, res.body).toBe(201);
  guestCookie = sessionCookie(res)!;
});
afterAll(() => t.close());

/** Every route once (HEAD goes with its GET), each path parameter filled with a made-up value. */
function routes() {
  return apiRoutes(t.app)
    .filter((route) => !route.startsWith('HEAD '))
    .map((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return { route, method, url: `/api/v1${path.replace(/:\w+/g, 'no-such-thing')}` };
    });
}

/** A request whose body (where it has one) is nonsense: the sign-in check must come first. */
const send = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(cookie ? { cookie } : {}) },
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { nonsense: true } }),
    remoteAddress: randomAddress(),
  });

describe('sign-in scopes', () => {
  test('every route is in the list, and the list names no route the API lacks', () => {
    const known = routes().map(({ route }) => route);
    expect(known.filter((route) => !(route in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((route) => !known.includes(route))).toEqual([]);
  });

  test('signed out, every route that needs a session answers 401 before reading the body', async () => {
    for (const { route, method, url } of routes()) {
      const access = ACCESS[route];
      if (access !== 'account' && access !== 'shopper' && access !== 'staff') continue;
      const res = await send(method, url);
      expect(res.statusCode, `${route}: ${res.body}`).toBe(401);
    }
  });

  test("a guest checkout's session is refused (403) exactly where only an account passes", async () => {
    for (const { route, method, url } of routes()) {
      const access = ACCESS[route];
      if (access !== 'account' && access !== 'shopper') continue;
      const res = await send(method, url, guestCookie);
      if (access === 'account') {
        expect(res.statusCode, `${route}: ${res.body}`).toBe(403);
        expect(res.json().message, route).toBe(GUEST_HAS_NO_ACCOUNT);
      } else {
        expect([401, 403], `${route}: ${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
      }
    }
  });
});
