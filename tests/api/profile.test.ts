import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProfileExport } from '../../contract/auth.ts';
import type { Order } from '../../contract/orders.ts';
import { emailChanges, sessions, users } from '../../server/modules/auth/tables.ts';
import { carts } from '../../server/modules/cart/tables.ts';
import { orderItems, orders } from '../../server/modules/orders/tables.ts';
import { userAddresses } from '../../server/modules/addresses/tables.ts';
import { savedPaymentMethods } from '../../server/modules/payments/tables.ts';
import { SESSION_COOKIE } from '../../server/plugins/sessions.ts';
import {
  loginUser,
  mailsTo,
  randomAddress,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { MAIL_POLL_INTERVAL_MS: '0', ORDER_JOBS_INTERVAL_MS: '0' },
  });
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

async function placedOrder(shopper: SignedIn) {
  const res = await placeOrderCall(t.app, shopper, {
    shippingAddress: TORONTO,
    shippingMethod: 'standard',
    saveAddress: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json().data as { order: Order }).order;
}

const chocolate = { productId: F.whey, variantId: F.chocolate, quantity: 1 };

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

describe('e-mail change', () => {
  const requestChange = (who: SignedIn, newEmail: string, password: string) =>
    call('POST', '/user/profile/email', who, { newEmail, password });
  const confirm = (token: string) => call('POST', '/user/profile/email/confirm', null, { token });

  async function confirmToken(newEmail: string) {
    const [mail] = await mailsTo(t.db, newEmail, 'email-change-confirm');
    expect(mail, `confirmation mail to ${newEmail}`).toBeDefined();
    const link = /(https?:\/\/\S+)\/profile\/me\?confirmEmail=([A-Za-z0-9_-]+)/.exec(
      mail!.textBody,
    );
    expect(link, mail!.textBody).not.toBeNull();
    expect(link![1]).toBe(t.config.publicOrigin);
    return link![2]!;
  }

  test('the e-mail changes only once the link sent to the new address is opened', async () => {
    const shopper = await registerUser(t.app);
    const oldEmail = shopper.user.email;
    const newEmail = uniqueEmail('moved');
    const res = await requestChange(shopper, newEmail.toUpperCase(), shopper.password);
    expect(res.statusCode, res.body).toBe(200);

    // Nothing changed yet: the old address still signs in, the new one does not.
    expect((await profileOf(shopper)).json().data.email).toBe(oldEmail);
    await expect(loginUser(t.app, oldEmail, shopper.password)).resolves.toBeDefined();
    await expect(loginUser(t.app, newEmail, shopper.password)).rejects.toThrow();
    const [notice] = await mailsTo(t.db, oldEmail, 'email-change-notice');
    expect(notice?.textBody).toContain(newEmail);
    expect(notice?.textBody).not.toMatch(/confirmEmail=/);

    const token = await confirmToken(newEmail);
    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(200);
    expect((await profileOf(shopper)).json().data.email).toBe(newEmail);
    await expect(loginUser(t.app, newEmail, shopper.password)).resolves.toBeDefined();
    await expect(loginUser(t.app, oldEmail, shopper.password)).rejects.toThrow();

    // Once only.
    const again = await confirm(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/already been used/);
  });

  test('an expired or unknown link is refused and changes nothing', async () => {
    const shopper = await registerUser(t.app);
    const newEmail = uniqueEmail('late');
    expect((await requestChange(shopper, newEmail, shopper.password)).statusCode).toBe(200);
    const token = await confirmToken(newEmail);
    await t.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, shopper.user._id));
    const res = await confirm(token);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
    expect((await profileOf(shopper)).json().data.email).toBe(shopper.user.email);

    const unknown = await confirm('not-a-real-token');
    expect(unknown.statusCode).toBe(400);
    expect(fieldErrors(unknown.body)).toEqual(['body.token']);
  });

  test('a wrong password is 400 naming body.password; a taken address 409 naming newEmail', async () => {
    const shopper = await registerUser(t.app);
    const other = await registerUser(t.app);
    const wrong = await requestChange(shopper, uniqueEmail(), 'Not-my-pass-1');
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrors(wrong.body)).toEqual(['body.password']);
    expect((await profileOf(shopper)).statusCode).toBe(200);

    const taken = await requestChange(shopper, other.user.email, shopper.password);
    expect(taken.statusCode).toBe(409);
    expect(fieldErrors(taken.body)).toEqual(['body.newEmail']);
    expect(await mailsTo(t.db, other.user.email, 'email-change-confirm')).toHaveLength(0);
  });

  test('signed out: 401', async () => {
    const res = await call('POST', '/user/profile/email', null, {
      newEmail: uniqueEmail(),
      password: 'Whatever-1',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('download my data', () => {
  test("holds the shopper's account, addresses and orders, and not another's", async () => {
    const shopper = await shopperWithCart(t.app, [chocolate]);
    const other = await shopperWithCart(t.app, [chocolate]);
    const mine = await placedOrder(shopper);
    const theirs = await placedOrder(other);
    expect(
      (await call('POST', '/user/payment-methods', shopper, { testCard: 'succeeds' })).statusCode,
    ).toBe(201);
    const heart = (who: SignedIn, productId: string) =>
      call('POST', '/user/wishlist/merge', who, { productIds: [productId] });
    expect((await heart(shopper, F.whey)).statusCode).toBe(200);
    expect((await heart(other, F.creatine)).statusCode).toBe(200);

    const res = await call('GET', '/user/profile/me/export', shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    expect(res.headers['cache-control']).toBe('no-store');
    // Secrets and the shop's own bookkeeping (the checkout key, whether its sales were counted).
    expect(res.body).not.toMatch(/passwordHash|password_hash|argon|checkoutKey|salesCounted/i);

    const data = res.json() as ProfileExport;
    // The languages the shop writes to them in are theirs to see too.
    expect(data.account).toMatchObject({
      _id: shopper.user._id,
      email: shopper.user.email,
      locale: 'en-CA',
    });
    expect(data.orders.map((o) => o.id)).toEqual([mine.id]);
    expect(data.orders[0]).toMatchObject({ total: mine.totals.total, locale: 'en-CA' });
    expect(`FN-${data.orders[0]!.number as number}`).toBe(mine.number);
    expect((data.orders[0]!.items as unknown[]).length).toBe(1);
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ line1: TORONTO.line1 });
    expect(data.paymentMethods).toEqual([
      expect.objectContaining({ brand: 'visa', last4: '4242', expMonth: 12 }),
    ]);
    expect(data.wishlist).toEqual([
      { productId: F.whey, name: 'FX Gold Whey', addedAt: expect.any(String) },
    ]);
    expect(res.body).not.toContain('test_pm_');
    expect(res.body).not.toContain(theirs.id);
    expect(res.body).not.toContain(other.user.email);
  });

  test('signed out: 401', async () => {
    expect((await call('GET', '/user/profile/me/export', null)).statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  const remove = (who: SignedIn, password: string) =>
    call('POST', '/user/profile/me/delete', who, { password });

  test('a wrong password is 400 naming body.password and deletes nothing', async () => {
    const shopper = await registerUser(t.app);
    const res = await remove(shopper, 'Not-my-pass-1');
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res.body)).toEqual(['body.password']);
    expect((await profileOf(shopper)).statusCode).toBe(200);
  });

  test('anonymises and keeps orders, ends sessions, deletes the rest, frees the e-mail', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate]);
    const order = await placedOrder(shopper);
    // A cancelled order is closed: it no longer holds the account open.
    const cancel = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, shopper);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      (await call('POST', '/user/payment-methods', shopper, { testCard: 'succeeds' })).statusCode,
    ).toBe(201);
    // Something in the cart again, so there is a cart to delete.
    await cartCall(t.app, 'POST', '/cart/items', shopper, chocolate);
    const other = await loginUser(t.app, shopper.user.email);
    const { _id: userId, email } = shopper.user;

    const res = await remove(shopper, 'Correct-horse-9');
    expect(res.statusCode, res.body).toBe(200);
    const cleared = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value ?? '').toBe('');

    expect((await profileOf(shopper)).statusCode).toBe(401);
    expect((await profileOf(other)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.id, userId))).toHaveLength(0);
    expect(
      await t.db.select().from(userAddresses).where(eq(userAddresses.userId, userId)),
    ).toHaveLength(0);
    expect(await t.db.select().from(carts).where(eq(carts.userId, userId))).toHaveLength(0);
    expect(
      await t.db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId)),
    ).toHaveLength(0);

    const [kept] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({
      userId: null,
      email: `deleted-${order.id}@invalid`,
      total: order.totals.total,
      subtotal: order.totals.subtotal,
    });
    expect(`FN-${kept!.number}`).toBe(order.number);
    for (const address of [kept!.shippingAddress, kept!.billingAddress]) {
      expect(address).toMatchObject({ province: 'ON', postalCode: 'M5H', country: 'CA' });
      expect(JSON.stringify(address)).not.toMatch(/Maya|Queen|Toronto|555/);
    }
    expect(
      await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id)),
    ).toHaveLength(1);

    await expect(loginUser(t.app, email)).rejects.toThrow();
    const again = await registerUser(t.app, { email });
    expect(again.user._id).not.toBe(userId);
  });

  test('an order not yet delivered or cancelled keeps the account: 409 naming it, nothing erased', async () => {
    const shopper = await shopperWithCart(t.app, [chocolate]);
    const unpaid = await placedOrder(shopper);
    await cartCall(t.app, 'POST', '/cart/items', shopper, chocolate);
    const paid = await placedOrder(shopper);
    const pay = await payWithTestCard(t.app, shopper, paid.id, '4242424242424242');
    expect(pay.statusCode, pay.body).toBe(200);

    const res = await remove(shopper, 'Correct-horse-9');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'account_has_open_orders',
      reason: 'open_orders',
      orders: [
        { number: unpaid.number, status: 'pending_payment' },
        { number: paid.number, status: 'paid' },
      ],
    });
    expect(res.json().message).toBe(
      `Your account cannot be deleted while orders are still open: ${unpaid.number} (Awaiting payment), ${paid.number} (Paid). Cancel them, or wait until they are delivered, then delete the account.`,
    );
    expect((await profileOf(shopper)).statusCode).toBe(200);
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, paid.id));
    expect(kept!.shippingAddress).toMatchObject({ name: 'Maya Chen', line1: '100 Queen St W' });

    // Once both are closed (the paid one cancelled and refunded), the account may go.
    for (const order of [unpaid, paid]) {
      const cancel = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, shopper);
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    expect((await remove(shopper, 'Correct-horse-9')).statusCode).toBe(200);
  });

  test('signed out: 401', async () => {
    expect(
      (await call('POST', '/user/profile/me/delete', null, { password: 'x' })).statusCode,
    ).toBe(401);
  });
});
