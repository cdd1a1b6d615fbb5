/**
 * The order lifecycle called directly, as the routes and the order jobs call it: the shopper's and
 * the shop's cancellations (what the timeline says, who acts, the full refund of a paid order),
 * the payment stopped at the provider first (and what happens when the provider cannot be asked),
 * the owed refunds of cancelled orders, and the expiry of unpaid orders at a given time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus, PaymentStatus } from '../../contract/orders.ts';
import {
  cancelOrderAsShopper,
  cancelOrderAsStaff,
  expireUnpaidOrders,
  settleOwedRefunds,
} from '../../server/modules/orders/lifecycle.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import type { PaymentProvider } from '../../server/modules/payments/provider.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { createTestProvider } from '../../server/modules/payments/test-provider.ts';
import { captureLog } from '../helpers/capture-log.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

/** The test provider, with the calls it was asked counted and any of them replaced. */
function provider(overrides: Partial<PaymentProvider> = {}) {
  const calls: string[] = [];
  const refundsAsked: Parameters<PaymentProvider['refundPayment']>[0][] = [];
  const base = createTestProvider(t.db);
  const counted: PaymentProvider = {
    name: 'test',
    createPayment: (input) => (calls.push('create'), base.createPayment(input)),
    retrievePayment: (reference) => (calls.push('retrieve'), base.retrievePayment(reference)),
    refundPayment: (input) => (
      calls.push('refund'),
      refundsAsked.push(input),
      base.refundPayment(input)
    ),
    cancelPayment: (reference) => (calls.push('cancel'), base.cancelPayment(reference)),
  };
  const wrapped: PaymentProvider = { ...counted };
  for (const [key, fn] of Object.entries(overrides)) {
    if (typeof fn !== 'function') continue;
    const name = key as 'retrievePayment';
    (wrapped as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(name.replace('Payment', ''));
      return (fn as (...a: unknown[]) => unknown)(...args);
    };
  }
  return { provider: wrapped, calls, refundsAsked };
}

let refs = 0;
/** A fixture order on the test provider, its payment opened there (a reference) unless told. */
async function orderAt(
  status: OrderStatus,
  paymentStatus: PaymentStatus = status === 'pending_payment'
    ? 'requires_payment_method'
    : 'succeeded',
  options: { reference?: string | null; userId?: string; refunded?: number } = {},
) {
  const reference =
    options.reference === undefined ? `tpi_lifecycle_${Date.now()}_${++refs}` : options.reference;
  const order = await insertOrder(t.db, {
    provider: 'test',
    status,
    paymentStatus,
    reference,
    userId: options.userId ?? null,
  });
  if (options.refunded) {
    await t.db
      .update(payments)
      .set({ refunded: options.refunded })
      .where(eq(payments.orderId, order.id));
  }
  return order;
}

const timeline = async (orderId: string) =>
  (await readOrder(t.db, orderId)).events.map(({ type, actor, actorId, note }) => ({
    type,
    actor,
    actorId,
    note,
  }));

const unavailable = () => new Error('Connection terminated unexpectedly');

