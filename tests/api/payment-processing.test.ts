/**
 * A payment the bank is still processing (a debit settles days later) cannot be stopped at
 * Stripe. The shop must not pretend it was: the order is not cancelled — by the shopper, by staff
 * or by the expiry job — while its payment is `processing`, and the payment's status moves only
 * on what Stripe says. When the bank settles, a paid order can then be cancelled with a full
 * refund, and a failed one is cancelled by the expiry job (its payment cancelled at Stripe).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cancelOrderAsStaff, expireUnpaidOrders } from '../../server/modules/orders/lifecycle.ts';
import { ensureProviderPayment } from '../../server/modules/payments/service.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';
import { cartCall } from './cart-fixtures.ts';

let s: StripeTestApp;
beforeAll(async () => {
  s = await createStripeTestApp();
});
afterAll(() => s?.close());

const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;
/** Well past any order's payment window. */
const later = () => new Date(Date.now() + 365 * 24 * 60 * 60_000);

/** A shopper's unpaid order whose payment the bank has started to process. */
async function processingOrder(): Promise<{ shopper: SignedIn; id: string; intent: string }> {
  const shopper = await registerUser(s.app);
  const order = await insertOrder(s.db, { provider: 'stripe', userId: shopper.user._id });
  const payment = await ensureProviderPayment(s.db, s.app.payments, order.id);
  const intent = payment.reference!;
  s.standIn.startProcessing(intent);
  const res = await s.deliver(s.intentEvent('payment_intent.processing', intent));
  expect(res.statusCode).toBe(200);
  return { shopper, id: order.id, intent };
}

const cancelAsShopper = (shopper: SignedIn, orderId: string) =>
  cartCall(s.app, 'POST', `/orders/${orderId}/cancel`, shopper, {});

test('the shopper cannot cancel while the bank processes the payment; nothing is marked', async () => {
  const { shopper, id, intent } = await processingOrder();
  const before = await readOrder(s.db, id);
  expect(before.payment.status).toBe('processing');
  expect(before.events.map((event) => event.type)).toContain('payment_processing');

  const res = await cancelAsShopper(shopper, id);
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'payment_processing',
  });
  expect(res.json().message).toMatch(/still processing the payment/);

  const after = await readOrder(s.db, id);
  expect(after.order.status).toBe('pending_payment');
  expect(after.payment.status).toBe('processing');
  expect(s.standIn.intents.get(intent)!.status).toBe('processing');
});

test('staff cannot cancel it either, and the expiry job leaves it open past its window', async () => {
  const { id } = await processingOrder();
  const staff = await registerUser(s.app);
  await expect(
    cancelOrderAsStaff(s.db, s.app.payments, { orderId: id, staffId: staff.user._id }),
  ).rejects.toMatchObject({ statusCode: 409, code: 'payment_processing' });
  expect(await expireUnpaidOrders(s.db, s.app.payments, silent, later())).toBe(0);
  const after = await readOrder(s.db, id);
  expect(after.order.status).toBe('pending_payment');
  expect(after.payment.status).toBe('processing');
});

test('once the money arrives the order is paid; cancelling it then refunds it in full', async () => {
  const { shopper, id, intent } = await processingOrder();
  s.standIn.settleProcessing(intent, true);
  expect((await s.deliver(s.intentEvent('payment_intent.succeeded', intent))).statusCode).toBe(200);
  expect((await readOrder(s.db, id)).order.status).toBe('paid');

  const res = await cancelAsShopper(shopper, id);
  expect(res.statusCode, res.body).toBe(200);
  const after = await readOrder(s.db, id);
  expect(after.order.status).toBe('cancelled');
  expect(after.payment.refunded).toBe(after.payment.amount);
  const refunded = [...s.standIn.refunds.values()].filter(
    (refund) => refund.payment_intent === intent,
  );
  expect(refunded.reduce((sum, refund) => sum + refund.amount, 0)).toBe(after.payment.amount);
});

test('a debit that fails leaves the order to the expiry job, which cancels it at Stripe too', async () => {
  const { id, intent } = await processingOrder();
  s.standIn.settleProcessing(intent, false);
  expect((await s.deliver(s.intentEvent('payment_intent.payment_failed', intent))).statusCode).toBe(
    200,
  );
  expect((await readOrder(s.db, id)).payment.status).toBe('requires_payment_method');

  expect(await expireUnpaidOrders(s.db, s.app.payments, silent, later())).toBe(1);
  const after = await readOrder(s.db, id);
  expect(after.order.status).toBe('cancelled');
  // Recorded from Stripe's answer to the cancellation, not assumed.
  expect(s.standIn.intents.get(intent)!.status).toBe('canceled');
  expect(after.payment.status).toBe('canceled');
});

test('a cancellation Stripe could not confirm keeps the order open and says so (503)', async () => {
  const shopper = await registerUser(s.app);
  const order = await insertOrder(s.db, { provider: 'stripe', userId: shopper.user._id });
  const payment = await ensureProviderPayment(s.db, s.app.payments, order.id);
  await s.standIn.stop();
  try {
    const res = await cancelAsShopper(shopper, order.id);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'payment_not_stopped',
      reason: 'payment_not_stopped',
    });
  } finally {
    await s.standIn.start(s.standIn.url);
  }
  const after = await readOrder(s.db, order.id);
  expect(after.order.status).toBe('pending_payment');
  expect(after.payment.status).toBe(payment.status);
});
