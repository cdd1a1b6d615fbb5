import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  FORGOT_PASSWORD_SENT,
  INVALID_RESET_CODE,
  INVALID_RESET_LINK,
  PASSWORD_RESET_DONE,
} from '../../server/modules/auth/routes.ts';
import { passwordResets } from '../../server/modules/auth/tables.ts';
import {
  TEST_PASSWORD,
  loginUser,
  mailsTo,
  randomAddress,
  registerUser,
  resetMail,
  uniqueEmail,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { STOREFRONT_ORIGINS: 'https://shop.example.com' } });
});
afterAll(() => t.close());

const API = '/api/v1';
const NEW_PASSWORD = 'Brand-new-pass-42';

const inject = (method: 'POST' | 'PATCH', url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method,
    url: `${API}${url}`,
    payload,
    headers: cookie ? { cookie } : {},
    remoteAddress: randomAddress(),
  });
const forgot = (email: string) => inject('POST', '/user/auth/forgot-password', { email });
const resetByLink = (token: string, password = NEW_PASSWORD) =>
  inject('PATCH', `/user/auth/reset-password/${token}`, { password });
const resetByCode = (email: string, otp: string, password = NEW_PASSWORD) =>
  inject('POST', '/user/auth/verify-otp-reset', { email, otp, password });
const me = (cookie: string) => t.app.inject({ url: `${API}/user/profile/me`, headers: { cookie } });
const login = (email: string, password: string) =>
  inject('POST', '/user/auth/login', { email, password });

/** Moves a reset's expiry into the past, as if the clock had run past it. */
async function expire(userId: string, column: 'tokenExpiresAt' | 'codeExpiresAt') {
  await t.db
    .update(passwordResets)
    .set({ [column]: sql`now() - interval '1 second'` })
    .where(eq(passwordResets.userId, userId));
}

describe('forgot-password', () => {
  test('e-mails a link to /reset-password/{token} on the storefront and a 6-digit code', async () => {
    const { user } = await registerUser(t.app, { name: 'Dana' });
    const res = await forgot(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: FORGOT_PASSWORD_SENT });
    const { token, code, mail } = await resetMail(t.db, user.email);
    expect(mail.textBody).toContain(`https://shop.example.com/reset-password/${token}`);
    expect(mail.htmlBody).toContain(`https://shop.example.com/reset-password/${token}`);
    expect(mail.htmlBody).toContain(code);
    expect(mail.subject).toBe('Reset your Forge Nutrition password');
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only hashes are stored.
    const [row] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user._id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.codeHash).not.toBe(code);
    // The link works for an hour, the code for 10 minutes.
    expect(row!.tokenExpiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(3_600_000, -4);
    expect(row!.codeExpiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(600_000, -4);
  });

  test('known and unknown addresses get the same status and body; only the known one gets mail', async () => {
    const { user } = await registerUser(t.app);
    const unknownEmail = uniqueEmail('nobody');
    const known = await forgot(user.email);
    const unknown = await forgot(unknownEmail);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await resetMail(t.db, user.email);
    expect(await mailsTo(t.db, unknownEmail)).toHaveLength(0);
  });

  test('a bad e-mail → 400 naming the field', async () => {
    const res = await inject('POST', '/user/auth/forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'body.email', message: 'Enter a valid email address.' },
    ]);
  });

  test('a new request makes the earlier link and code stop working', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const first = await resetMail(t.db, user.email);
    await forgot(user.email);
    const second = await resetMail(t.db, user.email, first.mail);
    expect((await resetByLink(first.token)).statusCode).toBe(400);
    expect((await resetByCode(user.email, first.code)).statusCode).toBe(400);
    expect((await resetByLink(second.token)).statusCode).toBe(200);
  });
});

test("another account's expired requests are swept when a new one is made", async () => {
  const a = await registerUser(t.app);
  const b = await registerUser(t.app);
  await forgot(a.user.email);
  await resetMail(t.db, a.user.email);
  await expire(a.user._id, 'tokenExpiresAt');
  await forgot(b.user.email);
  await resetMail(t.db, b.user.email);
  const left = await t.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(eq(passwordResets.userId, a.user._id));
  expect(left).toEqual([]);
});

describe('reset by link', () => {
  test('sets the new password, ends every session, and works only once', async () => {
    const { user, cookie } = await registerUser(t.app);
    const other = await loginUser(t.app, user.email);
    await forgot(user.email);
    const { token } = await resetMail(t.db, user.email);

    const res = await resetByLink(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: PASSWORD_RESET_DONE });
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await mailsTo(t.db, user.email, 'password-changed')).toHaveLength(1);

    const again = await resetByLink(token, 'Third-pass-333');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      success: false,
      code: 'token_invalid',
      message: INVALID_RESET_LINK,
      errors: [{ path: 'params.token', message: INVALID_RESET_LINK }],
    });
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  test('an expired link is refused and the password is unchanged', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { token } = await resetMail(t.db, user.email);
    await expire(user._id, 'tokenExpiresAt');
    const res = await resetByLink(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID_RESET_LINK);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('a made-up token is refused', async () => {
    expect((await resetByLink('x'.repeat(43))).statusCode).toBe(400);
  });

  test('the new password must follow the rules', async () => {
    const res = await resetByLink('anything', 'short1');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'body.password', message: 'Password must be at least 8 characters.' },
    ]);
  });

  // A used reset is also deleted when the password changes; each safeguard must hold on its own.
  test('a link marked used is refused even while its row is still there', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { token } = await resetMail(t.db, user.email);
    await t.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(eq(passwordResets.userId, user._id));
    expect((await resetByLink(token)).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('concurrent uses of one link: exactly one succeeds', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { token } = await resetMail(t.db, user.email);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) => resetByLink(token, `Parallel-pass-${i}`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400]);
  });
});

