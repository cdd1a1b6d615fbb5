import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '../../server/modules/auth/tables.ts';
import { ensureAdmin } from '../../server/modules/auth/accounts.ts';
import {
  ACCOUNT_EXISTS,
  ACCOUNT_EXISTS_FIELD,
  INVALID_LOGIN,
  REGISTERED,
} from '../../server/modules/auth/routes.ts';
import { SESSION_COOKIE } from '../../server/plugins/sessions.ts';
import {
  TEST_PASSWORD,
  loginUser,
  mailsTo,
  randomAddress,
  registerUser,
  sessionCookie,
  uniqueEmail,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  // The shop sits behind a TLS-terminating proxy here, so X-Forwarded-Proto is believed.
  t = await createTestApp({ env: { TRUST_PROXY: '0.0.0.0/1,128.0.0.0/1' } });
});
afterAll(() => t.close());

const API = '/api/v1';

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload,
    headers,
    remoteAddress: randomAddress(),
  });

const me = (cookie?: string) =>
  t.app.inject({ url: `${API}/user/profile/me`, headers: cookie ? { cookie } : {} });

const logout = (cookie: string) =>
  t.app.inject({ url: `${API}/user/auth/logout`, headers: { cookie } });

describe('register', () => {
  test('creates the account, answers 201 with the user and signs in', async () => {
    const email = uniqueEmail();
    const res = await post('/user/auth/register', {
      name: '  Ann Lee ',
      email: ` ${email.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: REGISTERED,
      user: {
        _id: expect.stringMatching(/^usr_/),
        name: 'Ann Lee',
        email,
        role: 'customer',
        guest: false,
      },
    });
    const cookie = sessionCookie(res);
    expect(cookie).not.toBeNull();
    const profile = await me(cookie!);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ success: true, data: { ...body.user, phone: null } });
    const welcome = await mailsTo(t.db, email, 'welcome');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.textBody).toContain('Ann Lee');
  });

  test('the password is stored as an argon2id hash at OWASP parameters', async () => {
    const { user } = await registerUser(t.app);
    const [row] = await t.db.select().from(users).where(eq(users.id, user._id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(TEST_PASSWORD);
  });

  test('a role (or any other unknown field) sent by the client is ignored', async () => {
    const email = uniqueEmail();
    const res = await post('/user/auth/register', {
      name: 'Mallory',
      email,
      password: TEST_PASSWORD,
      role: 'admin',
      _id: 'usr_chosen',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('customer');
    expect(res.json().user._id).not.toBe('usr_chosen');
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    expect(row!.role).toBe('customer');
  });

  const invalid: [string, object, string, string][] = [
    ['name missing', { name: undefined }, 'body.name', 'Name is required.'],
    ['name too short', { name: ' A ' }, 'body.name', 'Name must be at least 2 characters.'],
    ['name too long', { name: 'x'.repeat(81) }, 'body.name', 'Name must be at most 80 characters.'],
    ['name not text', { name: 42 }, 'body.name', 'Name must be text.'],
    ['email missing', { email: undefined }, 'body.email', 'Email is required.'],
    ['email empty', { email: '  ' }, 'body.email', 'Email is required.'],
    ['email malformed', { email: 'ann@' }, 'body.email', 'Enter a valid email address.'],
    [
      'email too long',
      { email: `${'a'.repeat(250)}@example.com` },
      'body.email',
      'Email must be at most 254 characters.',
    ],
    ['password missing', { password: undefined }, 'body.password', 'Password is required.'],
    [
      'password short',
      { password: 'abc1' },
      'body.password',
      'Password must be at least 8 characters.',
    ],
    [
      'password long',
      { password: `a1${'x'.repeat(127)}` },
      'body.password',
      'Password must be at most 128 characters.',
    ],
    [
      'password without a digit',
      { password: 'abcdefghij' },
      'body.password',
      'Password must contain at least one digit.',
    ],
    [
      'password without a letter',
      { password: '1234567890' },
      'body.password',
      'Password must contain at least one letter.',
    ],
  ];
  test.each(invalid)('%s → 400 naming the field', async (_label, change, path, message) => {
    const res = await post('/user/auth/register', {
      name: 'Ann Lee',
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      ...change,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.success).toBe(false);
    expect(body.errors).toContainEqual({ path, message });
    expect(sessionCookie(res)).toBeNull();
  });

  test('a taken address answers 409 naming the e-mail field; nothing changes and nobody is signed in', async () => {
    const owner = await registerUser(t.app, { name: 'Owner' });
    const res = await post('/user/auth/register', {
      name: 'Someone',
      email: ` ${owner.user.email.toUpperCase()} `,
      password: 'Other-pass-77',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'email_taken',
      message: ACCOUNT_EXISTS,
      errors: [{ path: 'body.email', message: ACCOUNT_EXISTS_FIELD }],
    });
    expect(res.cookies).toHaveLength(0);
    // The account keeps its name and password; its owner gets no mail from a stranger's try.
    expect((await me(owner.cookie)).json().data.name).toBe('Owner');
    await loginUser(t.app, owner.user.email, owner.password);
    expect(await mailsTo(t.db, owner.user.email)).toHaveLength(1);
  });
});

describe('login', () => {
  test('answers the user, sets an HttpOnly SameSite=Lax cookie on / and rotates the session', async () => {
    const { user, cookie: registrationCookie } = await registerUser(t.app, { name: 'Bea' });
    const res = await post(
      '/user/auth/login',
      { email: user.email.toUpperCase(), password: TEST_PASSWORD },
      { cookie: registrationCookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Welcome back, Bea!',
      user: { _id: user._id, name: 'Bea', email: user.email, role: 'customer', guest: false },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value.length).toBeGreaterThanOrEqual(43);
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    // Rotation: the session the request came with is gone, the new one works.
    expect((await me(registrationCookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(res)!)).json().data._id).toBe(user._id);
  });

  test('the cookie is Secure when the shop is reached over HTTPS', async () => {
    const { user } = await registerUser(t.app);
    const res = await post(
      '/user/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === SESSION_COOKIE)!.secure).toBe(true);
  });

  test('a wrong password and an unknown e-mail get the same 401 and body', async () => {
    const { user } = await registerUser(t.app);
    const wrong = await post('/user/auth/login', { email: user.email, password: 'Wrong-pass-1' });
    const unknown = await post('/user/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'Wrong-pass-1',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_credentials',
        message: INVALID_LOGIN,
      });
      expect(sessionCookie(res)).toBeNull();
    }
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  test.each([
    ['email missing', { password: 'x' }, 'body.email', 'Email is required.'],
    [
      'email malformed',
      { email: 'nope', password: 'x' },
      'body.email',
      'Enter a valid email address.',
    ],
    ['password missing', { email: 'a@example.com' }, 'body.password', 'Password is required.'],
    [
      'password empty',
      { email: 'a@example.com', password: '' },
      'body.password',
      'Password is required.',
    ],
    [
      'password too long',
      { email: 'a@example.com', password: 'x'.repeat(129) },
      'body.password',
      'Password must be at most 128 characters.',
    ],
  ])('%s → 400 naming the field', async (_label, payload, path, message) => {
    const res = await post('/user/auth/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path, message });
  });
});

describe('logout and sessions', () => {
  test('logout ends the session on the server: the same cookie replayed gets 401', async () => {
    const { cookie } = await registerUser(t.app);
    expect((await me(cookie)).statusCode).toBe(200);
    const res = await logout(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'You have been signed out.' });
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const replay = await me(cookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      code: 'sign_in_required',
      message: 'Please sign in to continue.',
    });
  });

  test('logging out one device leaves the others signed in', async () => {
    const { user, cookie: first } = await registerUser(t.app);
    const { cookie: second } = await loginUser(t.app, user.email);
    await logout(first);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
  });

  test('logout without a session still answers 200', async () => {
    const res = await t.app.inject({ url: `${API}/user/auth/logout` });
    expect(res.statusCode).toBe(200);
  });

  test('a forged or malformed cookie is a guest', async () => {
    expect((await me(`${SESSION_COOKIE}=${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await me(`${SESSION_COOKIE}=${'A'.repeat(500)}`)).statusCode).toBe(401);
    expect((await me()).statusCode).toBe(401);
  });
});

describe('profile', () => {
  test('PATCH changes the name; e-mail, role and id sent along are ignored', async () => {
    const { user, cookie } = await registerUser(t.app, { name: 'Cara' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/user/profile/me`,
      headers: { cookie },
      payload: { name: ' Cara Diaz ', email: 'evil@example.com', role: 'admin', _id: 'usr_other' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: {
        _id: user._id,
        name: 'Cara Diaz',
        email: user.email,
        role: 'customer',
        guest: false,
        phone: null,
      },
    });
    expect((await me(cookie)).json().data.name).toBe('Cara Diaz');
  });

  test("shopper B can neither read nor change shopper A's profile", async () => {
    const a = await registerUser(t.app, { name: 'Alice' });
    const b = await registerUser(t.app, { name: 'Bob' });
    expect((await me(b.cookie)).json().data._id).toBe(b.user._id);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${API}/user/profile/me`,
      headers: { cookie: b.cookie },
      payload: { name: 'Hacked', _id: a.user._id, email: a.user.email },
    });
    expect(res.json().data._id).toBe(b.user._id);
    expect((await me(a.cookie)).json().data.name).toBe('Alice');
  });

  test('signed out → 401; a bad name → 400', async () => {
    const anonymous = await t.app.inject({
      method: 'PATCH',
      url: `${API}/user/profile/me`,
      payload: { name: 'Nobody' },
    });
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const bad = await t.app.inject({
      method: 'PATCH',
      url: `${API}/user/profile/me`,
      headers: { cookie },
      payload: { name: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'body.name', message: 'Name must be at least 2 characters.' },
    ]);
  });
});

describe('admin account from SHOP_ADMIN_EMAIL / SHOP_ADMIN_PASSWORD', () => {
  test('is created, kept, and updated (ending its sessions) when the password changes', async () => {
    const email = uniqueEmail('admin');
    expect(await ensureAdmin(t.db, email, 'Admin-pass-1')).toBe('created');
    const first = await loginUser(t.app, email, 'Admin-pass-1');
    expect(first.user.role).toBe('admin');
    expect(await ensureAdmin(t.db, email, 'Admin-pass-1')).toBe('kept');
    expect((await me(first.cookie)).statusCode).toBe(200);
    expect(await ensureAdmin(t.db, email, 'Admin-pass-2')).toBe('updated');
    expect((await me(first.cookie)).statusCode).toBe(401);
    await loginUser(t.app, email, 'Admin-pass-2');
  });

  test('an existing customer with that address is promoted', async () => {
    const { user, cookie } = await registerUser(t.app);
    expect(await ensureAdmin(t.db, user.email, TEST_PASSWORD)).toBe('updated');
    expect((await me(cookie)).json().data.role).toBe('admin');
  });
});

test('every account endpoint is in the OpenAPI document', async () => {
  const doc = (await t.app.inject(`${API}/openapi.json`)).json();
  const paths = Object.keys(doc.paths);
  for (const path of [
    '/user/auth/register',
    '/user/auth/login',
    '/user/auth/logout',
    '/user/auth/forgot-password',
    '/user/auth/reset-password/{token}',
    '/user/auth/verify-otp-reset',
    '/user/auth/change-password',
    '/user/profile/me',
  ]) {
    expect(paths).toContain(`${API}${path}`);
  }
  expect(doc.paths[`${API}/user/auth/register`].post.requestBody).toBeDefined();
});
