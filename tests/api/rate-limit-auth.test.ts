import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_RATE_LIMITS } from '../../server/modules/auth/routes.ts';
import { randomAddress, registerUser, sessionCookie, uniqueEmail } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const redisUrl = process.env.TEST_REDIS_URL;
const API = '/api/v1/user/auth';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The limits as documented (README, docs/product.md), written out: a changed number fails here. */
test('the auth limits are the documented numbers', () => {
  expect(AUTH_RATE_LIMITS).toEqual({
    login: {
      address: { max: 50, windowMs: 15 * MINUTE },
      subjectAndAddress: { max: 10, windowMs: 15 * MINUTE },
      subject: { max: 100, windowMs: 15 * MINUTE },
    },
    register: {
      address: { max: 10, windowMs: HOUR },
      subject: { max: 5, windowMs: HOUR },
    },
    guest: { address: { max: 10, windowMs: HOUR } },
    forgotPassword: {
      address: { max: 20, windowMs: HOUR },
      subjectAndAddress: { max: 5, windowMs: HOUR },
      subject: { max: 15, windowMs: HOUR },
    },
    verifyOtp: {
      address: { max: 30, windowMs: 15 * MINUTE },
      subjectAndAddress: { max: 10, windowMs: 15 * MINUTE },
      subject: { max: 30, windowMs: 15 * MINUTE },
    },
    resetPassword: { address: { max: 30, windowMs: 15 * MINUTE } },
    guestAccount: {
      address: { max: 10, windowMs: HOUR },
      subject: { max: 5, windowMs: HOUR },
    },
    joinOrders: { address: { max: 30, windowMs: 15 * MINUTE } },
    changePassword: {
      address: { max: 30, windowMs: 15 * MINUTE },
      subject: { max: 10, windowMs: 15 * MINUTE },
    },
  });
});

/**
 * The auth endpoints' limits, per e-mail and per client address, against one store, counted up to
 * the documented numbers (never the code's constants, so a changed limit fails). Every test
 * uses fresh e-mails and random addresses, so runs sharing one Redis do not meet each other.
 */
