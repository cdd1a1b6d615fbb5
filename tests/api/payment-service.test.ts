/**
 * The payment service called directly, as the routes, the webhook and the order jobs call it,
 * with the test provider (its calls counted, any of them replaced): the payment opened at the
 * provider once, for the order's total, under a key of the order; a payment read again and
 * applied; money taken for an order cancelled meanwhile given back in full, once; a refund asked
 * with the key and reason given and recorded in the name of who asked; and a test card's outcome
 * applied for the shopper. The fixture order is $126.44 in all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus, PaymentStatus } from '../../contract/orders.ts';
import type { PaymentProvider, ProviderPayment } from '../../server/modules/payments/provider.ts';
import {
  applyTestOutcome,
  ensureProviderPayment,
  refreshPayment,
  refundPayment,
  settlePayment,
} from '../../server/modules/payments/service.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { createTestProvider } from '../../server/modules/payments/test-provider.ts';
import { FIXTURE_ADDRESS, insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

/** The test provider, with what it was asked recorded and any of its calls replaced. */
function provider(overrides: Partial<PaymentProvider> = {}) {
  const calls: string[] = [];
  const created: Parameters<PaymentProvider['createPayment']>[0][] = [];
  const refundsAsked: Parameters<PaymentProvider['refundPayment']>[0][] = [];
  const base: PaymentProvider = { ...createTestProvider(t.db), ...overrides };
  const counted: PaymentProvider = {
    name: 'test',
    createPayment: (input) => (
      calls.push('create'),
      created.push(input),
      base.createPayment(input)
    ),
    retrievePayment: (reference) => (calls.push('retrieve'), base.retrievePayment(reference)),
    refundPayment: (input) => (
      calls.push('refund'),
      refundsAsked.push(input),
      base.refundPayment(input)
    ),
    cancelPayment: (reference) => (calls.push('cancel'), base.cancelPayment(reference)),
  };
  return { provider: counted, calls, created, refundsAsked };
}

let refs = 0;
/** A fixture order on the test provider, its payment opened there (a reference) unless told. */
async function orderAt(
  status: OrderStatus,
  paymentStatus: PaymentStatus = status === 'pending_payment'
    ? 'requires_payment_method'
    : 'succeeded',
  reference: string | null = `tpi_service_${++refs}`,
) {
  const order = await insertOrder(t.db, { provider: 'test', status, paymentStatus, reference });
  expect(order.total).toBe(12644);
  return { ...order, reference };
}

/** A reading of the payment as the provider would give it: succeeded for the whole total. */
const succeeded = (reference: string, rest: Partial<ProviderPayment> = {}): ProviderPayment => ({
  reference,
  status: 'succeeded',
  amount: 12644,
  clientSecret: null,
  lastError: null,
  card: { brand: 'visa', last4: '4242' },
  refunded: 0,
  ...rest,
});

const timeline = async (orderId: string) =>
  (await readOrder(t.db, orderId)).events.map(({ type, actor, actorId, note }) => ({
    type,
    actor,
    actorId,
    note,
  }));

const noPayment = { statusCode: 404, message: 'That order has no payment.' };

async function withoutPaymentRow() {
  const order = await orderAt('pending_payment', 'requires_payment_method', null);
  await t.db.delete(payments).where(eq(payments.orderId, order.id));
  return order;
}

describe('the payment opened at the provider', () => {
  test('an unpaid order: once, for its total, under a key of the order; the answer is stored', async () => {
    const order = await orderAt('pending_payment', 'requires_payment_method', null);
    const reference = `tpi_opened_${order.id}`;
    const {
      provider: p,
      calls,
      created,
    } = provider({
      // A provider that answers a repeat with the payment as it is by now.
      createPayment: async ({ amount }) => ({
        reference,
        status: 'requires_action',
        amount,
        clientSecret: `${reference}_secret`,
        lastError: null,
        card: null,
        refunded: 0,
      }),
    });
    const row = await ensureProviderPayment(t.db, p, order.id);
    expect(created).toEqual([
      {
        orderId: order.id,
        orderNumber: order.number,
        amount: 12644,
        idempotencyKey: `order-payment-${order.id}`,
        shippingAddress: FIXTURE_ADDRESS,
      },
    ]);
    expect(row).toMatchObject({
      id: order.paymentId,
      reference,
      clientSecret: `${reference}_secret`,
      status: 'requires_action',
    });
    expect((await readOrder(t.db, order.id)).payment).toEqual(row);

    // Asked again, the stored payment is the answer; the provider is not asked twice.
    expect(await ensureProviderPayment(t.db, p, order.id)).toEqual(row);
    expect(calls).toEqual(['create']);
  });

  test('two orders get two payments: the key differs between orders', async () => {
    const a = await orderAt('pending_payment', 'requires_payment_method', null);
    const b = await orderAt('pending_payment', 'requires_payment_method', null);
    const { provider: p } = provider();
    const first = await ensureProviderPayment(t.db, p, a.id);
    const second = await ensureProviderPayment(t.db, p, b.id);
    // The test provider derives its reference from the key, as Stripe replays one.
    expect(first.reference).toMatch(/^tpi_/);
    expect(second.reference).toMatch(/^tpi_/);
    expect(second.reference).not.toBe(first.reference);
  });

  test('a payment already opened is not opened again, whatever its state', async () => {
    const order = await orderAt('pending_payment', 'requires_action');
    await t.db
      .update(payments)
      .set({ clientSecret: 'kept_secret' })
      .where(eq(payments.orderId, order.id));
    const { provider: p, calls } = provider();
    const row = await ensureProviderPayment(t.db, p, order.id);
    expect(row).toMatchObject({
      reference: order.reference,
      status: 'requires_action',
      clientSecret: 'kept_secret',
    });
    expect(calls).toEqual([]);
  });

  test('a closed order takes no money: its payment is never opened', async () => {
    for (const status of ['cancelled', 'paid'] as const) {
      const order = await orderAt(status, 'requires_payment_method', null);
      const { provider: p, calls } = provider();
      const row = await ensureProviderPayment(t.db, p, order.id);
      expect(row, status).toMatchObject({ reference: null, status: 'requires_payment_method' });
      expect(calls, status).toEqual([]);
    }
  });

  test('an order without a payment row is a 404 saying so', async () => {
    const order = await withoutPaymentRow();
    const { provider: p, calls } = provider();
    await expect(ensureProviderPayment(t.db, p, order.id)).rejects.toMatchObject(noPayment);
    await expect(refreshPayment(t.db, p, order.id)).rejects.toMatchObject(noPayment);
    await expect(
      refundPayment(t.db, p, { orderId: order.id, amount: 100, key: 'k', actor: 'staff' }),
    ).rejects.toMatchObject(noPayment);
    expect(calls).toEqual([]);
  });
});