describe('the shopper cancels', () => {
  test('an unpaid order: its payment is cancelled first, the timeline names the shopper', async () => {
    const order = await orderAt('pending_payment');
    const { provider: p, calls } = provider();
    await cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' });
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('cancelled');
    expect(after.payment.status).toBe('canceled');
    expect(calls).toEqual(['cancel']);
    expect((await timeline(order.id)).filter((e) => e.type === 'cancelled')).toEqual([
      {
        type: 'cancelled',
        actor: 'shopper',
        actorId: 'usr_shopper',
        note: 'Cancelled by the shopper.',
      },
    ]);
  });

  test('a paid order: cancelled, then refunded in full under the given actor', async () => {
    const order = await orderAt('paid');
    const { provider: p } = provider();
    await cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_desk', actor: 'staff' });
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('cancelled');
    expect(after.payment.refunded).toBe(order.total);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([order.total]);
    const events = await timeline(order.id);
    expect(events.find((e) => e.type === 'cancelled')).toEqual({
      type: 'cancelled',
      actor: 'staff',
      actorId: 'usr_desk',
      note: 'Cancelled by the shopper; refunded in full.',
    });
    expect(events.filter((e) => e.type !== 'cancelled')).toContainEqual(
      expect.objectContaining({ actor: 'staff', actorId: 'usr_desk' }),
    );
  });

  test('a paid order partly refunded already: only what is left goes back', async () => {
    const order = await orderAt('paid', 'succeeded', { refunded: 1000 });
    const { provider: p } = provider();
    await cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' });
    const after = await readOrder(t.db, order.id);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([order.total - 1000]);
    expect(after.refunds[0]!.reference).toMatch(/^tre_/);
  });

  test('an order already cancelled: nothing happens, twice', async () => {
    const order = await orderAt('pending_payment');
    const { provider: p, calls } = provider();
    await cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' });
    const events = await timeline(order.id);
    await expect(
      cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' }),
    ).resolves.toBeUndefined();
    expect(await timeline(order.id)).toEqual(events);
    expect(calls).toEqual(['cancel']);

    // Money owed on a cancelled order is left to the refund job, not refunded here.
    const owed = await orderAt('cancelled', 'succeeded');
    const again = provider();
    await cancelOrderAsShopper(t.db, again.provider, { orderId: owed.id, userId: 'usr_shopper' });
    expect(again.calls).toEqual([]);
  });

  test('an order being packed cannot be cancelled: a 409 naming its status', async () => {
    const order = await orderAt('processing');
    const { provider: p, calls } = provider();
    await expect(
      cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order is processing and can no longer be cancelled.',
      details: { status: 'processing' },
    });
    expect((await readOrder(t.db, order.id)).order.status).toBe('processing');
    expect(calls).toEqual([]);
  });
});

describe('the shop cancels', () => {
  test('an unpaid order, with and without a note', async () => {
    const plain = await orderAt('pending_payment');
    const noted = await orderAt('pending_payment');
    const { provider: p } = provider();
    await cancelOrderAsStaff(t.db, p, { orderId: plain.id, staffId: 'usr_staff' });
    await cancelOrderAsStaff(t.db, p, { orderId: noted.id, staffId: 'usr_staff', note: 'Dup.' });
    expect((await timeline(plain.id)).find((e) => e.type === 'cancelled')).toEqual({
      type: 'cancelled',
      actor: 'staff',
      actorId: 'usr_staff',
      note: 'Cancelled by the shop.',
    });
    expect((await timeline(noted.id)).find((e) => e.type === 'cancelled')?.note).toBe(
      'Cancelled by the shop. Dup.',
    );
    expect((await readOrder(t.db, plain.id)).payment.status).toBe('canceled');
  });

  test('a paid order is refunded in full, the refund in the name of the staff member', async () => {
    const order = await orderAt('paid');
    const { provider: p, refundsAsked } = provider();
    await cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff', note: 'Asked.' });
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('cancelled');
    expect(after.payment.refunded).toBe(order.total);
    expect(refundsAsked).toEqual([
      expect.objectContaining({ amount: order.total, reason: 'requested_by_customer' }),
    ]);
    const events = await timeline(order.id);
    expect(events.find((e) => e.type === 'cancelled')?.note).toBe(
      'Cancelled by the shop; refunded in full. Asked.',
    );
    expect(events.filter((e) => e.type !== 'cancelled')).toContainEqual(
      expect.objectContaining({ actor: 'staff', actorId: 'usr_staff' }),
    );
  });

  test('an order already cancelled is a 409', async () => {
    const order = await orderAt('cancelled', 'canceled');
    const { provider: p, calls } = provider();
    await expect(
      cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff' }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order is already cancelled.',
      details: { status: 'cancelled' },
    });
    expect(calls).toEqual([]);
  });

  test('a paid order whose payment is not recorded as succeeded is neither stopped nor refunded', async () => {
    const byShop = await orderAt('paid', 'requires_payment_method');
    const byShopper = await orderAt('paid', 'requires_payment_method');
    const { provider: p, calls } = provider();
    await cancelOrderAsStaff(t.db, p, { orderId: byShop.id, staffId: 'usr_staff' });
    await cancelOrderAsShopper(t.db, p, { orderId: byShopper.id, userId: 'usr_shopper' });
    for (const order of [byShop, byShopper]) {
      expect((await readOrder(t.db, order.id)).order.status).toBe('cancelled');
    }
    expect(calls).toEqual([]);
  });

  test('a paid order without a payment row is cancelled and nothing is refunded', async () => {
    const order = await orderAt('paid');
    await t.db.delete(payments).where(eq(payments.orderId, order.id));
    const { provider: p, calls } = provider();
    await cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff' });
    expect((await readOrder(t.db, order.id)).order.status).toBe('cancelled');
    expect(calls).toEqual([]);
  });

  test('an order that does not exist is a 404 for the shop and the shopper', async () => {
    const { provider: p } = provider();
    const missing = { statusCode: 404, message: 'That order does not exist.' };
    await expect(
      cancelOrderAsStaff(t.db, p, { orderId: 'ord_missing', staffId: 'usr_staff' }),
    ).rejects.toMatchObject(missing);
    await expect(
      cancelOrderAsShopper(t.db, p, { orderId: 'ord_missing', userId: 'usr_shopper' }),
    ).rejects.toMatchObject(missing);
  });

  test('a paid order already refunded in full asks the provider for nothing', async () => {
    const order = await orderAt('paid', 'succeeded');
    await t.db
      .update(payments)
      .set({ refunded: order.total })
      .where(eq(payments.orderId, order.id));
    const { provider: p, calls } = provider();
    await cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff' });
    expect((await readOrder(t.db, order.id)).order.status).toBe('cancelled');
    expect(calls).toEqual([]);
  });
});

