import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  loginUser,
  mailsTo,
  randomAddress,
  registerUser,
  sessionCookie,
  type SignedIn,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAIL_POLL_INTERVAL_MS: '0', ORDER_JOBS_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

/** A call from a fresh client address, so no test uses up another's rate limits. */
function call(method: 'GET' | 'POST' | 'PATCH', path: string, who: SignedIn | null, body?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}`,
    remoteAddress: randomAddress(),
    headers: who ? { cookie: who.cookie } : {},
    ...(body ? { payload: body } : {}),
  });
}

const profileOf = (who: SignedIn) => call('GET', '/user/profile/me', who);

function fieldErrors(body: string) {
  return (JSON.parse(body) as { errors?: { path: string }[] }).errors?.map((e) => e.path) ?? [];
}

describe('personal details', () => {
  test('the phone is stored canonical, answered in the profile, and cleared by ""', async () => {
    const shopper = await registerUser(t.app);
    const res = await call('PATCH', '/user/profile/me', shopper, {
      name: 'Maya Chen',
      phone: '+1 (416) 555 0123',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Maya Chen', phone: '416-555-0123' });
    expect((await profileOf(shopper)).json().data.phone).toBe('416-555-0123');

    // Leaving the phone out keeps it.
    await call('PATCH', '/user/profile/me', shopper, { name: 'Maya C' });
    expect((await profileOf(shopper)).json().data.phone).toBe('416-555-0123');

    const cleared = await call('PATCH', '/user/profile/me', shopper, { name: 'Maya', phone: '' });
    expect(cleared.json().data.phone).toBeNull();
  });

  test('a malformed phone is 400 naming body.phone', async () => {
    const shopper = await registerUser(t.app);
    const res = await call('PATCH', '/user/profile/me', shopper, { name: 'Maya', phone: '12' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.body)).toContain('body.phone');
  });

  test('e-mail and role are never taken from the profile', async () => {
    const shopper = await registerUser(t.app);
    const res = await call('PATCH', '/user/profile/me', shopper, {
      name: 'Mallory',
      email: 'boss@example.com',
      role: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: shopper.user.email, role: 'customer' });
  });

  test('signed out: 401', async () => {
    expect((await call('PATCH', '/user/profile/me', null, { name: 'Ann' })).statusCode).toBe(401);
  });
});

describe('change password', () => {
  const change = (who: SignedIn, currentPassword: string, newPassword: string) =>
    call('PATCH', '/user/auth/change-password', who, { currentPassword, newPassword });

  test('ends every other session, keeps the current one, and mails a notice', async () => {
    const shopper = await registerUser(t.app);
    const other = await loginUser(t.app, shopper.user.email, shopper.password);
    const res = await change(shopper, shopper.password, 'Fresh-pass-42');
    expect(res.statusCode, res.body).toBe(200);

    // The caller stays signed in (its session rotated to a new cookie); the other device is out.
    const current = sessionCookie(res);
    expect(current).not.toBeNull();
    expect((await profileOf({ ...shopper, cookie: current! })).statusCode).toBe(200);
    expect((await profileOf(other)).statusCode).toBe(401);
    await expect(loginUser(t.app, shopper.user.email, 'Fresh-pass-42')).resolves.toBeDefined();
    await expect(loginUser(t.app, shopper.user.email, shopper.password)).rejects.toThrow();

    const [notice] = await mailsTo(t.db, shopper.user.email, 'password-changed');
    expect(notice?.subject).toMatch(/password was changed/i);
    expect(notice?.textBody).toMatch(/Your password was changed/);
  });

  test('a wrong current password is 400 naming body.currentPassword, never 401', async () => {
    const shopper = await registerUser(t.app);
    const res = await change(shopper, 'Not-my-pass-1', 'Fresh-pass-42');
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.body)).toEqual(['body.currentPassword']);
    expect((await profileOf(shopper)).statusCode).toBe(200);
    await expect(loginUser(t.app, shopper.user.email, shopper.password)).resolves.toBeDefined();
  });

  test('the new password follows the registration rules', async () => {
    const shopper = await registerUser(t.app);
    const res = await change(shopper, shopper.password, 'onlyletters');
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.body)).toContain('body.newPassword');
  });
});
