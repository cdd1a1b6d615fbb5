/**
 * A guest makes an account and keeps its orders: from its session or from the order link of a
 * confirmation e-mail. Without an account for the address the guest's own row becomes the
 * account; with one, nothing joins until the account's mailbox opens the link it is sent.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../contract/checkout-rules.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import { ORDER_JOIN_TTL_MS } from '../../server/modules/auth/guest-accounts.ts';
import {
  ALREADY_AN_ACCOUNT,
  GUEST_ACCOUNT_CREATED,
  INVALID_JOIN_LINK,
  ORDER_HAS_ACCOUNT,
  joinLinkSent,
  ordersJoined,
} from '../../server/modules/auth/routes.ts';
import { orderJoins, users } from '../../server/modules/auth/tables.ts';
import { ORDER_LINK_INVALID } from '../../server/modules/orders/routes.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { GUEST_HAS_NO_ACCOUNT } from '../../server/plugins/sessions.ts';
import {
  loginUser,
  mailsTo,
  randomAddress,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall } from './checkout-fixtures.ts';

const ORIGIN = 'https://shop.example.com';
const NEW_PASSWORD = 'Guest-turned-9';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0', PUBLIC_ORIGIN: ORIGIN },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: randomAddress(),
    headers: cookie ? { cookie } : {},
  });
const get = (url: string, cookie?: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

async function startGuest(email = uniqueEmail('guest')): Promise<SignedIn> {
  const res = await post('/user/auth/guest', { email });
  expect(res.statusCode).toBe(201);
  return { user: res.json().user, cookie: sessionCookie(res)! };
}

/** An order placed by this shopper (paid unless told), with its confirmation's link token. */
async function order(shopper: SignedIn, options: { pay?: boolean } = {}) {
  const added = await cartCall(t.app, 'POST', '/cart/items', shopper, {
    productId: F.whey,
    variantId: F.chocolate,
    quantity: 1,
  });
  expect(added.statusCode).toBe(200);
  const placed = await placeOrderCall(t.app, shopper, {
    shippingAddress: TORONTO,
    shippingMethod: 'standard',
  });
  expect(placed.statusCode).toBe(201);
  const id = placed.json().data.order.id as string;
  if (options.pay === false) return { id, token: null };
  const paid = await payWithTestCard(t.app, shopper, id, TEST_CARDS.succeeds);
  expect(paid.statusCode).toBe(200);
  const confirmations = await mailsTo(t.db, shopper.user.email, 'order-confirmation');
  const mail = confirmations.find((row) => row.textBody.includes(placed.json().data.order.number));
  const token = /\/order-link\/([A-Za-z0-9_-]{43})/.exec(mail!.textBody)?.[1];
  if (!token) throw new Error(`no order link in:\n${mail!.textBody}`);
  return { id, token, text: mail!.textBody, html: mail!.htmlBody };
}

/** The id of a new unpaid order of this shopper. */
const startGuestsOrder = async (shopper: SignedIn) => (await order(shopper, { pay: false })).id;