describe('stopping the payment before an unpaid order is cancelled', () => {
  test('a payment never opened at the provider, or already cancelled, is not asked about', async () => {
    const unopened = await orderAt('pending_payment', 'requires_payment_method', {
      reference: null,
    });
    const cancelled = await orderAt('pending_payment', 'canceled');
    const { provider: p, calls } = provider();
    await cancelOrderAsShopper(t.db, p, { orderId: unopened.id, userId: 'usr_shopper' });
    await cancelOrderAsStaff(t.db, p, { orderId: cancelled.id, staffId: 'usr_staff' });
    expect(calls).toEqual([]);
    expect((await readOrder(t.db, unopened.id)).order.status).toBe('cancelled');
    expect((await readOrder(t.db, cancelled.id)).order.status).toBe('cancelled');
  });

  test('a refused cancellation is read back; a payment cancelled meanwhile lets it go on', async () => {
    const order = await orderAt('pending_payment');
    const base = createTestProvider(t.db);
    const { provider: p, calls } = provider({
      cancelPayment: () => Promise.reject(new Error('declined by the network')),
      retrievePayment: async (reference) => ({
        ...(await base.retrievePayment(reference)),
        status: 'canceled',
      }),
    });
    await cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff' });
    expect(calls).toEqual(['cancel', 'retrieve']);
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('cancelled');
    expect(after.payment.status).toBe('canceled');
  });

  test('a payment that succeeded meanwhile marks the order paid; the shopper then gets a refund', async () => {
    const order = await orderAt('pending_payment');
    const base = createTestProvider(t.db);
    const { provider: p } = provider({
      cancelPayment: async (reference) => ({
        ...(await base.retrievePayment(reference)),
        status: 'succeeded',
      }),
    });
    await cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' });
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('cancelled');
    expect(after.payment.status).toBe('succeeded');
    expect(after.events.find((e) => e.type === 'paid')).toMatchObject({ actor: 'system' });
    expect(after.payment.refunded).toBe(order.total);
  });

  test('a provider that can neither cancel nor read keeps the order open (503)', async () => {
    const order = await orderAt('pending_payment');
    const { provider: p, calls } = provider({
      cancelPayment: () => Promise.reject(new Error('timeout')),
      retrievePayment: () => Promise.reject(new Error('timeout')),
    });
    await expect(
      cancelOrderAsShopper(t.db, p, { orderId: order.id, userId: 'usr_shopper' }),
    ).rejects.toMatchObject({ statusCode: 503, details: { reason: 'payment_not_stopped' } });
    expect(calls).toEqual(['cancel', 'retrieve']);
    expect((await readOrder(t.db, order.id)).order.status).toBe('pending_payment');
  });

  test('a payment the provider still reports open keeps the order open (503)', async () => {
    const order = await orderAt('pending_payment');
    const base = createTestProvider(t.db);
    const { provider: p } = provider({
      cancelPayment: (reference) => base.retrievePayment(reference),
    });
    await expect(
      cancelOrderAsStaff(t.db, p, { orderId: order.id, staffId: 'usr_staff' }),
    ).rejects.toMatchObject({ statusCode: 503, details: { reason: 'payment_not_stopped' } });
    expect((await readOrder(t.db, order.id)).order.status).toBe('pending_payment');
  });

  test('our own database gone is said as such, not as a provider failure', async () => {
    const order = await orderAt('pending_payment');
    const down = unavailable();
    const onCancel = provider({ cancelPayment: () => Promise.reject(down) });
    await expect(
      cancelOrderAsShopper(t.db, onCancel.provider, { orderId: order.id, userId: 'usr_shopper' }),
    ).rejects.toBe(down);
    expect(onCancel.calls).toEqual(['cancel']);
    const onRead = provider({
      cancelPayment: () => Promise.reject(new Error('refused')),
      retrievePayment: () => Promise.reject(down),
    });
    await expect(
      cancelOrderAsShopper(t.db, onRead.provider, { orderId: order.id, userId: 'usr_shopper' }),
    ).rejects.toBe(down);
    expect((await readOrder(t.db, order.id)).order.status).toBe('pending_payment');
  });
});