function authLimits(store: 'memory' | 'redis', env: () => Record<string, string>) {
  describe(`auth rate limits (${store})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: env() });
      expect(t.app.rateLimit.storeKind).toBe(store);
    });
    afterAll(() => t.close());

    const post = (path: string, payload: object, address = randomAddress()) =>
      t.app.inject({ method: 'POST', url: `${API}${path}`, payload, remoteAddress: address });

    const expect429 = (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(
        /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
      );
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
    };
    /** The window just started: Retry-After is (about) its whole length, in seconds. */
    const expectWindow = (res: Awaited<ReturnType<typeof post>>, seconds: number) => {
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeLessThanOrEqual(seconds);
      expect(retryAfter).toBeGreaterThan(seconds - 120);
    };

    test('login: wrong passwords from one address stop that address only; the owner still signs in', async () => {
      const { user, password } = await registerUser(t.app);
      const attacker = randomAddress();
      for (let i = 0; i < 10; i++) {
        const res = await post('/login', { email: user.email, password: `Wrong-${i}` }, attacker);
        expect(res.statusCode).toBe(401);
      }
      // The attacker is stopped, even with the right password…
      const blocked = await post('/login', { email: user.email, password }, attacker);
      expect429(blocked);
      expectWindow(blocked, 15 * 60);
      expect(blocked.cookies).toHaveLength(0);
      // …and the owner, from another address, is not.
      const owner = await post('/login', { email: user.email, password });
      expect(owner.statusCode, owner.body).toBe(200);
      // The stopped attacker can still try other accounts (up to the per-address limit).
      const other = await post('/login', { email: uniqueEmail(), password: 'Wrong-1' }, attacker);
      expect(other.statusCode).toBe(401);
    });

    test('login: per account, over every address together', async () => {
      const { user, password } = await registerUser(t.app);
      const wrong = Array.from({ length: 100 }, (_, i) =>
        post('/login', { email: user.email, password: `Wrong-${i}` }),
      );
      for (const res of await Promise.all(wrong)) expect(res.statusCode).toBe(401);
      const blocked = await post('/login', { email: user.email, password });
      expect429(blocked);
      expect(blocked.cookies).toHaveLength(0);
    });

    test('login: per client address, whatever e-mails it tries', async () => {
      const address = randomAddress();
      for (let i = 0; i < 50; i++) {
        const res = await post(
          '/login',
          { email: uniqueEmail(), password: 'Wrong-pass-1' },
          address,
        );
        expect(res.statusCode).toBe(401);
      }
      expect429(await post('/login', { email: uniqueEmail(), password: 'Wrong-pass-1' }, address));
      expect(
        (await post('/login', { email: uniqueEmail(), password: 'Wrong-pass-1' })).statusCode,
      ).toBe(401);
    });

    test('register: per client address', async () => {
      const address = randomAddress();
      for (let i = 0; i < 10; i++) {
        const res = await post(
          '/register',
          { name: 'Rate Test', email: uniqueEmail(), password: 'Pass-word-1' },
          address,
        );
        expect(res.statusCode).toBe(201);
      }
      const blocked = await post(
        '/register',
        { name: 'Rate Test', email: uniqueEmail(), password: 'Pass-word-1' },
        address,
      );
      expect429(blocked);
      expectWindow(blocked, 60 * 60);
    });

    test('guest checkout: per client address, like registration', async () => {
      const address = randomAddress();
      for (let i = 0; i < 10; i++) {
        expect((await post('/guest', { email: uniqueEmail() }, address)).statusCode).toBe(201);
      }
      const blocked = await post('/guest', { email: uniqueEmail() }, address);
      expect429(blocked);
      expectWindow(blocked, 60 * 60);
    });

    test('forgot-password: per e-mail, and the answer does not depend on the account existing', async () => {
      const email = uniqueEmail('nobody');
      for (let i = 0; i < 15; i++) {
        expect((await post('/forgot-password', { email })).statusCode).toBe(200);
      }
      expect429(await post('/forgot-password', { email }));
    });

    test('forgot-password: one address cannot use up the resets of an address it does not own', async () => {
      const email = uniqueEmail();
      const attacker = randomAddress();
      for (let i = 0; i < 5; i++) {
        expect((await post('/forgot-password', { email }, attacker)).statusCode).toBe(200);
      }
      expect429(await post('/forgot-password', { email }, attacker));
      expect((await post('/forgot-password', { email })).statusCode).toBe(200);
    });

    test('verify-otp-reset: one address is stopped at one e-mail; others are not', async () => {
      const email = uniqueEmail();
      const attacker = randomAddress();
      const payload = { email, otp: '123456', password: 'Pass-word-1' };
      for (let i = 0; i < 10; i++) {
        expect((await post('/verify-otp-reset', payload, attacker)).statusCode).toBe(400);
      }
      expect429(await post('/verify-otp-reset', payload, attacker));
      expect((await post('/verify-otp-reset', payload)).statusCode).toBe(400);
    });

    test('verify-otp-reset: per e-mail', async () => {
      const email = uniqueEmail();
      const payload = { email, otp: '123456', password: 'Pass-word-1' };
      for (let i = 0; i < 30; i++) {
        expect((await post('/verify-otp-reset', payload)).statusCode).toBe(400);
      }
      expect429(await post('/verify-otp-reset', payload));
    });

    test('reset-password: per client address', async () => {
      const address = randomAddress();
      const reset = () =>
        t.app.inject({
          method: 'PATCH',
          url: `${API}/reset-password/made-up-token`,
          payload: { password: 'Pass-word-1' },
          remoteAddress: address,
        });
      for (let i = 0; i < 30; i++) {
        expect((await reset()).statusCode).toBe(400);
      }
      expect429(await reset());
    });

    test('a guest’s account: per guest e-mail, which also caps the join links one mailbox gets', async () => {
      const email = uniqueEmail('guest');
      const account = async () => {
        const guest = await post('/guest', { email });
        expect(guest.statusCode).toBe(201);
        return t.app.inject({
          method: 'POST',
          url: `${API}/guest/account`,
          headers: { cookie: sessionCookie(guest)! },
          payload: { password: 'Pass-word-1' },
          remoteAddress: randomAddress(),
        });
      };
      // The first makes the account; the next four mail its owner a join link.
      expect((await account()).statusCode).toBe(201);
      for (let i = 0; i < 4; i++) expect((await account()).statusCode).toBe(202);
      const blocked = await account();
      expect429(blocked);
      expectWindow(blocked, 60 * 60);
    });

    test('join-orders: per client address', async () => {
      const address = randomAddress();
      const joinOrders = () => post('/join-orders/made-up-token', {}, address);
      for (let i = 0; i < 30; i++) {
        expect((await joinOrders()).statusCode).toBe(400);
      }
      expect429(await joinOrders());
    });

    test('change-password: per account', async () => {
      const { cookie } = await registerUser(t.app);
      const change = () =>
        t.app.inject({
          method: 'PATCH',
          url: `${API}/change-password`,
          headers: { cookie },
          payload: { currentPassword: 'Wrong-pass-1', newPassword: 'Pass-word-2' },
          remoteAddress: randomAddress(),
        });
      for (let i = 0; i < 10; i++) {
        expect((await change()).statusCode).toBe(400);
      }
      expect429(await change());
    });
  });
}

authLimits('memory', () => ({}));

describe.runIf(redisUrl)('with Redis', () => {
  authLimits('redis', () => ({ REDIS_URL: redisUrl! }));
});
