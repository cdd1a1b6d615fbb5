/**
 * A guest checkout: `POST /user/auth/guest` starts a session of its own for an e-mail address,
 * which takes the guest cart along, places and pays orders, and sees its own orders — and nothing
 * of an account with the same address, nor anything only an account keeps.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GUEST_NAME } from '../../contract/auth.ts';
import { TEST_CARDS } from '../../contract/checkout-rules.ts';
import { userAddresses } from '../../server/modules/addresses/tables.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { GUEST_STARTED, INVALID_LOGIN } from '../../server/modules/auth/routes.ts';
import { GUEST_HAS_NO_ACCOUNT, SESSION_COOKIE } from '../../server/plugins/sessions.ts';
import {
  TEST_PASSWORD,
  loginUser,
  randomAddress,
  registerUser,
  sessionCookie,
  uniqueEmail,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall } from './checkout-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

const startGuest = (payload: object, remoteAddress = randomAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/user/auth/guest', payload, remoteAddress });

/** A guest session for a new address (or the one given), with its cookie. */
async function guest(email = uniqueEmail('guest'), extra: object = {}) {
  const res = await startGuest({ email, ...extra });
  expect(res.statusCode).toBe(201);
  const cookie = sessionCookie(res);
  if (!cookie) throw new Error('no session cookie');
  return { user: res.json().user as { _id: string; email: string }, cookie };
}