describe('refunds owed on cancelled orders', () => {
  test('refunds what is left of each, counts them, and logs one that fails', async () => {
    const { log, lines } = captureLog();
    // Settle what earlier tests left, so only this test's orders are owed.
    await settleOwedRefunds(t.db, provider().provider, log);
    const owed = await orderAt('cancelled', 'succeeded', { refunded: 500 });
    const failing = await orderAt('cancelled', 'succeeded');
    const settled = await orderAt('cancelled', 'succeeded');
    await t.db
      .update(payments)
      .set({ refunded: settled.total })
      .where(eq(payments.orderId, settled.id));
    const open = await orderAt('paid', 'succeeded');
    const unpaid = await orderAt('cancelled', 'canceled');
    const base = createTestProvider(t.db);
    const failingRef = (await readOrder(t.db, failing.id)).payment.reference;
    const { provider: p } = provider({
      refundPayment: (input) =>
        input.reference === failingRef
          ? Promise.reject(new Error('refund refused'))
          : base.refundPayment(input),
    });
    lines.length = 0;
    expect(await settleOwedRefunds(t.db, p, log)).toBe(1);
    const after = await readOrder(t.db, owed.id);
    expect(after.refunds.map((refund) => refund.amount)).toEqual([owed.total - 500]);
    expect(after.events.filter((e) => e.type !== 'cancelled')).toContainEqual(
      expect.objectContaining({ actor: 'system', actorId: null }),
    );
    expect(lines).toEqual([
      {
        level: 'error',
        msg: 'could not refund a cancelled order',
        data: expect.objectContaining({ orderId: failing.id }),
      },
    ]);
    expect((lines[0]!.data.err as Error).message).toBe('refund refused');
    for (const left of [failing, open, unpaid]) {
      expect((await readOrder(t.db, left.id)).payment.refunded).toBe(0);
    }
    expect((await readOrder(t.db, settled.id)).refunds).toEqual([]);
  });
});