describe('the payment read again', () => {
  test("the provider's reading now is applied and answered, in the provider's name by default", async () => {
    const order = await orderAt('pending_payment');
    const { provider: p, calls } = provider({
      retrievePayment: async (reference) => succeeded(reference),
    });
    const row = await refreshPayment(t.db, p, order.id);
    expect(row).toMatchObject({
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
      refunded: 0,
    });
    expect(calls).toEqual(['retrieve']);
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('paid');
    expect(after.payment).toEqual(row);
    expect((await timeline(order.id)).find((event) => event.type === 'paid')).toMatchObject({
      actor: 'provider',
      actorId: null,
    });
  });

  test('in the name of whoever asks', async () => {
    const order = await orderAt('pending_payment');
    const { provider: p } = provider({
      retrievePayment: async (reference) => succeeded(reference),
    });
    await refreshPayment(t.db, p, order.id, 'shopper');
    expect((await timeline(order.id)).find((event) => event.type === 'paid')).toMatchObject({
      actor: 'shopper',
    });
  });

  test('a payment never opened, of a closed order, is answered as stored without asking', async () => {
    const order = await orderAt('cancelled', 'requires_payment_method', null);
    const { provider: p, calls } = provider();
    const row = await refreshPayment(t.db, p, order.id);
    expect(row).toMatchObject({ id: order.paymentId, reference: null });
    expect(calls).toEqual([]);
  });
});

describe('money taken for an order cancelled meanwhile', () => {
  test('goes back in full, once, under a key of the order and in the name of the shop', async () => {
    const order = await orderAt('cancelled', 'requires_action');
    const { provider: p, refundsAsked } = provider();
    const update = {
      provider: 'test' as const,
      reading: succeeded(order.reference!),
      actor: 'provider' as const,
    };
    const outcome = await settlePayment(t.db, p, update);
    expect(outcome).toMatchObject({
      kind: 'applied',
      refundOwed: 0,
      payment: { status: 'succeeded', refunded: 12644 },
      order: { id: order.id, status: 'cancelled' },
    });
    expect(refundsAsked).toEqual([
      {
        reference: order.reference,
        amount: 12644,
        idempotencyKey: `refund-after-cancel-${order.id}`,
        reason: 'Paid after the order was cancelled',
      },
    ]);
    const after = await readOrder(t.db, order.id);
    expect(after.payment.refunded).toBe(12644);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([12644]);
    expect((await timeline(order.id)).find((event) => event.type === 'refund')).toMatchObject({
      actor: 'system',
      actorId: null,
    });

    // The same reading again (a webhook delivered twice) refunds nothing more.
    expect(await settlePayment(t.db, p, update)).toMatchObject({ kind: 'applied', refundOwed: 0 });
    expect(refundsAsked).toHaveLength(1);
  });

  test('a payment that pays an unpaid order owes nothing: no refund is asked', async () => {
    const order = await orderAt('pending_payment', 'requires_action');
    const { provider: p, calls } = provider();
    const outcome = await settlePayment(t.db, p, {
      provider: 'test',
      reading: succeeded(order.reference!),
      actor: 'provider',
    });
    expect(outcome).toMatchObject({ kind: 'applied', refundOwed: 0, order: { status: 'paid' } });
    expect(calls).toEqual([]);
    expect((await readOrder(t.db, order.id)).refunds).toEqual([]);
  });

  test('a reading of a payment the shop does not know is answered as unknown', async () => {
    const { provider: p, calls } = provider();
    const outcome = await settlePayment(t.db, p, {
      provider: 'test',
      reading: succeeded('tpi_service_unknown'),
      actor: 'provider',
    });
    expect(outcome).toEqual({ kind: 'unknown' });
    expect(calls).toEqual([]);
  });
});

