import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CROSS_ORIGIN_REFUSED,
  CSRF_PROOF_MISSING,
  DOCUMENT_ONLY_HEADERS,
} from '../../server/plugins/security.ts';
import { randomAddress, registerUser, uniqueEmail } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOP = 'https://shop.example.com';
const EVIL = 'https://evil.example.net';
const LOGIN = '/api/v1/user/auth/login';
const FORGOT = '/api/v1/user/auth/forgot-password';

/** A build's files of every kind the shop serves, besides the shell. */
const BUILT_FILES: Record<string, string | Buffer> = {
  'assets/c-abc123.js': 'export const a = 1;',
  // The build's brotli form, sent in its place to a browser that takes it.
  'assets/c-abc123.js.br': brotliCompressSync('export const a = 1;'),
  'assets/style-abc123.css': 'body { margin: 0 }',
  'fonts/display.woff2': 'wOF2',
  'icons/icon-192.png': 'PNG',
  'manifest.webmanifest': '{"name":"Forge"}',
  'zod-jitless.js': 'globalThis.x = 1;',
  'sw.js': 'self.addEventListener("fetch", () => {});',
  'wordmark.svg': '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};

let t: TestApp;
const distDir = mkdtempSync(path.join(os.tmpdir(), 'forge-dist-'));

beforeAll(async () => {
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shell</title>');
  for (const [file, body] of Object.entries(BUILT_FILES)) {
    mkdirSync(path.dirname(path.join(distDir, file)), { recursive: true });
    writeFileSync(path.join(distDir, file), body);
  }
  t = await createTestApp({ distDir, env: { STOREFRONT_ORIGINS: SHOP } });
});
afterAll(() => t.close());

const forgot = (
  headers: Record<string, string>,
  payload: object | string = { email: uniqueEmail() },
) =>
  t.app.inject({
    method: 'POST',
    url: FORGOT,
    remoteAddress: randomAddress(),
    headers,
    ...(typeof payload === 'string' ? { body: payload } : { payload }),
  });

describe('CORS', () => {
  test('an allowed storefront gets a credentialed preflight answer with our headers', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart/items',
      headers: {
        origin: SHOP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-guest-cart-id,idempotency-key',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(SHOP);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const allowed = String(res.headers['access-control-allow-headers']).split(/,\s*/);
    expect(allowed).toEqual(
      expect.arrayContaining([
        'content-type',
        'x-guest-cart-id',
        'idempotency-key',
        'x-requested-with',
      ]),
    );
    expect(res.headers['access-control-allow-methods']).toContain('PATCH');
    expect(res.headers.vary).toContain('Origin');
  });

  test('another origin gets no CORS answer, so the browser keeps the response from it', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/cart/items',
      headers: { origin: EVIL, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await t.app.inject({ url: '/api/v1/user/profile/me', headers: { origin: EVIL } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('an answer to any origin varies by Origin, so no cache hands one to another', async () => {
    for (const origin of [SHOP, EVIL, undefined]) {
      const res = await t.app.inject({
        url: '/api/v1/search/products?limit=1',
        headers: origin ? { origin } : {},
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers.vary).toContain('Origin');
      expect(res.headers['access-control-allow-origin']).toBe(origin === SHOP ? SHOP : undefined);
    }
  });
});

describe('CSRF guard on state-changing requests', () => {
  test('JSON from an allowed storefront, our own origin or no origin (non-browser) passes', async () => {
    const cases: Record<string, string>[] = [{ origin: SHOP }, { origin: 'http://localhost' }, {}];
    for (const headers of cases) {
      const res = await forgot(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  test('another origin is refused with 403, even with JSON and the custom header', async () => {
    const res = await forgot({ origin: EVIL, 'x-requested-with': 'forge-storefront' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      code: 'cross_origin_refused',
      message: CROSS_ORIGIN_REFUSED,
    });
    const nullOrigin = await forgot({ origin: 'null' });
    expect(nullOrigin.statusCode).toBe(403);
  });

  test('a form-encoded or text/plain body without the custom header is refused with 403', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await forgot({ 'content-type': contentType }, 'email=a%40example.com');
      expect(res.statusCode, contentType).toBe(403);
      expect(res.json()).toEqual({
        success: false,
        code: 'csrf_proof_missing',
        message: CSRF_PROOF_MISSING,
      });
    }
  });

  test('a body-less change needs the custom header with the right value', async () => {
    const { cookie } = await registerUser(t.app);
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'DELETE',
        url: '/api/v1/cart/items/nothing',
        headers: { cookie, ...headers },
      });
    const without = await send({});
    expect(without.statusCode).toBe(403);
    expect((await send({ 'x-requested-with': 'XMLHttpRequest' })).statusCode).toBe(403);
    const withHeader = await send({ 'x-requested-with': 'forge-storefront' });
    expect(withHeader.statusCode).not.toBe(403);
  });

  test('JSON with a charset parameter counts as JSON', async () => {
    const res = await forgot(
      { 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({ email: uniqueEmail() }),
    );
    expect(res.statusCode).toBe(200);
  });

  test('reads are never refused', async () => {
    const res = await t.app.inject({ url: '/api/v1/user/profile/me', headers: { origin: EVIL } });
    expect(res.statusCode).toBe(401);
  });

  test('the payments webhook path is exempt (its callers are servers, proven by signature)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/stripe/webhook',
      headers: { origin: EVIL, 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.statusCode).not.toBe(403);
  });

  test('signing in from another origin is refused before the password is checked', async () => {
    const { user, password } = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress: randomAddress(),
      headers: { origin: EVIL },
      payload: { email: user.email, password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.cookies).toHaveLength(0);
  });
});

describe('security headers', () => {
  const expectHeaders = (headers: Record<string, unknown>) => {
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://js.stripe.com");
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toMatch(/connect-src 'self'[^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-resource-policy']).toBe('same-site');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-powered-by']).toBeUndefined();
  };

  // An API answer is never a page: it gets the short set of an API, which lets it load nothing.
  const expectApiHeaders = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cross-origin-resource-policy']).toBe('same-site');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['permissions-policy']).toBeUndefined();
    expect(headers['x-powered-by']).toBeUndefined();
  };

  test('on API answers, errors included', async () => {
    expectApiHeaders((await t.app.inject('/api/v1/user/profile/me')).headers);
    expectApiHeaders((await t.app.inject('/api/v1/no-such-route')).headers);
    expectApiHeaders((await forgot({ origin: EVIL })).headers);
    expectApiHeaders((await t.app.inject('/api/v1/search/products?limit=1')).headers);
  });

  test('a script, stylesheet, font, picture or manifest keeps only what a subresource reads', async () => {
    for (const file of [
      'assets/c-abc123.js',
      'assets/style-abc123.css',
      'fonts/display.woff2',
      'icons/icon-192.png',
      'manifest.webmanifest',
      'zod-jitless.js',
    ]) {
      for (const coding of ['br', 'identity']) {
        const res = await t.app.inject({ url: `/${file}`, headers: { 'accept-encoding': coding } });
        expect(res.statusCode, file).toBe(200);
        if (file === 'assets/c-abc123.js') {
          expect(res.headers['content-encoding']).toBe(coding === 'br' ? 'br' : undefined);
        }
        for (const name of DOCUMENT_ONLY_HEADERS)
          expect(res.headers[name], `${file} ${name}`).toBe(undefined);
        expect(res.headers['x-content-type-options'], file).toBe('nosniff');
        expect(res.headers['cross-origin-resource-policy'], file).toBe('same-site');
        expect(res.headers['strict-transport-security'], file).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    }
  });

  test('an SVG file, a document when opened by itself, gets the short set that runs nothing', async () => {
    const res = await t.app.inject('/wordmark.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expectApiHeaders(res.headers);
    const shortSet = new Set(['content-security-policy', 'x-frame-options', 'referrer-policy']);
    for (const name of DOCUMENT_ONLY_HEADERS.filter((header) => !shortSet.has(header))) {
      expect(res.headers[name], name).toBe(undefined);
    }
  });

  test('the service worker and a page at a file-like address keep the full set', async () => {
    const worker = await t.app.inject('/sw.js');
    expect(worker.statusCode).toBe(200);
    expectHeaders(worker.headers);
    // A missing script asked for as a page is answered with the shell: a document.
    const page = await t.app.inject({
      url: '/assets/missing.js',
      headers: { accept: 'text/html' },
    });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectHeaders(page.headers);
  });

  test('on the PWA shell and health checks', async () => {
    const shell = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(shell.statusCode).toBe(200);
    expectHeaders(shell.headers);
    expectHeaders((await t.app.inject('/healthz')).headers);
  });
});

describe('cross-site storefront', () => {
  test('resources may be loaded cross-origin and the session cookie is SameSite=None; Secure', async () => {
    const cross = await createTestApp({
      env: {
        STOREFRONT_ORIGINS: 'https://forge-shop.com',
        VITE_API_ORIGIN: 'https://api.forge-nutrition.ca',
      },
    });
    try {
      const res = await cross.app.inject({
        method: 'POST',
        url: '/api/v1/user/auth/register',
        remoteAddress: randomAddress(),
        headers: { origin: 'https://forge-shop.com' },
        payload: { name: 'Eve', email: uniqueEmail(), password: 'Cross-site-pass-1' },
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['access-control-allow-origin']).toBe('https://forge-shop.com');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.cookies[0]).toMatchObject({ sameSite: 'None', secure: true, httpOnly: true });
      const shell = await cross.app.inject({ url: '/healthz' });
      expect(shell.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(String(shell.headers['content-security-policy'])).toMatch(
        /connect-src 'self' https:\/\/api\.forge-nutrition\.ca/,
      );
    } finally {
      await cross.close();
    }
  });
});