describe('unpaid orders expire', () => {
  const now = new Date('2001-02-03T04:05:06Z');
  const payBy = (orderId: string, at: Date) =>
    t.db.update(orders).set({ payBy: at }).where(eq(orders.id, orderId));

  test('at their pay-by time and not before; a processing payment waits', async () => {
    const due = await orderAt('pending_payment');
    const past = await orderAt('pending_payment', 'requires_payment_method', { reference: null });
    const notYet = await orderAt('pending_payment');
    const processing = await orderAt('pending_payment', 'processing');
    const paid = await orderAt('paid');
    await payBy(due.id, now);
    await payBy(past.id, new Date(now.getTime() - 60_000));
    await payBy(notYet.id, new Date(now.getTime() + 1));
    await payBy(processing.id, new Date(now.getTime() - 60_000));
    await payBy(paid.id, new Date(now.getTime() - 60_000));
    const { log, lines } = captureLog();
    const { provider: p, calls } = provider();

    expect(await expireUnpaidOrders(t.db, p, log, now)).toBe(2);
    expect(calls).toEqual(['cancel']);
    for (const gone of [due, past]) {
      const after = await readOrder(t.db, gone.id);
      expect(after.order.status).toBe('cancelled');
      expect(
        after.events.map(({ type, actor, actorId, note }) => [type, actor, actorId, note]),
      ).toEqual([
        [
          'cancelled',
          'system',
          null,
          'Payment was not completed in time; the items went back on the shelf.',
        ],
      ]);
    }
    expect((await readOrder(t.db, due.id)).payment.status).toBe('canceled');
    for (const kept of [notYet, processing]) {
      expect((await readOrder(t.db, kept.id)).order.status).toBe('pending_payment');
    }
    expect((await readOrder(t.db, paid.id)).order.status).toBe('paid');
    expect(lines).toEqual([
      {
        level: 'info',
        msg: 'cancelled unpaid orders past their payment window',
        data: { cancelled: 2 },
      },
    ]);

    // Nothing left due: nothing cancelled, nothing logged.
    lines.length = 0;
    expect(await expireUnpaidOrders(t.db, p, log, now)).toBe(0);
    expect(lines).toEqual([]);
  });

  test('an order without a payment row expires too', async () => {
    const order = await orderAt('pending_payment');
    await payBy(order.id, now);
    await t.db.delete(payments).where(eq(payments.orderId, order.id));
    const { log } = captureLog();
    expect(await expireUnpaidOrders(t.db, provider().provider, log, now)).toBe(1);
    expect((await readOrder(t.db, order.id)).order.status).toBe('cancelled');
  });

  test('a payment that completes as it is stopped leaves the order paid, not cancelled', async () => {
    const order = await orderAt('pending_payment');
    await payBy(order.id, now);
    const base = createTestProvider(t.db);
    const { provider: p } = provider({
      cancelPayment: async (reference) => ({
        ...(await base.retrievePayment(reference)),
        status: 'succeeded',
      }),
    });
    const { log, lines } = captureLog();
    expect(await expireUnpaidOrders(t.db, p, log, now)).toBe(0);
    const after = await readOrder(t.db, order.id);
    expect(after.order.status).toBe('paid');
    expect(after.payment.refunded).toBe(0);
    expect(lines).toEqual([]);
  });

  test('one that begins processing as it is stopped is skipped quietly; a failure is logged', async () => {
    const starting = await orderAt('pending_payment');
    const failing = await orderAt('pending_payment');
    const fine = await orderAt('pending_payment');
    await payBy(starting.id, new Date(now.getTime() - 2000));
    await payBy(failing.id, new Date(now.getTime() - 1000));
    await payBy(fine.id, now);
    const base = createTestProvider(t.db);
    const [startingRef, failingRef] = await Promise.all(
      [starting, failing].map(async (o) => (await readOrder(t.db, o.id)).payment.reference),
    );
    const { provider: p } = provider({
      cancelPayment: async (reference) => {
        if (reference === failingRef) throw new Error('nope');
        const reading = await base.cancelPayment(reference);
        return reference === startingRef ? { ...reading, status: 'processing' } : reading;
      },
      retrievePayment: async (reference) => {
        if (reference === failingRef) throw new Error('still nope');
        return base.retrievePayment(reference);
      },
    });
    const { log, lines } = captureLog();
    expect(await expireUnpaidOrders(t.db, p, log, now)).toBe(1);
    expect((await readOrder(t.db, starting.id)).order.status).toBe('pending_payment');
    expect((await readOrder(t.db, failing.id)).order.status).toBe('pending_payment');
    expect((await readOrder(t.db, fine.id)).order.status).toBe('cancelled');
    expect(lines.map(({ level, msg, data }) => [level, msg, data.orderId])).toEqual([
      ['error', 'could not cancel an unpaid order', failing.id],
      ['info', 'cancelled unpaid orders past their payment window', undefined],
    ]);
    expect((lines[0]!.data.err as { statusCode?: number }).statusCode).toBe(503);
  });
});