async function myOrderIds(cookie: string): Promise<string[]> {
  const res = await get('/orders/my', cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data.items.map((item: { id: string }) => item.id);
}

/** The token of the newest join mail to this address, as the SMTP server received it. */
async function joinToken(email: string, seen = 0): Promise<string> {
  await t.app.mail.flush();
  const matching = () =>
    smtp.messages.filter(
      (mail) =>
        mail.to.includes(email) &&
        mail.subject === 'Add your guest orders to your Forge Nutrition account',
    );
  await smtp.waitFor((mail) => mail.to.includes(email) && matching().length > seen);
  const mail = matching().at(-1)!;
  expect(mail.text).toContain('Add your guest orders to your account');
  const token = new RegExp(`${ORIGIN}/join-orders/([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
  if (!token) throw new Error(`no join link in:\n${mail.text}`);
  expect(mail.html).toContain(`href="${ORIGIN}/join-orders/${token}"`);
  return token;
}

const join = (token: string) => post(`/user/auth/join-orders/${token}`, {});

describe('a guest session makes an account', () => {
  test('without an account for the address: the guest becomes it, keeps its orders and signs in with the password', async () => {
    const shopper = await startGuest();
    const paid = await order(shopper);
    const unpaid = await order(shopper, { pay: false });
    // The confirmation offers the account, through the same order link.
    expect(paid.text).toContain(
      `Create an account: ${ORIGIN}/order-link/${paid.token}#create-account`,
    );
    expect(paid.html).toContain(`href="${ORIGIN}/order-link/${paid.token}#create-account"`);
    expect((await get(`/order-links/${paid.token}`)).json().data.accountOffer).toBe(true);

    const res = await post('/user/auth/guest/account', { password: NEW_PASSWORD }, shopper.cookie);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      message: GUEST_ACCOUNT_CREATED,
      user: { ...shopper.user, guest: false },
    });
    const cookie = sessionCookie(res)!;
    expect(cookie).not.toBe(shopper.cookie);
    // The guest's session was rotated: the old cookie signs nobody in.
    expect((await get('/orders/my', shopper.cookie)).statusCode).toBe(401);
    expect((await myOrderIds(cookie)).sort()).toEqual([paid.id, unpaid.id].sort());
    expect((await get('/user/profile/me', cookie)).statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.user._id));
    expect(row).toMatchObject({ guest: false });
    expect(row!.passwordHash).toMatch(/^\$argon2/);
    expect(await mailsTo(t.db, shopper.user.email, 'welcome')).toHaveLength(1);

    const again = await loginUser(t.app, shopper.user.email, NEW_PASSWORD);
    expect(again.user).toMatchObject({ _id: shopper.user._id, guest: false });
    expect((await myOrderIds(again.cookie)).sort()).toEqual([paid.id, unpaid.id].sort());
    // Its order link no longer offers an account, and a second try is refused.
    expect((await get(`/order-links/${paid.token}`)).json().data.accountOffer).toBe(false);
    const twice = await post('/user/auth/guest/account', { password: NEW_PASSWORD }, cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ALREADY_AN_ACCOUNT);
  });

  test('the password follows the registration rules, named beside the field', async () => {
    const shopper = await startGuest();
    for (const [password, message] of [
      ['short1', 'Password must be at least 8 characters.'],
      ['no-digits-here', 'Password must contain at least one digit.'],
      ['1234567890', 'Password must contain at least one letter.'],
    ]) {
      const res = await post('/user/auth/guest/account', { password }, shopper.cookie);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'body.password', message });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.user._id));
    expect(row).toMatchObject({ guest: true, passwordHash: null });
  });

  test('no session answers 401; an account’s session 409', async () => {
    expect((await post('/user/auth/guest/account', { password: NEW_PASSWORD })).statusCode).toBe(
      401,
    );
    const account = await registerUser(t.app);
    const res = await post('/user/auth/guest/account', { password: NEW_PASSWORD }, account.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'already_has_account',
      message: ALREADY_AN_ACCOUNT,
    });
  });

  test('with an account for the address: a link goes to that account, and its orders join only when it is opened', async () => {
    const account = await registerUser(t.app, { name: 'Account Owner' });
    const email = account.user.email;
    const before = await order(account);
    const shopper = await startGuest(email);
    const first = await order(shopper);
    const second = await order(shopper, { pay: false });

    const res = await post('/user/auth/guest/account', { password: NEW_PASSWORD }, shopper.cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: joinLinkSent(email) });
    expect(sessionCookie(res)).toBeNull();
    // Nothing joined yet; the guest is still a guest with its orders, and the account unchanged.
    expect((await get('/user/profile/me', shopper.cookie)).json().message).toBe(
      GUEST_HAS_NO_ACCOUNT,
    );
    expect((await myOrderIds(shopper.cookie)).sort()).toEqual([first.id, second.id].sort());
    expect(await myOrderIds(account.cookie)).toEqual([before.id]);
    // The password given was not set on the account.
    expect((await post('/user/auth/login', { email, password: NEW_PASSWORD })).statusCode).toBe(
      401,
    );

    const token = await joinToken(email);
    const rows = await t.db
      .select()
      .from(orderJoins)
      .where(eq(orderJoins.guestUserId, shopper.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountUserId: account.user._id,
      tokenHash: hashToken(token),
      usedAt: null,
    });
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(
      7 * 24 * 60 * 60 * 1000,
    );
    expect(ORDER_JOIN_TTL_MS).toBe(7 * 24 * 60 * 60 * 1000);

    const joined = await join(token);
    expect(joined.statusCode).toBe(200);
    expect(joined.json()).toEqual({ success: true, message: ordersJoined(2) });
    expect(joined.json().message).toBe(
      '2 orders were added to your account. Sign in to see them in My Orders.',
    );
    expect((await myOrderIds(account.cookie)).sort()).toEqual(
      [before.id, first.id, second.id].sort(),
    );
    expect(await myOrderIds(shopper.cookie)).toEqual([]);
    expect((await get(`/orders/${first.id}`, account.cookie)).statusCode).toBe(200);

    // A second click moves nothing twice.
    const again = await join(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ path: 'params.token', message: INVALID_JOIN_LINK }]);
    const owners = await t.db
      .select({ userId: orders.userId })
      .from(orders)
      .where(eq(orders.userId, account.user._id));
    expect(owners).toHaveLength(3);
  });

  test('two guests of one address at once: one becomes the account, the other is sent a link', async () => {
    const email = uniqueEmail('racing');
    const first = await startGuest(email);
    const second = await startGuest(email);
    const [a, b] = await Promise.all([
      post('/user/auth/guest/account', { password: NEW_PASSWORD }, first.cookie),
      post('/user/auth/guest/account', { password: NEW_PASSWORD }, second.cookie),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 202]);
    const accounts = await t.db.select().from(users).where(eq(users.email, email));
    expect(accounts.filter((row) => !row.guest)).toHaveLength(1);
    expect(accounts.filter((row) => row.guest)).toHaveLength(1);
    // The one sent a link joins the one that won.
    const winner = a.statusCode === 201 ? a.json().user._id : b.json().user._id;
    const loser = await startGuestsOrder(a.statusCode === 201 ? second : first);
    const token = await joinToken(email);
    expect((await join(token)).json().message).toBe(ordersJoined(1));
    const [moved] = await t.db.select().from(orders).where(eq(orders.id, loser));
    expect(moved!.userId).toBe(winner);
  });

  test('an unknown, malformed or expired join link answers 400 naming params.token', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      const res = await join(encodeURIComponent(token));
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'token_invalid',
        message: INVALID_JOIN_LINK,
        errors: [{ path: 'params.token', message: INVALID_JOIN_LINK }],
      });
    }
    const account = await registerUser(t.app);
    const shopper = await startGuest(account.user.email);
    const placed = await order(shopper);
    expect(
      (await post('/user/auth/guest/account', { password: NEW_PASSWORD }, shopper.cookie))
        .statusCode,
    ).toBe(202);
    const token = await joinToken(account.user.email);
    await t.db
      .update(orderJoins)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orderJoins.tokenHash, hashToken(token)));
    expect((await join(token)).statusCode).toBe(400);
    expect(await myOrderIds(shopper.cookie)).toEqual([placed.id]);
  });
});

