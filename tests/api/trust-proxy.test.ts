import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Forgot-password allows 20 requests per client address an hour (AUTH_RATE_LIMITS). */
const ADDRESS_LIMIT = 20;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function forgotFrom(app: TestApp['app'], forwardedFor: string, n: number) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/forgot-password',
    remoteAddress: '203.0.113.7',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `someone-${n}@example.com` },
  });
}

describe('client address behind proxies', () => {
  test('by default X-Forwarded-For is ignored, so it cannot dodge per-address limits', async () => {
    t = await createTestApp();
    const statuses: number[] = [];
    for (let n = 0; n <= ADDRESS_LIMIT; n++) {
      statuses.push((await forgotFrom(t.app, `198.51.100.${n}`, n)).statusCode);
    }
    expect(statuses.slice(0, ADDRESS_LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses[ADDRESS_LIMIT]).toBe(429);
  });

  test('behind a trusted proxy (TRUST_PROXY) the address the proxy saw is the one counted', async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '203.0.113.0/24' } });
    for (let n = 0; n <= ADDRESS_LIMIT; n++) {
      const res = await forgotFrom(t.app, `198.51.100.${n}`, n);
      expect(res.statusCode).toBe(200);
    }
  });
});