describe('reset by code', () => {
  test('sets the new password, ends every session, and works only once', async () => {
    const { user, cookie } = await registerUser(t.app);
    await forgot(user.email);
    const { code, token } = await resetMail(t.db, user.email);
    const res = await resetByCode(` ${user.email.toUpperCase()}`, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: PASSWORD_RESET_DONE });
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await resetByCode(user.email, code, 'Third-pass-333')).statusCode).toBe(400);
    // The link of the same request is spent too.
    expect((await resetByLink(token, 'Third-pass-333')).statusCode).toBe(400);
  });

  test('the code dies after 5 wrong tries, even if the right one follows', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await resetByCode(user.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'token_invalid',
        message: INVALID_RESET_CODE,
        errors: [{ path: 'body.otp', message: INVALID_RESET_CODE }],
      });
    }
    expect((await resetByCode(user.email, code)).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('a code marked used is refused even while its row is still there', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    await t.db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(eq(passwordResets.userId, user._id));
    expect((await resetByCode(user.email, code)).statusCode).toBe(400);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('four wrong tries leave the right code working', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      expect((await resetByCode(user.email, wrong)).statusCode).toBe(400);
    }
    expect((await resetByCode(user.email, code)).statusCode).toBe(200);
  });

  test('parallel guesses cannot get more than the allowed tries', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    const guesses = Array.from({ length: 9 }, (_, i) => String(i).padStart(6, '0')).filter(
      (guess) => guess !== code,
    );
    await Promise.all(guesses.map((guess) => resetByCode(user.email, guess)));
    const [row] = await t.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user._id));
    expect(row!.codeAttempts).toBe(5);
    expect((await resetByCode(user.email, code)).statusCode).toBe(400);
  });

  test('an expired code is refused', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    await expire(user._id, 'codeExpiresAt');
    expect((await resetByCode(user.email, code)).statusCode).toBe(400);
  });

  test('an unknown e-mail gets the same answer as a wrong code', async () => {
    const { user } = await registerUser(t.app);
    await forgot(user.email);
    const { code } = await resetMail(t.db, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const known = await resetByCode(user.email, wrong);
    const unknown = await resetByCode(uniqueEmail('nobody'), wrong);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
  });

  test.each([
    ['a code of 5 digits', { otp: '12345' }, 'body.otp', 'Code must be the 6 digits we e-mailed.'],
    ['letters', { otp: '12a456' }, 'body.otp', 'Code must be the 6 digits we e-mailed.'],
    ['no code', { otp: undefined }, 'body.otp', 'Code is required.'],
    [
      'a weak password',
      { password: 'password' },
      'body.password',
      'Password must contain at least one digit.',
    ],
    ['a bad e-mail', { email: 'x@' }, 'body.email', 'Enter a valid email address.'],
  ])('%s → 400 naming the field', async (_label, change, path, message) => {
    const res = await inject('POST', '/user/auth/verify-otp-reset', {
      email: 'a@example.com',
      otp: '123456',
      password: NEW_PASSWORD,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

describe('change-password', () => {
  const change = (cookie: string | undefined, currentPassword: string, newPassword: string) =>
    inject('PATCH', '/user/auth/change-password', { currentPassword, newPassword }, cookie);

  test('needs the current password, keeps the caller signed in with a new session, ends the others', async () => {
    const { user, cookie } = await registerUser(t.app);
    const other = await loginUser(t.app, user.email);
    const res = await change(cookie, TEST_PASSWORD, NEW_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your password has been changed.' });
    const fresh = res.cookies.find((c) => c.name === 'forge_sid')!;
    expect((await me(`forge_sid=${fresh.value}`)).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(other.cookie)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  test('a wrong current password → 400 on currentPassword, nothing changes', async () => {
    const { user, cookie } = await registerUser(t.app);
    const res = await change(cookie, 'Not-my-pass-1', NEW_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'body.currentPassword', message: 'Current password is incorrect.' },
    ]);
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  test('signed out → 401', async () => {
    expect((await change(undefined, TEST_PASSWORD, NEW_PASSWORD)).statusCode).toBe(401);
  });

  test('the new password follows the rules and must differ from the current one', async () => {
    const { cookie } = await registerUser(t.app);
    const weak = await change(cookie, TEST_PASSWORD, 'abcdefgh');
    expect(weak.json().errors).toEqual([
      { path: 'body.newPassword', message: 'New password must contain at least one digit.' },
    ]);
    const same = await change(cookie, TEST_PASSWORD, TEST_PASSWORD);
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([
      { path: 'body.newPassword', message: 'New password must be different from the current one.' },
    ]);
    const missing = await inject('PATCH', '/user/auth/change-password', {}, cookie);
    expect(missing.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'body.currentPassword', message: 'Current password is required.' },
        { path: 'body.newPassword', message: 'New password is required.' },
      ]),
    );
  });
});