describe('the order link makes an account', () => {
  test('without an account for the address: whoever holds the link, without a session, gets the account and the orders', async () => {
    const shopper = await startGuest();
    const placed = await order(shopper);
    const res = await post(`/order-links/${placed.token}/account`, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: GUEST_ACCOUNT_CREATED,
      user: { _id: shopper.user._id, guest: false },
    });
    const cookie = sessionCookie(res)!;
    expect(await myOrderIds(cookie)).toEqual([placed.id]);
    const signedIn = await loginUser(t.app, shopper.user.email, NEW_PASSWORD);
    expect(await myOrderIds(signedIn.cookie)).toEqual([placed.id]);

    const twice = await post(`/order-links/${placed.token}/account`, { password: NEW_PASSWORD });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ORDER_HAS_ACCOUNT);
  });

  test('an account’s order link answers 409, and an unknown link 404', async () => {
    const account = await registerUser(t.app);
    const placed = await order(account);
    // An account's confirmation offers no account.
    expect(placed.text).not.toContain('Create an account');
    expect(placed.text).not.toContain('#create-account');
    expect((await get(`/order-links/${placed.token}`)).json().data.accountOffer).toBe(false);
    const res = await post(`/order-links/${placed.token}/account`, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ORDER_HAS_ACCOUNT);
    for (const token of ['A'.repeat(43), 'nope']) {
      const unknown = await post(`/order-links/${token}/account`, { password: NEW_PASSWORD });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ORDER_LINK_INVALID);
    }
  });

  test('with an account for the address: 202, and the mailed link joins that guest’s orders', async () => {
    const account = await registerUser(t.app);
    const email = account.user.email;
    const shopper = await startGuest(email);
    const placed = await order(shopper);
    const res = await post(`/order-links/${placed.token}/account`, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ success: true, message: joinLinkSent(email) });
    expect(sessionCookie(res)).toBeNull();
    const token = await joinToken(email);
    expect((await join(token)).json().message).toBe(ordersJoined(1));
    expect(ordersJoined(1)).toBe(
      '1 order was added to your account. Sign in to see it in My Orders.',
    );
    expect(await myOrderIds(account.cookie)).toEqual([placed.id]);
    expect(await myOrderIds(shopper.cookie)).toEqual([]);
  });

  test('one order’s link claims only its own guest’s orders, never another guest’s', async () => {
    // Two guests of one address, and one of another address.
    const email = uniqueEmail('shared');
    const mine = await startGuest(email);
    const sameAddress = await startGuest(email);
    const stranger = await startGuest();
    const myOrder = await order(mine);
    const theirOrder = await order(sameAddress);
    const strangerOrder = await order(stranger);

    const res = await post(`/order-links/${myOrder.token}/account`, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().user._id).toBe(mine.user._id);
    const cookie = sessionCookie(res)!;
    expect(await myOrderIds(cookie)).toEqual([myOrder.id]);
    expect(await myOrderIds(sameAddress.cookie)).toEqual([theirOrder.id]);
    expect(await myOrderIds(stranger.cookie)).toEqual([strangerOrder.id]);

    // The other guest of the address now meets an account: its orders join only by the link,
    // and only its own.
    const joinRes = await post(`/order-links/${theirOrder.token}/account`, {
      password: NEW_PASSWORD,
    });
    expect(joinRes.statusCode).toBe(202);
    const token = await joinToken(email);
    expect((await join(token)).json().message).toBe(ordersJoined(1));
    expect((await myOrderIds(cookie)).sort()).toEqual([myOrder.id, theirOrder.id].sort());
    expect(await myOrderIds(stranger.cookie)).toEqual([strangerOrder.id]);
  });
});
