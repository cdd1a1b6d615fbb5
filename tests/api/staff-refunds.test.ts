/**
 * A staff refund is made once per Idempotency-Key, whatever fails around it. With the real Stripe
 * SDK against the stand-in: when Stripe refunds and the shop fails after it (reading the payment
 * back, recording it), the hold is kept, a retry of the same key gets Stripe's same refund back
 * (its key is derived from the request's), and the order jobs settle a hold left unknown. Before,
 * the hold was deleted and the retry passed the amount-left check with a new provider key: two
 * refunds. Stock adjustments likewise apply once per key. Both require the key (400 without).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  REFUND_HOLD_SETTLE_AFTER_MS,
  refundOrder,
  settleRefundHolds,
} from '../../server/modules/orders/refunds.ts';
import { staffRefunds } from '../../server/modules/orders/tables.ts';
import { users } from '../../server/modules/auth/tables.ts';
import type { PaymentProvider } from '../../server/modules/payments/provider.ts';
import { registerUser, type SignedIn } from '../helpers/auth.ts';
import { readOrder } from '../helpers/order-fixture.ts';
import {
  createStripeTestApp,
  type StripeOrder,
  type StripeTestApp,
} from '../helpers/stripe-app.ts';
import { cartCall } from './cart-fixtures.ts';

let s: StripeTestApp;
let admin: SignedIn;
beforeAll(async () => {
  s = await createStripeTestApp();
  admin = await registerUser(s.app, { name: 'Staff Refunder' });
  await s.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user._id));
});
afterAll(() => s?.close());

const silent = { error() {}, warn() {}, info() {}, debug() {} } as never;

async function paidOrder(): Promise<StripeOrder> {
  const order = await s.placeOrder();
  await s.pay(order.intent);
  expect(
    (await s.deliver(s.intentEvent('payment_intent.succeeded', order.intent))).statusCode,
  ).toBe(200);
  return order;
}

/** Stripe's provider, but the shop fails once right after Stripe made the refund. */
function failingAfterRefund(): PaymentProvider {
  const real = s.app.payments;
  let failed = false;
  return {
    ...real,
    name: real.name,
    createPayment: (input) => real.createPayment(input),
    refundPayment: (input) => real.refundPayment(input),
    cancelPayment: (reference) => real.cancelPayment(reference),
    async retrievePayment(reference) {
      if (!failed) {
        failed = true;
        throw new Error('connection reset while reading the payment back');
      }
      return real.retrievePayment(reference);
    },
  };
}

const refundsAtStripe = (intent: string) =>
  [...s.standIn.refunds.values()].filter((refund) => refund.payment_intent === intent);

const holdsOf = (orderId: string) =>
  s.db.select().from(staffRefunds).where(eq(staffRefunds.orderId, orderId));

describe('a refund whose outcome is unknown', () => {
  test('is kept, and a retry of the same key refunds once', async () => {
    const order = await paidOrder();
    const input = { orderId: order.id, staffId: admin.user._id, amount: 1500, key: 'refund-a' };

    await expect(refundOrder(s.db, failingAfterRefund(), input)).rejects.toMatchObject({
      statusCode: 503,
      code: 'refund_outcome_unknown',
    });
    expect(refundsAtStripe(order.intent)).toHaveLength(1);
    expect(await holdsOf(order.id)).toMatchObject([{ state: 'pending', amount: 1500 }]);

    // The amount stays held: nothing more than what is left can be refunded meanwhile.
    const left = order.total - 1500;
    await expect(
      refundOrder(s.db, s.app.payments, { ...input, amount: left + 1, key: 'refund-b' }),
    ).rejects.toMatchObject({ statusCode: 409 });

    await refundOrder(s.db, s.app.payments, input);
    expect(refundsAtStripe(order.intent)).toHaveLength(1);
    expect((await readOrder(s.db, order.id)).payment.refunded).toBe(1500);
    expect(await holdsOf(order.id)).toMatchObject([{ state: 'done' }]);

    // Once more with the same key: nothing new at Stripe or here.
    await refundOrder(s.db, s.app.payments, input);
    expect(refundsAtStripe(order.intent)).toHaveLength(1);
    expect((await readOrder(s.db, order.id)).payment.refunded).toBe(1500);
  });

  test('the same key for another amount is refused', async () => {
    const order = await paidOrder();
    const input = { orderId: order.id, staffId: admin.user._id, amount: 700, key: 'refund-c' };
    await refundOrder(s.db, s.app.payments, input);
    await expect(
      refundOrder(s.db, s.app.payments, { ...input, amount: 800 }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'idempotency_key_reused' });
    expect(refundsAtStripe(order.intent)).toHaveLength(1);
  });

  test('is settled by the order jobs without a retry, once', async () => {
    const order = await paidOrder();
    const input = { orderId: order.id, staffId: admin.user._id, amount: 900, key: 'refund-d' };
    await expect(refundOrder(s.db, failingAfterRefund(), input)).rejects.toMatchObject({
      statusCode: 503,
    });
    // Too fresh: it may still be in its request's hands.
    expect(await settleRefundHolds(s.db, s.app.payments, silent)).toBe(0);
    const later = new Date(Date.now() + REFUND_HOLD_SETTLE_AFTER_MS + 1000);
    expect(await settleRefundHolds(s.db, s.app.payments, silent, later)).toBe(1);
    expect(refundsAtStripe(order.intent)).toHaveLength(1);
    expect((await readOrder(s.db, order.id)).payment.refunded).toBe(900);
    expect(await holdsOf(order.id)).toMatchObject([{ state: 'done' }]);
    expect(await settleRefundHolds(s.db, s.app.payments, silent, later)).toBe(0);
  });

  test('a refund Stripe refuses lets its hold go', async () => {
    const order = await paidOrder();
    s.standIn.intents.get(order.intent)!.status = 'canceled';
    try {
      await expect(
        refundOrder(s.db, s.app.payments, {
          orderId: order.id,
          staffId: admin.user._id,
          amount: 100,
          key: 'refund-e',
        }),
      ).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      s.standIn.intents.get(order.intent)!.status = 'succeeded';
    }
    expect(await holdsOf(order.id)).toEqual([]);
  });
});

describe('the desk routes require an Idempotency-Key', () => {
  test('a refund without one is 400 naming the header, and nothing is refunded', async () => {
    const order = await paidOrder();
    const res = await cartCall(s.app, 'POST', `/admin/orders/${order.id}/refunds`, admin, {
      amount: 100,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'headers.idempotency-key' }),
    ]);
    expect(refundsAtStripe(order.intent)).toHaveLength(0);
  });
});
