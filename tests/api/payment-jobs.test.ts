import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import { reconcilePayments, retryWebhookEvents } from '../../server/modules/payments/jobs.ts';
import { refreshPayment } from '../../server/modules/payments/service.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { captureLog } from '../helpers/capture-log.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, eventIdOf, type StripeTestApp } from '../helpers/stripe-app.ts';

const HOUR = 60 * 60_000;

let s: StripeTestApp;

beforeAll(async () => {
  s = await createStripeTestApp();
});

afterAll(async () => {
  await s?.close();
});

describe('retrying stored webhook events', () => {
  test('an event whose order is not there yet is stored, then applied by the retry job once it is', async () => {
    // The PaymentIntent exists at Stripe and is paid; the order's row is not committed yet.
    const pending = await insertOrder(s.db, { provider: 'stripe' });
    const intent = await s.browser.paymentIntents.create({
      amount: pending.total,
      currency: 'cad',
      metadata: { orderId: 'ord_not_yet' },
    });
    await s.pay(intent.id);
    const payload = s.intentEvent('payment_intent.succeeded', intent.id);

    const res = await s.deliver(payload);
    expect(res.statusCode).toBe(200);
    const waiting = await s.storedEvent(eventIdOf(payload));
    expect(waiting).toMatchObject({ processedAt: null, attempts: 1 });
    expect(waiting!.lastError).toMatch(/no payment/i);
    expect(waiting!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: the retry job leaves it.
    const { log } = captureLog();
    expect((await retryWebhookEvents(s.db, s.stripe, log)).applied).toBe(0);
    expect((await s.storedEvent(eventIdOf(payload)))!.attempts).toBe(1);

    // The order commits with that PaymentIntent; the retry, once due, applies the event.
    const order = await insertOrder(s.db, { provider: 'stripe', reference: intent.id });
    const later = new Date(Date.now() + HOUR);
    const retried = await retryWebhookEvents(s.db, s.stripe, log, { now: later });
    expect(retried.applied).toBeGreaterThanOrEqual(1);

    const { order: row, payment } = await readOrder(s.db, order.id);
    expect(row.status).toBe('paid');
    expect(payment.status).toBe('succeeded');
    const applied = await s.storedEvent(eventIdOf(payload));
    expect(applied!.processedAt).not.toBeNull();
    expect(applied!.attempts).toBe(2);
    expect(await s.confirmations(order)).toHaveLength(1);

    await retryWebhookEvents(s.db, s.stripe, log, { now: later });
    expect((await s.storedEvent(eventIdOf(payload)))!.attempts).toBe(2);
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test('an event about a PaymentIntent the shop did not create is stored and left alone', async () => {
    const foreign = await s.browser.paymentIntents.create({ amount: 5000, currency: 'cad' });
    await s.pay(foreign.id);
    const payload = s.intentEvent('payment_intent.succeeded', foreign.id);
    expect((await s.deliver(payload)).statusCode).toBe(200);
    const stored = await s.storedEvent(eventIdOf(payload));
    expect(stored!.processedAt).not.toBeNull();
    expect(stored!.nextAttemptAt).toBeNull();
  });
});

describe('payment reconciliation', () => {
  test('repairs an order Stripe has been paid for but the shop still shows awaiting payment', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent); // …and the webhook never arrives
    const { log, lines } = captureLog();

    const result = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(result.repairedOrders).toContain(order.number);
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
    expect(await s.confirmations(order)).toHaveLength(1);
    const summary = lines.find((line) => line.msg === 'payment reconciliation');
    expect(summary?.data).toMatchObject({ checked: result.checked, repaired: result.repaired });

    const again = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(again.repairedOrders).not.toContain(order.number);
    expect(await s.eventsOfType(order, 'paid')).toHaveLength(1);
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test('flags an order marked paid whose payment Stripe does not report as succeeded', async () => {
    const order = await s.placeOrder();
    await s.db.transaction((tx) =>
      transitionOrder(tx, order.id, { to: 'paid', actor: 'staff', note: 'marked by hand' }),
    );
    const { log, lines } = captureLog();

    const result = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(result.flaggedOrders).toEqual([order.number]);
    expect(result.flagged).toBe(1);
    const warning = lines.find(
      (line) => line.level === 'warn' && line.data.orderNumber === order.number,
    );
    expect(warning?.data).toMatchObject({
      orderStatus: 'paid',
      providerStatus: 'requires_payment_method',
    });
    const summary = lines.find((line) => line.msg === 'payment reconciliation');
    expect(summary).toMatchObject({ level: 'warn', data: { flagged: 1 } });

    await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    const flagged = await s.eventsOfType(order, 'reconciliation_mismatch');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]!.note).toContain('requires_payment_method');
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
  });

  test('asks Stripe about a payment once after it changes, not on every pass', async () => {
    const { log } = captureLog();
    // Settle everything earlier tests left, so only this test's payments are due.
    await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    const orders = [await s.placeOrder(), await s.placeOrder(), await s.placeOrder()];
    for (const order of orders) {
      await s.pay(order.intent);
      expect(
        (await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent))).statusCode,
      ).toBe(200);
    }
    const reads = () =>
      s.standIn.requests.filter(
        (r) => r.method === 'GET' && r.path.startsWith('/v1/payment_intents/'),
      ).length;

    let before = reads();
    const first = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(first.checked).toBe(3);
    expect(reads() - before).toBe(3);
    const [compared] = await s.db
      .select({ updatedAt: payments.updatedAt })
      .from(payments)
      .where(eq(payments.orderId, orders[0]!.id));
    const updatedAt = compared!.updatedAt;

    // Nothing changed: the next passes ask Stripe nothing, and no payment looks changed.
    for (const pass of [1, 2]) {
      before = reads();
      const next = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
      expect(next.checked, `pass ${pass}`).toBe(0);
      expect(reads() - before).toBe(0);
    }
    const [after] = await s.db
      .select({ updatedAt: payments.updatedAt })
      .from(payments)
      .where(eq(payments.orderId, orders[0]!.id));
    expect(after!.updatedAt).toEqual(updatedAt);

    // A refund changes one of them: that one is compared again, once.
    await s.stripe.refundPayment({
      reference: orders[1]!.intent,
      amount: 100,
      idempotencyKey: `rc-${orders[1]!.id}`,
    });
    await refreshPayment(s.db, s.stripe, orders[1]!.id);
    const third = await reconcilePayments(s.db, s.stripe, log, { sinceMs: HOUR });
    expect(third.checked).toBe(1);
  });

  test('leaves orders changed before the window alone', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { log } = captureLog();
    const result = await reconcilePayments(s.db, s.stripe, log, { sinceMs: 5 });
    expect(result.repairedOrders).not.toContain(order.number);
    expect((await readOrder(s.db, order.id)).order.status).toBe('pending_payment');
  });
});

describe('the order jobs', () => {
  test('one run retries due webhook events and reconciles recent payments', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent); // no webhook: only reconciliation can find it
    await s.app.orderJobs.runNow();
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
    expect(await s.confirmations(order)).toHaveLength(1);
  });
});