async function addToCart(caller: Caller, variantId: string, quantity: number) {
  const res = await cartCall(t.app, 'POST', '/cart/items', caller, {
    productId: F.whey,
    variantId,
    quantity,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { guestCartId?: string };
}

const get = (url: string, cookie: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: { cookie } });

describe('POST /user/auth/guest', () => {
  test('starts a guest session: 201, the user with its guest flag, and the cookie', async () => {
    const email = uniqueEmail('guest');
    const res = await startGuest({ email: ` ${email.toUpperCase()} `, name: ' Maya Chen ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: GUEST_STARTED,
      user: {
        _id: expect.stringMatching(/^usr_/),
        name: 'Maya Chen',
        email,
        role: 'customer',
        guest: true,
      },
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const [row] = await t.db.select().from(users).where(eq(users.id, res.json().user._id));
    expect(row).toMatchObject({ guest: true, passwordHash: null, email });
  });

  test('names the guest "Guest" when no name is given', async () => {
    const { user } = await guest();
    expect(user).toMatchObject({ name: GUEST_NAME, guest: true });
    expect(GUEST_NAME).toBe('Guest');
  });

  test('refuses a bad address, name or cart id with a 400 naming the field', async () => {
    const cases: [object, string, string][] = [
      [{}, 'body.email', 'Email is required.'],
      [{ email: 'not-an-address' }, 'body.email', 'Enter a valid email address.'],
      [{ email: uniqueEmail(), name: 'A' }, 'body.name', 'Name must be at least 2 characters.'],
      [
        { email: uniqueEmail(), guestCartId: 'nope' },
        'body.guestCartId',
        'must be the guest cart id the server issued',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await startGuest(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
      expect(sessionCookie(res)).toBeNull();
    }
  });

  test('answers the same for an address with an account, and never reaches that account', async () => {
    const account = await registerUser(t.app, { name: 'Account Owner' });
    const email = account.user.email;
    // The account has an order of its own.
    await addToCart({ cookie: account.cookie }, F.chocolate, 1);
    const placed = await placeOrderCall(t.app, account, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
    });
    expect(placed.statusCode).toBe(201);
    const accountOrderId = placed.json().data.order.id as string;

    const stranger = await startGuest({ email });
    const fresh = await startGuest({ email: uniqueEmail('nobody') });
    expect(stranger.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(stranger.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(stranger.json().message).toBe(fresh.json().message);
    const intruder = stranger.json().user;
    expect(intruder).toMatchObject({ email, guest: true, name: GUEST_NAME });
    expect(intruder._id).not.toBe(account.user._id);

    const cookie = sessionCookie(stranger)!;
    expect((await get('/orders/my', cookie)).json().data.items).toEqual([]);
    expect((await get(`/orders/${accountOrderId}`, cookie)).statusCode).toBe(404);
    expect((await get(`/orders/${accountOrderId}/invoice`, cookie)).statusCode).toBe(404);
    // The account's cart is not the guest's.
    expect((await cartCall(t.app, 'GET', '/cart', { cookie })).json().data.items).toEqual([]);

    // The account still signs in as itself, and its name and orders are untouched.
    const again = await loginUser(t.app, email);
    expect(again.user).toMatchObject({ _id: account.user._id, guest: false });
    expect((await get('/orders/my', again.cookie)).json().data.items).toHaveLength(1);
  });

  test('a guest has no password: its address alone signs nobody in', async () => {
    const { user } = await guest();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/login',
      remoteAddress: randomAddress(),
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(INVALID_LOGIN);
  });

  test('an address used by guests can still register, and each guest checkout is its own', async () => {
    const email = uniqueEmail('guest-then-account');
    const first = await guest(email);
    const second = await guest(email);
    expect(second.user._id).not.toBe(first.user._id);
    const account = await registerUser(t.app, { email });
    expect(account.user).toMatchObject({ email, guest: false });
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts.map((row) => row.guest).sort()).toEqual([false, true, true]);
  });

  test('takes the guest cart along', async () => {
    const { guestCartId } = await addToCart({}, F.chocolate, 2);
    await addToCart({ guestCartId }, F.vanilla, 1);
    const { cookie } = await guest(uniqueEmail('guest'), { guestCartId });
    const cart = (await cartCall(t.app, 'GET', '/cart', { cookie })).json().data;
    expect(
      Object.fromEntries(
        cart.items.map((line: { variantId: string; quantity: number }) => [
          line.variantId,
          line.quantity,
        ]),
      ),
    ).toEqual({ [F.chocolate]: 2, [F.vanilla]: 1 });
    // The guest cart was moved, not copied: its id now holds nothing.
    const left = (await cartCall(t.app, 'GET', '/cart', { guestCartId })).json().data;
    expect(left.items).toEqual([]);
  });

  test('places and pays an order, and sees it among its own orders only', async () => {
    const shopper = await guest();
    await addToCart({ cookie: shopper.cookie }, F.chocolate, 1);
    const placed = await placeOrderCall(t.app, shopper, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
      saveAddress: true,
    });
    expect(placed.statusCode).toBe(201);
    const orderId = placed.json().data.order.id as string;
    const paid = await payWithTestCard(t.app, shopper, orderId, TEST_CARDS.succeeds);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.status).toBe('succeeded');

    const mine = (await get('/orders/my', shopper.cookie)).json().data.items;
    expect(mine.map((order: { id: string }) => order.id)).toEqual([orderId]);
    const order = await get(`/orders/${orderId}`, shopper.cookie);
    expect(order.statusCode).toBe(200);
    expect(order.json().data.status).toBe('paid');
    expect((await get(`/orders/${orderId}/invoice`, shopper.cookie)).statusCode).toBe(200);
    // A guest keeps no addresses, even when the form asked to save one.
    const saved = await t.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, shopper.user._id));
    expect(saved).toEqual([]);

    // Another guest of the same address sees none of it.
    const other = await guest(shopper.user.email);
    expect((await get('/orders/my', other.cookie)).json().data.items).toEqual([]);
    expect((await get(`/orders/${orderId}`, other.cookie)).statusCode).toBe(404);
  });

  test('answers 403 for everything only an account keeps', async () => {
    const { cookie } = await guest();
    const calls: [string, string, object | undefined][] = [
      ['GET', '/user/profile/me', undefined],
      ['PATCH', '/user/profile/me', { name: 'New Name' }],
      [
        'PATCH',
        '/user/auth/change-password',
        { currentPassword: 'x', newPassword: 'Another-pass-9' },
      ],
      ['POST', '/user/profile/email', { newEmail: uniqueEmail(), password: 'x' }],
      ['GET', '/user/profile/me/export', undefined],
      ['POST', '/user/profile/me/delete', { password: 'x' }],
      ['GET', '/user/addresses', undefined],
      ['POST', '/user/addresses', TORONTO],
      ['GET', '/user/payment-methods', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url: `/api/v1${url}`,
        headers: { cookie, ...(payload ? {} : { 'x-requested-with': 'forge-storefront' }) },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json(), `${method} ${url}`).toEqual({
        success: false,
        code: 'guest_has_no_account',
        message: GUEST_HAS_NO_ACCOUNT,
      });
    }
  });

  test('signing out ends the guest session', async () => {
    const { cookie } = await guest();
    const out = await get('/user/auth/logout', cookie);
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');
    expect((await get('/orders/my', cookie)).statusCode).toBe(401);
  });
});
