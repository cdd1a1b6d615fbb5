import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CROSS_ORIGIN_REFUSED } from '../../server/plugins/security.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A storefront on another site, configured in STOREFRONT_ORIGINS. */
const SHOP = 'https://shop.example.com';
const EVIL = 'https://evil.example.net';
const HOST = 'api.example.org';
const OWN = `http://${HOST}`;
const LOGOUT = '/api/v1/user/auth/logout';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { STOREFRONT_ORIGINS: SHOP } });
});
afterAll(() => t.close());

async function signedIn() {
  const { cookie } = await registerUser(t.app);
  const stillSignedIn = async () =>
    (await t.app.inject({ url: '/api/v1/user/profile/me', headers: { cookie, host: HOST } }))
      .statusCode === 200;
  return { cookie, stillSignedIn };
}

const logout = (cookie: string, headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url: LOGOUT, headers: { host: HOST, cookie, ...headers } });

describe("the shop's own logout call keeps working", () => {
  test.each([
    [
      'same origin (fetch from the PWA)',
      { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
    ],
    [
      'the configured cross-site storefront (credentialed fetch)',
      { origin: SHOP, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
    ],
    ['the own origin named explicitly', { origin: OWN, 'sec-fetch-site': 'same-origin' }],
    ['typed into the address bar', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }],
    ['a client without fetch metadata or referrer', {}],
    ['an older browser on one of our pages', { referer: `${OWN}/profile/me` }],
  ])('%s', async (_what, headers) => {
    const { cookie, stillSignedIn } = await signedIn();
    const res = await logout(cookie, headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out.' });
    expect(await stillSignedIn()).toBe(false);
  });
});

describe('another site cannot sign the shopper out', () => {
  test.each([
    [
      'a top-level navigation from another site',
      {
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
      },
    ],
    ['an image on another site', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }],
    [
      'a page on a sibling subdomain',
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
    ],
    ['a fetch from an origin not allowed', { origin: EVIL, 'sec-fetch-site': 'cross-site' }],
    ['an opaque origin (sandboxed frame)', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
    ['an older browser following a link on another site', { referer: `${EVIL}/trap` }],
  ])('%s', async (_what, headers) => {
    const { cookie, stillSignedIn } = await signedIn();
    const res = await logout(cookie, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'cross_origin_refused',
      message: CROSS_ORIGIN_REFUSED,
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await stillSignedIn()).toBe(true);
  });

  test('the HEAD twin of the route is guarded too', async () => {
    const { cookie, stillSignedIn } = await signedIn();
    const res = await logout(cookie, { 'sec-fetch-site': 'cross-site' }, 'HEAD');
    expect(res.statusCode).toBe(403);
    expect(await stillSignedIn()).toBe(true);
  });
});

test('other GET routes are not affected by the guard', async () => {
  const res = await t.app.inject({
    url: '/api/v1/taxonomy/brands',
    headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  });
  expect(res.statusCode).toBe(200);
});
