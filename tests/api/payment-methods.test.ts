import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../contract/orders.ts';
import {
  SAVED_PAYMENT_METHODS_MAX,
  TEST_CARD_CHOICES,
  type PaymentMethodSetup,
  type SavedPaymentMethod,
} from '../../contract/payment-methods.ts';
import { ensureProviderPayment } from '../../server/modules/payments/service.ts';
import { paymentCustomers, savedPaymentMethods } from '../../server/modules/payments/tables.ts';
import { TEST_DECLINE_MESSAGES } from '../../server/modules/payments/test-provider.ts';
import { TEST_PASSWORD, registerUser, type SignedIn } from '../helpers/auth.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { cartCall, type Caller } from './cart-fixtures.ts';

const env = { MAIL_POLL_INTERVAL_MS: '0', ORDER_JOBS_INTERVAL_MS: '0' };

let t: TestApp;
let s: StripeTestApp;
beforeAll(async () => {
  [t, s] = await Promise.all([createTestApp({ env }), createStripeTestApp()]);
});
afterAll(async () => {
  await Promise.all([t?.close(), s?.close()]);
});

const list = async (app: TestApp, shopper: Caller) => {
  const res = await cartCall(app.app, 'GET', '/user/payment-methods', shopper);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SavedPaymentMethod[];
};