describe('a refund', () => {
  test('is asked with the key and reason given, recorded, and in the name of who asked', async () => {
    const order = await orderAt('paid');
    const { provider: p, calls, refundsAsked } = provider();
    const row = await refundPayment(t.db, p, {
      orderId: order.id,
      amount: 1000,
      key: 'desk-refund-1',
      actor: 'staff',
      actorId: 'usr_desk',
      reason: 'Damaged tub',
    });
    expect(refundsAsked).toEqual([
      {
        reference: order.reference,
        amount: 1000,
        idempotencyKey: 'desk-refund-1',
        reason: 'Damaged tub',
      },
    ]);
    expect(calls).toEqual(['refund', 'retrieve']);
    expect(row).toMatchObject({ id: order.paymentId, status: 'succeeded', refunded: 1000 });
    const after = await readOrder(t.db, order.id);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([1000]);
    expect(after.order.status).toBe('paid');
    expect((await timeline(order.id)).filter((event) => event.type === 'refund')).toEqual([
      {
        type: 'refund',
        actor: 'staff',
        actorId: 'usr_desk',
        note: '$10.00 refunded ($10.00 of $126.44 in all).',
      },
    ]);
  });

  test('without an actor id the timeline names nobody; the rest refunds the order', async () => {
    const order = await orderAt('paid');
    const { provider: p } = provider();
    const row = await refundPayment(t.db, p, {
      orderId: order.id,
      amount: 12644,
      key: 'desk-refund-all',
      actor: 'system',
    });
    expect(row.refunded).toBe(12644);
    expect((await readOrder(t.db, order.id)).order.status).toBe('refunded');
    expect((await timeline(order.id)).find((event) => event.type === 'refund')).toMatchObject({
      actor: 'system',
      actorId: null,
    });
  });
});

describe("a test card's outcome", () => {
  test("is applied in the shopper's name and answered; nothing is refunded", async () => {
    const order = await orderAt('pending_payment');
    const { payment } = await readOrder(t.db, order.id);
    const { provider: p, calls } = provider();
    const declined = await applyTestOutcome(t.db, p, {
      payment,
      outcome: {
        status: 'requires_payment_method',
        lastError: 'Your card was declined.',
        card: null,
      },
      userId: 'usr_shopper',
      actor: 'shopper',
    });
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
    const paid = await applyTestOutcome(t.db, p, {
      payment: declined,
      outcome: { status: 'succeeded', lastError: null, card: { brand: 'visa', last4: '4242' } },
      userId: 'usr_shopper',
      actor: 'shopper',
    });
    expect(paid).toMatchObject({
      status: 'succeeded',
      amount: 12644,
      lastError: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      refunded: 0,
    });
    expect(calls).toEqual([]);
    expect((await readOrder(t.db, order.id)).order.status).toBe('paid');
    expect(
      (await timeline(order.id)).filter((event) => event.type !== 'placed').slice(0, 2),
    ).toEqual([
      {
        type: 'payment_failed',
        actor: 'shopper',
        actorId: 'usr_shopper',
        note: 'Your card was declined.',
      },
      { type: 'paid', actor: 'shopper', actorId: 'usr_shopper', note: null },
    ]);
  });

  test('paying an order cancelled meanwhile refunds it in full, under a key of the order', async () => {
    const order = await orderAt('cancelled', 'requires_action');
    const { payment } = await readOrder(t.db, order.id);
    const { provider: p, refundsAsked } = provider();
    const row = await applyTestOutcome(t.db, p, {
      payment,
      outcome: { status: 'succeeded', lastError: null, card: { brand: 'visa', last4: '4242' } },
      userId: 'usr_shopper',
      actor: 'shopper',
    });
    expect(row).toMatchObject({ status: 'succeeded', refunded: 12644 });
    expect(refundsAsked).toEqual([
      {
        reference: order.reference,
        amount: 12644,
        idempotencyKey: `refund-after-cancel-${order.id}`,
      },
    ]);
    expect((await timeline(order.id)).find((event) => event.type === 'refund')).toMatchObject({
      actor: 'system',
      actorId: null,
    });
  });

  test('a payment the test provider did not make is a 404, and nothing is asked of it', async () => {
    const order = await insertOrder(t.db, { provider: 'stripe', reference: 'pi_service_1' });
    const { payment } = await readOrder(t.db, order.id);
    const { provider: p, calls } = provider();
    await expect(
      applyTestOutcome(t.db, p, {
        payment,
        outcome: { status: 'succeeded', lastError: null, card: null },
        userId: 'usr_shopper',
        actor: 'shopper',
      }),
    ).rejects.toMatchObject({ statusCode: 404, message: 'That payment does not exist.' });
    expect(calls).toEqual([]);
    expect((await readOrder(t.db, order.id)).payment.status).toBe(payment.status);
  });
});
