import { formatMoney } from '../../server/modules/orders/formatting.ts';
/**
 * A payment that succeeds for a sum other than the order's total never pays the order, whichever
 * way the reading arrives: Stripe's webhook, the browser's return (a refresh), the reconciliation
 * job, or the built-in test provider. The order stays awaiting payment, with a `payment_mismatch`
 * entry on its timeline for a person to look at, and no confirmation e-mail goes out.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../contract/orders.ts';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { reconcilePayments } from '../../server/modules/payments/jobs.ts';
import { refreshPayment } from '../../server/modules/payments/service.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { mailsTo, registerUser } from '../helpers/auth.ts';
import { captureLog } from '../helpers/capture-log.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import {
  createStripeTestApp,
  type StripeOrder,
  type StripeTestApp,
} from '../helpers/stripe-app.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { payWithTestCard } from './checkout-fixtures.ts';

const HOUR = 60 * 60_000;

/** One cent short, one cent over, and a whole dollar over the order's total. */
const WRONG_BY = [-1, 1, 100] as const;

let s: StripeTestApp;
let t: TestApp;
beforeAll(async () => {
  [s, t] = await Promise.all([
    createStripeTestApp(),
    createTestApp({ env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' } }),
  ]);
});
afterAll(async () => {
  await Promise.all([s?.close(), t?.close()]);
});

/** The shopper pays at Stripe, but Stripe's PaymentIntent says another sum was taken. */
async function paidWrongAtStripe(by: number): Promise<StripeOrder> {
  const order = await s.placeOrder();
  await s.pay(order.intent);
  const intent = s.standIn.intents.get(order.intent)!;
  expect(intent.status).toBe('succeeded');
  intent.amount = order.total + by;
  intent.amount_received = order.total + by;
  return order;
}

async function expectMismatch(
  db: TestApp['db'],
  order: { id: string; email: string; total: number },
  by: number,
) {
  const { order: row, events } = await readOrder(db, order.id);
  expect(row.status).toBe('pending_payment');
  expect(row.paidAt).toBeNull();
  expect(events.filter((event) => event.type === 'paid')).toHaveLength(0);
  const mismatches = events.filter((event) => event.type === 'payment_mismatch');
  expect(mismatches).toHaveLength(1);
  expect(mismatches[0]!.note).toContain(`${formatMoney(order.total + by)} paid`);
  expect(await mailsTo(db, order.email, ORDER_MAIL_KINDS.paid)).toHaveLength(0);
}

describe('Stripe', () => {
  test.each(WRONG_BY)('the webhook: a succeeded PaymentIntent off by %i ¢', async (by) => {
    const order = await paidWrongAtStripe(by);
    const res = await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent));
    expect(res.statusCode).toBe(200);
    await expectMismatch(s.db, order, by);
    // Delivered again, it changes nothing and records nothing more.
    await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent));
    await expectMismatch(s.db, order, by);
  });

  test.each(WRONG_BY)("the browser's return: a refresh reading %i ¢ off", async (by) => {
    const order = await paidWrongAtStripe(by);
    await refreshPayment(s.db, s.app.payments, order.id, 'shopper');
    await expectMismatch(s.db, order, by);
  });

  test.each(WRONG_BY)('reconciliation: Stripe reports %i ¢ off', async (by) => {
    const order = await paidWrongAtStripe(by);
    const { log } = captureLog();
    const result = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(result.failed).toBe(0);
    await expectMismatch(s.db, order, by);
  });

  test('the right amount still pays (the same paths, no mismatch)', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    await refreshPayment(s.db, s.app.payments, order.id, 'shopper');
    const { order: row, events } = await readOrder(s.db, order.id);
    expect(row.status).toBe('paid');
    expect(events.filter((event) => event.type === 'payment_mismatch')).toHaveLength(0);
  });
});

describe('the built-in test provider', () => {
  // Its "provider side" is the payment row, so a payment opened for a sum other than the order's
  // total is how a wrong amount reaches it.
  test.each(WRONG_BY)('a test card paying a payment %i ¢ off the total', async (by) => {
    const shopper = await registerUser(t.app);
    const order = await insertOrder(t.db, { provider: 'test', userId: shopper.user._id });
    await t.db
      .update(payments)
      .set({ amount: order.total + by })
      .where(eq(payments.id, order.paymentId));
    const res = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    expect(res.statusCode, res.body).toBe(200);
    await expectMismatch(t.db, order, by);
  });

  test('the right amount pays', async () => {
    const shopper = await registerUser(t.app);
    const order = await insertOrder(t.db, { provider: 'test', userId: shopper.user._id });
    const res = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    expect(res.statusCode, res.body).toBe(200);
    expect((await readOrder(t.db, order.id)).order.status).toBe('paid');
  });
});