const setup = async (app: TestApp, shopper: Caller) => {
  const res = await cartCall(app.app, 'POST', '/user/payment-methods/setup', shopper, {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as PaymentMethodSetup;
};

const save = (app: TestApp, shopper: Caller, body: object) =>
  cartCall(app.app, 'POST', '/user/payment-methods', shopper, body);

async function saveTestCard(shopper: SignedIn, testCard: string) {
  const res = await save(t, shopper, { testCard });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedPaymentMethod;
}

/** The shopper adds a card in Stripe's Payment Element (setup mode) and the shop keeps it. */
async function setUpStripeCard(shopper: SignedIn, testToken = 'pm_card_visa') {
  const started = await setup(s, shopper);
  if (started.provider !== 'stripe') throw new Error('expected a Stripe setup');
  expect(started.clientSecret).toMatch(/^seti_/);
  await s.browser.setupIntents.confirm(started.setupIntentId, { payment_method: testToken });
  return started.setupIntentId;
}

async function saveStripeCard(shopper: SignedIn, testToken = 'pm_card_visa') {
  const setupIntentId = await setUpStripeCard(shopper, testToken);
  const res = await save(s, shopper, { setupIntentId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as SavedPaymentMethod;
}

const payWithSaved = (app: TestApp, shopper: Caller, orderId: string, paymentMethodId: string) =>
  cartCall(app.app, 'POST', `/orders/${orderId}/payment/saved-method`, shopper, {
    paymentMethodId,
  });

describe('saved payment methods: access', () => {
  test('signed out (a guest too): every route answers 401', async () => {
    for (const app of [t, s]) {
      for (const [method, path, body] of [
        ['GET', '/user/payment-methods', undefined],
        ['POST', '/user/payment-methods/setup', {}],
        ['POST', '/user/payment-methods', { testCard: 'succeeds' }],
        ['DELETE', '/user/payment-methods/spm_x', undefined],
        ['POST', '/orders/ord_x/payment/saved-method', { paymentMethodId: 'spm_x' }],
      ] as const) {
        for (const caller of [{}, { guestCartId: 'A'.repeat(32) }]) {
          const res = await cartCall(app.app, method, path, caller, body);
          expect(res.statusCode, `${method} ${path}`).toBe(401);
        }
      }
    }
  });

  test("another shopper's card is 404 to remove and to pay with, and is not listed", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const card = await saveTestCard(owner, 'succeeds');
    expect(await list(t, other)).toEqual([]);

    const removed = await cartCall(t.app, 'DELETE', `/user/payment-methods/${card.id}`, other);
    expect(removed.statusCode).toBe(404);

    const order = await insertOrder(t.db, { provider: 'test', userId: other.user._id });
    const paid = await payWithSaved(t, other, order.id, card.id);
    expect(paid.statusCode).toBe(404);
    expect((await readOrder(t.db, order.id)).order.status).toBe('pending_payment');
    expect(await list(t, owner)).toHaveLength(1);
  });

  test("a shopper's card cannot pay another shopper's order (404)", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const card = await saveTestCard(other, 'succeeds');
    const order = await insertOrder(t.db, { provider: 'test', userId: owner.user._id });
    const res = await payWithSaved(t, other, order.id, card.id);
    expect(res.statusCode).toBe(404);
    expect((await readOrder(t.db, order.id)).order.status).toBe('pending_payment');
  });
});

describe('saved payment methods with the built-in test provider', () => {
  test('setup offers the test cards: brand, last four and expiry, never a number', async () => {
    const shopper = await registerUser(t.app);
    const started = await setup(t, shopper);
    expect(started.provider).toBe('test');
    if (started.provider !== 'test') return;
    expect(started.testCards.map((card) => card.id)).toEqual(TEST_CARD_CHOICES);
    expect(started.testCards[0]).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    expect(JSON.stringify(started)).not.toMatch(/\d{12,}/);
  });

  test('save, list, save again (same card, no duplicate), delete', async () => {
    const shopper = await registerUser(t.app);
    const visa = await saveTestCard(shopper, 'succeeds');
    expect(visa).toMatchObject({
      provider: 'test',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
    const declined = await saveTestCard(shopper, 'declined');
    const again = await save(t, shopper, { testCard: 'succeeds' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(visa.id);
    expect((await list(t, shopper)).map((card) => card.id)).toEqual([visa.id, declined.id]);

    const res = await cartCall(t.app, 'DELETE', `/user/payment-methods/${visa.id}`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as SavedPaymentMethod[]).map((card) => card.id)).toEqual([declined.id]);
    expect(await list(t, shopper)).toHaveLength(1);
    const gone = await cartCall(t.app, 'DELETE', `/user/payment-methods/${visa.id}`, shopper);
    expect(gone.statusCode).toBe(404);
  });

  test('no card number is accepted or stored', async () => {
    const shopper = await registerUser(t.app);
    const onlyNumber = await save(t, shopper, {
      cardNumber: TEST_CARDS.succeeds,
      expiry: '12/34',
      cvc: '123',
    });
    expect(onlyNumber.statusCode).toBe(400);
    const unknownCard = await save(t, shopper, { testCard: TEST_CARDS.succeeds });
    expect(unknownCard.statusCode).toBe(400);
    const rawToken = await save(t, shopper, { testCard: 'test_pm_succeeds' });
    expect(rawToken.statusCode).toBe(400);

    // A number sent beside a valid choice is ignored, never stored.
    const res = await save(t, shopper, { testCard: 'succeeds', cardNumber: TEST_CARDS.declined });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await t.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, shopper.user._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token: 'test_pm_succeeds', last4: '4242' });
    expect(JSON.stringify(rows)).not.toMatch(/\d{12,}/);
  });

  test(`at most ${SAVED_PAYMENT_METHODS_MAX} cards per shopper`, async () => {
    const shopper = await registerUser(t.app);
    const rows = Array.from({ length: SAVED_PAYMENT_METHODS_MAX }, (_, i) => ({
      id: `spm_fill_${shopper.user._id}_${i}`,
      userId: shopper.user._id,
      provider: 'test' as const,
      token: `test_pm_filler_${i}`,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    }));
    await t.db.insert(savedPaymentMethods).values(rows);
    const res = await save(t, shopper, { testCard: 'succeeds' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ limit: SAVED_PAYMENT_METHODS_MAX });
  });

  test('paying an order with a saved card pays it through the completer', async () => {
    const shopper = await registerUser(t.app);
    const card = await saveTestCard(shopper, 'succeeds');
    const order = await insertOrder(t.db, { provider: 'test', userId: shopper.user._id });
    const res = await payWithSaved(t, shopper, order.id, card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    });
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('paid');
    expect(after.events.find((event) => event.status === 'paid')).toMatchObject({
      actor: 'shopper',
      actorId: shopper.user._id,
    });

    // Paying again answers the settled payment and charges nothing more.
    const again = await payWithSaved(t, shopper, order.id, card.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('succeeded');
  });

  test('a saved declined card is declined; the authentication card asks for the step', async () => {
    const shopper = await registerUser(t.app);
    const declined = await saveTestCard(shopper, 'declined');
    const challenged = await saveTestCard(shopper, 'requiresAuthentication');
    const order = await insertOrder(t.db, { provider: 'test', userId: shopper.user._id });

    const first = await payWithSaved(t, shopper, order.id, declined.id);
    expect(first.json().data).toMatchObject({
      status: 'requires_payment_method',
      lastError: TEST_DECLINE_MESSAGES.declined,
    });
    const second = await payWithSaved(t, shopper, order.id, challenged.id);
    expect(second.json().data.status).toBe('requires_action');
    const passed = await cartCall(t.app, 'POST', `/payments/test/${order.id}/confirm`, shopper, {
      authenticate: true,
    });
    expect(passed.json().data.status).toBe('succeeded');
    expect((await readOrder(t.db, order.id)).order.status).toBe('paid');
  });
});

describe('saved payment methods with Stripe (the real SDK against the stand-in)', () => {
  test('setup makes one Stripe Customer per shopper and a SetupIntent for it', async () => {
    const shopper = await registerUser(s.app);
    const first = await setup(s, shopper);
    const second = await setup(s, shopper);
    if (first.provider !== 'stripe' || second.provider !== 'stripe') throw new Error('not Stripe');
    const customers = await s.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.userId, shopper.user._id));
    expect(customers).toHaveLength(1);
    const customer = customers[0]!.customerId;
    expect(s.standIn.customers.get(customer)?.metadata).toEqual({ userId: shopper.user._id });
    expect(s.standIn.setupIntents.get(first.setupIntentId)?.customer).toBe(customer);
    expect(s.standIn.setupIntents.get(second.setupIntentId)?.customer).toBe(customer);
  });

  test('save reads the card from Stripe; list; delete detaches it', async () => {
    const shopper = await registerUser(s.app);
    const card = await saveStripeCard(shopper, 'pm_card_mastercard');
    expect(card).toMatchObject({
      provider: 'stripe',
      brand: 'mastercard',
      last4: '4444',
      expMonth: 12,
      expYear: 2034,
    });
    expect((await list(s, shopper)).map((c) => c.id)).toEqual([card.id]);
    const [row] = await s.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, card.id));
    expect(row!.token).toMatch(/^pm_/);
    expect(s.standIn.paymentMethods.get(row!.token)?.customer).toMatch(/^cus_/);

    const res = await cartCall(s.app, 'DELETE', `/user/payment-methods/${card.id}`, shopper);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(s.standIn.paymentMethods.get(row!.token)?.customer).toBeNull();
    expect(
      s.standIn.requests.some(
        (r) => r.method === 'POST' && r.path === `/v1/payment_methods/${row!.token}/detach`,
      ),
    ).toBe(true);
  });

  test('deleting the account detaches every saved card at Stripe', async () => {
    const shopper = await registerUser(s.app);
    const visa = await saveStripeCard(shopper, 'pm_card_visa');
    const mastercard = await saveStripeCard(shopper, 'pm_card_mastercard');
    const tokens = await s.db
      .select({ id: savedPaymentMethods.id, token: savedPaymentMethods.token })
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.userId, shopper.user._id));
    expect(tokens.map((row) => row.id).sort()).toEqual([visa.id, mastercard.id].sort());

    const res = await cartCall(s.app, 'POST', '/user/profile/me/delete', shopper, {
      password: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const { token } of tokens) {
      expect(s.standIn.paymentMethods.get(token)?.customer).toBeNull();
    }
  });

  test("another shopper's SetupIntent is refused (404) and nothing is stored", async () => {
    const owner = await registerUser(s.app);
    const thief = await registerUser(s.app);
    const setupIntentId = await setUpStripeCard(owner);
    await setup(s, thief); // the thief has a customer of their own
    const res = await save(s, thief, { setupIntentId });
    expect(res.statusCode).toBe(404);
    const noCustomer = await registerUser(s.app);
    expect((await save(s, noCustomer, { setupIntentId })).statusCode).toBe(404);
    expect((await save(s, thief, { setupIntentId: 'seti_doesnotexist' })).statusCode).toBe(404);
    expect(await list(s, thief)).toEqual([]);
    expect(await list(s, noCustomer)).toEqual([]);
  });

  test('a SetupIntent not yet confirmed is refused (409); a test card choice is 400', async () => {
    const shopper = await registerUser(s.app);
    const started = await setup(s, shopper);
    if (started.provider !== 'stripe') throw new Error('not Stripe');
    const res = await save(s, shopper, { setupIntentId: started.setupIntentId });
    expect(res.statusCode).toBe(409);
    expect((await save(s, shopper, { testCard: 'succeeds' })).statusCode).toBe(400);
    expect(
      (await save(s, shopper, { paymentMethod: 'pm_card_visa', cardNumber: TEST_CARDS.succeeds }))
        .statusCode,
    ).toBe(400);
    expect(await list(s, shopper)).toEqual([]);
  });

  test('paying an order with a saved card confirms its PaymentIntent with customer and card', async () => {
    const shopper = await registerUser(s.app);
    const card = await saveStripeCard(shopper);
    const order = await insertOrder(s.db, { provider: 'stripe', userId: shopper.user._id });
    const payment = await ensureProviderPayment(s.db, s.app.payments, order.id);

    const res = await payWithSaved(s, shopper, order.id, card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
    });
    const intent = s.standIn.intent(payment.reference!);
    const [row] = await s.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, card.id));
    expect(intent).toMatchObject({ status: 'succeeded', payment_method: row!.token });
    expect(intent.customer).toBe(s.standIn.paymentMethods.get(row!.token)!.customer);
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');

    // The webhook that follows changes nothing more.
    const delivered = await s.deliver(s.intentEvent('payment_intent.succeeded', intent.id));
    expect(delivered.statusCode).toBe(200);
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test('a saved card whose bank asks for authentication leaves the order waiting, with the client secret', async () => {
    const shopper = await registerUser(s.app);
    const card = await saveStripeCard(shopper, 'pm_card_authenticationRequired');
    const order = await insertOrder(s.db, { provider: 'stripe', userId: shopper.user._id });
    const res = await payWithSaved(s, shopper, order.id, card.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('requires_action');
    expect(res.json().data.clientSecret).toMatch(/_secret_/);
    expect((await readOrder(s.db, order.id)).order.status).toBe('pending_payment');
  });

  test("a Stripe card token is never taken from the client: another shopper's pm_… is 404", async () => {
    const owner = await registerUser(s.app);
    const thief = await registerUser(s.app);
    const card = await saveStripeCard(owner);
    const [row] = await s.db
      .select()
      .from(savedPaymentMethods)
      .where(eq(savedPaymentMethods.id, card.id));
    await saveStripeCard(thief);
    const order = await insertOrder(s.db, { provider: 'stripe', userId: thief.user._id });
    const payment = await ensureProviderPayment(s.db, s.app.payments, order.id);
    for (const paymentMethodId of [row!.token, card.id, 'pm_card_visa']) {
      const res = await payWithSaved(s, thief, order.id, paymentMethodId);
      expect(res.statusCode, paymentMethodId).toBe(404);
    }
    expect(s.standIn.intent(payment.reference!).status).toBe('requires_payment_method');
    expect((await readOrder(s.db, order.id)).order.status).toBe('pending_payment');
  });

  test('a card removed at the shop can no longer pay', async () => {
    const shopper = await registerUser(s.app);
    const card = await saveStripeCard(shopper);
    await cartCall(s.app, 'DELETE', `/user/payment-methods/${card.id}`, shopper);
    const order = await insertOrder(s.db, { provider: 'stripe', userId: shopper.user._id });
    const res = await payWithSaved(s, shopper, order.id, card.id);
    expect(res.statusCode).toBe(404);
  });
});
