import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { refreshPayment, refundPayment } from '../../server/modules/payments/service.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, type StripeTestApp } from '../helpers/stripe-app.ts';

let s: StripeTestApp;

beforeAll(async () => {
  s = await createStripeTestApp();
});

afterAll(async () => {
  await s?.close();
});

describe('the Stripe provider against the stand-in', () => {
  test('creates one CAD PaymentIntent per order, whatever the retries, with the order in its metadata', async () => {
    const order = await insertOrder(s.db, { provider: 'stripe' });
    const input = {
      orderId: order.id,
      orderNumber: order.number,
      amount: order.total,
      idempotencyKey: `order-payment-${order.id}`,
      shippingAddress: {
        name: 'Maya Chen',
        line1: '100 Queen St W',
        line2: 'Unit 4',
        city: 'Toronto',
        province: 'ON',
        postalCode: 'M5H 2N2',
        country: 'CA' as const,
        phone: '416-555-0123',
      },
    };
    const first = await s.stripe.createPayment(input);
    const again = await s.stripe.createPayment(input);
    expect(again.reference).toBe(first.reference);
    expect(first).toMatchObject({
      status: 'requires_payment_method',
      amount: order.total,
      refunded: 0,
      card: null,
    });
    expect(first.clientSecret).toMatch(new RegExp(`^${first.reference}_secret_`));
    const intent = s.standIn.intent(first.reference);
    expect(intent.currency).toBe('cad');
    expect(intent.automatic_payment_methods).toEqual({ enabled: true });
    expect(intent.metadata).toEqual({ orderId: order.id, orderNumber: order.number });
    // Afterpay/Clearpay and Klarna need where the order goes; fraud checks use it too.
    expect(intent.shipping).toEqual({
      name: 'Maya Chen',
      phone: '416-555-0123',
      address: {
        line1: '100 Queen St W',
        line2: 'Unit 4',
        city: 'Toronto',
        state: 'ON',
        postal_code: 'M5H 2N2',
        country: 'CA',
      },
    });
    const creations = s.standIn.requests.filter(
      (request) => request.idempotencyKey === input.idempotencyKey,
    );
    expect(creations.map((request) => request.replayed)).toEqual([false, true]);
  });

  test('reads declines, authentication and the card paid with from the PaymentIntent', async () => {
    const declined = await s.placeOrder();
    await expect(s.pay(declined.intent, 'pm_card_chargeDeclined')).rejects.toMatchObject({
      type: 'StripeCardError',
    });
    expect(await s.stripe.retrievePayment(declined.intent)).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
      card: null,
    });

    const threeDs = await s.placeOrder();
    await s.pay(threeDs.intent, 'pm_card_threeDSecure2Required');
    expect(await s.stripe.retrievePayment(threeDs.intent)).toMatchObject({
      status: 'requires_action',
      lastError: null,
    });
    s.standIn.authenticate(threeDs.intent);
    expect(await s.stripe.retrievePayment(threeDs.intent)).toMatchObject({
      status: 'succeeded',
      card: { brand: 'visa', last4: '3220' },
    });

    const paid = await s.placeOrder();
    await s.pay(paid.intent, 'pm_card_mastercard');
    expect(await s.stripe.retrievePayment(paid.intent)).toMatchObject({
      status: 'succeeded',
      amount: paid.total,
      card: { brand: 'mastercard', last4: '4444' },
      refunded: 0,
    });

    const abandoned = await s.placeOrder();
    await s.stripe.cancelPayment(abandoned.intent);
    expect((await s.stripe.retrievePayment(abandoned.intent)).status).toBe('canceled');
  });

  test('a refund retried with its key refunds once, at Stripe and in the books', async () => {
    const order = await s.placeOrder();
    await s.pay(order.intent);
    await refreshPayment(s.db, s.app.payments, order.id);
    const refund = { orderId: order.id, amount: 1000, key: 'refund-1', actor: 'staff' as const };
    await refundPayment(s.db, s.app.payments, refund);
    const payment = await refundPayment(s.db, s.app.payments, refund);

    expect(payment.refunded).toBe(1000);
    const atStripe = [...s.standIn.refunds.values()].filter(
      (r) => r.payment_intent === order.intent,
    );
    expect(atStripe).toEqual([
      expect.objectContaining({ amount: 1000, reason: 'requested_by_customer' }),
    ]);
    const { refunds, order: row } = await readOrder(s.db, order.id);
    expect(refunds.map((r) => r.reference)).toEqual([atStripe[0]!.id]);
    expect(row.status).toBe('paid');
  });
});
