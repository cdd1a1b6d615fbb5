import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import { refreshPayment } from '../../server/modules/payments/service.ts';
import {
  SIGNATURE_INVALID,
  SIGNATURE_MISSING,
  STRIPE_WEBHOOK_PATH,
} from '../../server/modules/payments/stripe-webhook.ts';
import { webhookEvents } from '../../server/modules/payments/tables.ts';
import { mailsTo } from '../helpers/auth.ts';
import { readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, eventIdOf, type StripeTestApp } from '../helpers/stripe-app.ts';
import { createTestApp } from '../helpers/test-app.ts';

let s: StripeTestApp;

beforeAll(async () => {
  s = await createStripeTestApp();
});

afterAll(async () => {
  await s?.close();
});

describe('POST /api/v1/payments/stripe/webhook', () => {
  test('a bad or missing signature is refused with 400, and nothing is stored or changed', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    const payload = s.intentEvent('payment_intent.succeeded', order.intent);

    const refused = [
      await s.deliver(payload, null),
      await s.deliver(payload, s.signature(payload, 'whsec_someone_else')),
      await s.deliver(
        payload.replace(`"amount":${order.total}`, '"amount":1'),
        s.signature(payload),
      ),
      await s.deliver(payload, 't=1,v1=deadbeef'),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400, 400]);
    expect(refused[0]!.json()).toEqual({
      success: false,
      code: 'webhook_signature_invalid',
      message: SIGNATURE_MISSING,
    });
    expect(refused[1]!.json()).toEqual({
      success: false,
      code: 'webhook_signature_invalid',
      message: SIGNATURE_INVALID,
    });

    expect(await s.storedEvent(eventIdOf(payload))).toBeUndefined();
    const { order: row, payment } = await readOrder(s.db, order.id);
    expect(row.status).toBe('pending_payment');
    expect(payment.status).toBe('requires_payment_method');
    expect(await s.confirmations(order)).toHaveLength(0);
  });

  test('payment_intent.succeeded pays the order once and queues one confirmation e-mail', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    const payload = s.intentEvent('payment_intent.succeeded', order.intent);

    const res = await s.deliver(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    const { order: row, payment } = await readOrder(s.db, order.id);
    expect(row.status).toBe('paid');
    expect(row.paidAt).not.toBeNull();
    expect(payment).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    const stored = await s.storedEvent(eventIdOf(payload));
    expect(stored).toMatchObject({ type: 'payment_intent.succeeded', attempts: 1 });
    expect(stored!.processedAt).not.toBeNull();
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test("Stripe's server-to-server post passes the browser-only Origin/CSRF guard", async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    const payload = s.intentEvent('payment_intent.succeeded', order.intent);
    const res = await s.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: {
        // No JSON content type nor CSRF header would pass the guard; an unknown Origin neither.
        'content-type': 'text/plain',
        origin: 'https://hooks.example.net',
        'stripe-signature': s.signature(payload),
      },
      payload,
    });
    expect(res.statusCode).toBe(200);
    expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
  });

  test('the same event delivered twice is acknowledged twice and changes the order once', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    const payload = s.intentEvent('payment_intent.succeeded', order.intent);

    const first = await s.deliver(payload);
    const second = await s.deliver(payload);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual({ received: true, duplicate: true });

    const rows = await s.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, eventIdOf(payload)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.attempts).toBe(1);
    expect(await s.eventsOfType(order, 'paid')).toHaveLength(1);
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test('payment_failed arriving after succeeded (out of order) changes nothing', async () => {
    const order = await s.placeOrder();
    await expect(s.pay(order.intent, 'pm_card_chargeDeclined')).rejects.toThrow(/declined/);
    const failed = s.intentEvent('payment_intent.payment_failed', order.intent);
    await s.pay(order.intent, 'pm_card_visa');
    const succeeded = s.intentEvent('payment_intent.succeeded', order.intent);

    expect((await s.deliver(succeeded)).statusCode).toBe(200);
    const before = await readOrder(s.db, order.id);
    expect((await s.deliver(failed)).statusCode).toBe(200);
    const after = await readOrder(s.db, order.id);

    expect(after.order.status).toBe('paid');
    expect(after.payment).toMatchObject({ status: 'succeeded', lastError: null });
    expect(after.events.map((event) => event.type)).toEqual(
      before.events.map((event) => event.type),
    );
    expect((await s.storedEvent(eventIdOf(failed)))!.processedAt).not.toBeNull();
    expect(await s.confirmations(order)).toHaveLength(1);
  });

  test('a stale event is read again from Stripe: what Stripe says now is applied, not the snapshot', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent, 'pm_card_threeDSecure2Required');
    const needsAction = s.intentEvent('payment_intent.requires_action', order.intent);
    s.standIn.authenticate(order.intent, false);
    const failed = s.intentEvent('payment_intent.payment_failed', order.intent);

    // Delivered in the wrong order: the failure first, then the older "requires action".
    expect((await s.deliver(failed)).statusCode).toBe(200);
    expect((await s.deliver(needsAction)).statusCode).toBe(200);

    const { order: row, payment } = await readOrder(s.db, order.id);
    expect(row.status).toBe('pending_payment');
    expect(payment.status).toBe('requires_payment_method');
    expect(payment.lastError).toMatch(/unable to authenticate/);
    expect(await s.eventsOfType(order, 'payment_action_required')).toHaveLength(0);
    expect(await s.eventsOfType(order, 'payment_failed')).toHaveLength(1);
  });

  test('charge.refunded for a delivered order records the refund once and does not re-open it', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    expect(
      (await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent))).statusCode,
    ).toBe(200);
    for (const to of ['processing', 'shipped', 'delivered'] as const) {
      await s.db.transaction((tx) => transitionOrder(tx, order.id, { to, actor: 'staff' }));
    }

    // Refunded in full in Stripe's dashboard, after delivery.
    const refund = await s.browser.refunds.create({ payment_intent: order.intent });
    const chargeId = s.standIn.intent(order.intent).latest_charge!;
    const refunded = s.standIn.event('charge.refunded', s.standIn.charge(chargeId));
    expect((await s.deliver(refunded)).statusCode).toBe(200);
    // Stripe sends another event about the same refund (a redelivery under a new id).
    const again = s.standIn.event('charge.refunded', s.standIn.charge(chargeId));
    expect((await s.deliver(again)).statusCode).toBe(200);

    const { order: row, payment, refunds } = await readOrder(s.db, order.id);
    expect(row.status).toBe('delivered');
    expect(payment.refunded).toBe(order.total);
    expect(refunds.map((r) => [r.reference, r.amount])).toEqual([[refund.id, order.total]]);
    expect(await s.eventsOfType(order, 'refund')).toHaveLength(1);
    // The order stays delivered, and the shopper hears of the refund once.
    expect(await mailsTo(s.db, order.email, ORDER_MAIL_KINDS.refunded)).toHaveLength(1);
  });

  test('a payment completing after the order was cancelled is refunded in full, once', async () => {
    const order = await s.placeOrder();
    await s.db.transaction((tx) =>
      transitionOrder(tx, order.id, { to: 'cancelled', actor: 'shopper' }),
    );
    await s.pay(order.intent); // the shopper's card went through in another tab

    expect(
      (await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent))).statusCode,
    ).toBe(200);
    expect(
      (await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent))).statusCode,
    ).toBe(200);

    const atStripe = [...s.standIn.refunds.values()].filter(
      (r) => r.payment_intent === order.intent,
    );
    expect(atStripe.map((r) => r.amount)).toEqual([order.total]);
    const { order: row, payment, refunds } = await readOrder(s.db, order.id);
    expect(row.status).toBe('cancelled');
    expect(payment).toMatchObject({ status: 'succeeded', refunded: order.total });
    expect(refunds.map((r) => r.reference)).toEqual([atStripe[0]!.id]);
    expect(await s.eventsOfType(order, 'payment_after_cancel')).toHaveLength(1);
    expect(await s.confirmations(order)).toHaveLength(0);
    // The shopper was told nothing was charged; now they are told the money went back.
    const refundMails = await mailsTo(s.db, order.email, ORDER_MAIL_KINDS.refunded);
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.textBody.replace(/\s+/g, ' ')).toContain(
      'has now been refunded in full',
    );
  });

  test("the browser's return racing the webhook pays the order once, with one e-mail", async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    const payload = s.intentEvent('payment_intent.succeeded', order.intent);

    const [returned, webhook] = await Promise.all([
      refreshPayment(s.db, s.app.payments, order.id, 'shopper'),
      s.deliver(payload),
      refreshPayment(s.db, s.app.payments, order.id, 'shopper'),
    ]);
    expect(returned.status).toBe('succeeded');
    expect(webhook.statusCode).toBe(200);

    const { order: row } = await readOrder(s.db, order.id);
    expect(row.status).toBe('paid');
    expect(await s.eventsOfType(order, 'paid')).toHaveLength(1);
    expect(await s.confirmations(order)).toHaveLength(1);
  });
});

describe('without Stripe configured', () => {
  test('the webhook path answers 404 and the test provider is in use', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.payments.name).toBe('test');
      expect(plain.app.stripe).toBeNull();
      const payload = s.standIn.event('payment_intent.succeeded', { id: 'pi_x' });
      const res = await plain.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json', 'stripe-signature': s.signature(payload) },
        payload,
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
