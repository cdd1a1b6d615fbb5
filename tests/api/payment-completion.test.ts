/**
 * The payment completer (`applyPaymentUpdate`) fed readings directly, without a provider: what
 * goes on the order's timeline and how often, what a reading that leaves a field out keeps, when
 * the payment row is written at all, how refunds add up, and a sum other than the order's total. The fixture order is $59.99 + 2 ×
 * $24.99 = $109.97 to Quebec, shipped free, with GST $5.50 and QST $10.97: $126.44 in all.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus, PaymentStatus } from '../../contract/orders.ts';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { applyPaymentUpdate, paymentDto } from '../../server/modules/payments/completion.ts';
import type { ProviderPayment, ProviderRefund } from '../../server/modules/payments/provider.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { mailsTo } from '../helpers/auth.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

let count = 0;

/** A fixture order with a test-provider payment, in the states given. */
async function orderWith(status: OrderStatus, paymentStatus: PaymentStatus) {
  const reference = `tpi_completion_${++count}`;
  const order = await insertOrder(t.db, { provider: 'test', reference, status, paymentStatus });
  expect(order.total).toBe(12644);
  return { ...order, reference };
}

/** Hands the completer a reading of the payment (by default: succeeded for $126.44). */
function read(
  reference: string,
  reading: Partial<ProviderPayment> = {},
  refunds?: readonly ProviderRefund[],
) {
  return applyPaymentUpdate(t.db, {
    provider: 'test',
    reading: {
      reference,
      status: 'succeeded',
      amount: 12644,
      clientSecret: null,
      lastError: null,
      card: null,
      refunded: 0,
      ...reading,
    },
    ...(refunds ? { refunds } : {}),
    actor: 'provider',
  });
}

async function notes(orderId: string, type: string) {
  const { events } = await readOrder(t.db, orderId);
  return events.filter((event) => event.type === type).map((event) => event.note);
}

describe('declines', () => {
  test('each new decline is on the timeline once; the same one read again is not', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    const declined = { status: 'requires_payment_method', lastError: 'Your card was declined.' };
    await read(order.reference, declined as Partial<ProviderPayment>);
    await read(order.reference, declined as Partial<ProviderPayment>);
    expect(await notes(order.id, 'payment_failed')).toEqual(['Your card was declined.']);

    await read(order.reference, {
      status: 'requires_payment_method',
      lastError: 'Your card has insufficient funds.',
    });
    expect(await notes(order.id, 'payment_failed')).toEqual([
      'Your card was declined.',
      'Your card has insufficient funds.',
    ]);
    const { order: row, payment } = await readOrder(t.db, order.id);
    expect(payment.lastError).toBe('Your card has insufficient funds.');
    expect(row.status).toBe('pending_payment');
  });

  test('a reading that waits for a card without an error is no decline', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    await read(order.reference, { status: 'requires_payment_method', lastError: null });
    expect(await notes(order.id, 'payment_failed')).toEqual([]);
  });

  test('the error goes once the payment moves on', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    await read(order.reference, {
      status: 'requires_payment_method',
      lastError: 'Your card was declined.',
    });
    // A provider that still carries the old error on a later reading does not keep it shown.
    await read(order.reference, { status: 'succeeded', lastError: 'Your card was declined.' });
    const { order: row, payment } = await readOrder(t.db, order.id);
    expect(payment).toMatchObject({ status: 'succeeded', lastError: null });
    expect(row.status).toBe('paid');
    // Nor is it a decline again: only a reading that waits for a card declines.
    expect(await notes(order.id, 'payment_failed')).toEqual(['Your card was declined.']);
  });

  test('a failed authentication without a reason is no decline either', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    await read(order.reference, { status: 'requires_action' });
    await read(order.reference, { status: 'requires_payment_method', lastError: null });
    expect((await readOrder(t.db, order.id)).payment.status).toBe('requires_payment_method');
    expect(await notes(order.id, 'payment_failed')).toEqual([]);
  });

  test('the timeline names who handed the reading in', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    await applyPaymentUpdate(t.db, {
      provider: 'test',
      reading: {
        reference: order.reference,
        status: 'requires_payment_method',
        amount: 12644,
        clientSecret: null,
        lastError: 'Your card was declined.',
        card: null,
        refunded: 0,
      },
      actor: 'staff',
      actorId: 'usr_desk',
    });
    const { events } = await readOrder(t.db, order.id);
    expect(events.filter((event) => event.type === 'payment_failed')).toMatchObject([
      { actor: 'staff', actorId: 'usr_desk', note: 'Your card was declined.' },
    ]);
  });
});

describe('the bank steps in', () => {
  test('processing is on the timeline once, however often it is read', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    const note = 'The bank is processing the payment; it cannot be stopped until it settles.';
    await read(order.reference, { status: 'processing' });
    // On the timeline with the reading that moved it, not with a later one.
    expect(await notes(order.id, 'payment_processing')).toEqual([note]);
    await read(order.reference, { status: 'processing' });
    expect(await notes(order.id, 'payment_processing')).toEqual([note]);
    expect(await notes(order.id, 'payment_action_required')).toEqual([]);
  });

  test('an authentication step is on the timeline once, however often it is read', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    const note = 'The bank asked the shopper to authenticate the payment.';
    await read(order.reference, { status: 'requires_action' });
    expect(await notes(order.id, 'payment_action_required')).toEqual([note]);
    await read(order.reference, { status: 'requires_action' });
    expect(await notes(order.id, 'payment_action_required')).toEqual([note]);
    expect(await notes(order.id, 'payment_processing')).toEqual([]);
  });
});

describe('what a reading leaves out', () => {
  test('the card and the client secret stay when a later reading does not carry them', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    await read(order.reference, {
      status: 'requires_action',
      clientSecret: 'tpi_secret_first',
      card: { brand: 'visa', last4: '4242' },
    });
    await read(order.reference, { status: 'succeeded', clientSecret: null, card: null });
    const { payment } = await readOrder(t.db, order.id);
    expect(payment).toMatchObject({
      status: 'succeeded',
      clientSecret: 'tpi_secret_first',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  test('a reading that changes nothing leaves the row, and its updatedAt, alone', async () => {
    const order = await orderWith('pending_payment', 'requires_payment_method');
    const reading = {
      status: 'requires_action',
      clientSecret: 'tpi_secret_same',
      card: { brand: 'mastercard', last4: '4444' },
    } as const;
    await read(order.reference, reading);
    const marked = new Date('2026-01-02T03:04:05.000Z');
    await t.db.update(payments).set({ updatedAt: marked }).where(eq(payments.orderId, order.id));
    const unchanged = await read(order.reference, reading);
    expect((await readOrder(t.db, order.id)).payment.updatedAt).toEqual(marked);
    // It still answers the payment as it stands.
    expect(unchanged).toMatchObject({
      kind: 'applied',
      payment: { id: order.paymentId, status: 'requires_action', updatedAt: marked },
    });

    // One field that differs (a new client secret) is written.
    await read(order.reference, { ...reading, clientSecret: 'tpi_secret_new' });
    const { payment } = await readOrder(t.db, order.id);
    expect(payment.clientSecret).toBe('tpi_secret_new');
    expect(payment.updatedAt).not.toEqual(marked);
  });
});

describe('refunds', () => {
  test('a part refund keeps the order paid; the rest refunds it', async () => {
    const order = await orderWith('paid', 'succeeded');
    const first = { reference: 're_part_1', amount: 5000 };
    await read(order.reference, { refunded: 5000 }, [first]);
    // The same refund reported again counts once.
    await read(order.reference, { refunded: 5000 }, [first]);

    let now = await readOrder(t.db, order.id);
    expect(now.order.status).toBe('paid');
    expect(now.payment.refunded).toBe(5000);
    expect(now.refunds.map((row) => [row.reference, row.amount])).toEqual([['re_part_1', 5000]]);
    expect(await notes(order.id, 'refund')).toEqual([
      '$50.00 refunded ($50.00 of $126.44 in all).',
    ]);
    const [partMail] = await mailsTo(t.db, order.email, ORDER_MAIL_KINDS.refunded);
    expect(partMail!.textBody.replace(/\s+/g, ' ')).toContain(
      'In all, $50.00 of your payment of $126.44 has been refunded.',
    );

    await read(order.reference, { refunded: 12644 }, [
      first,
      { reference: 're_part_2', amount: 7644 },
    ]);
    now = await readOrder(t.db, order.id);
    expect(now.order.status).toBe('refunded');
    expect(now.payment.refunded).toBe(12644);
    expect(await notes(order.id, 'refund')).toEqual([
      '$50.00 refunded ($50.00 of $126.44 in all).',
      '$76.44 refunded ($126.44 of $126.44 in all).',
    ]);
    expect(await mailsTo(t.db, order.email, ORDER_MAIL_KINDS.refunded)).toHaveLength(2);
  });

  test('a whole refund of an order being packed refunds it', async () => {
    const order = await orderWith('processing', 'succeeded');
    await read(order.reference, { refunded: 12644 }, [{ reference: 're_packed', amount: 12644 }]);
    expect((await readOrder(t.db, order.id)).order.status).toBe('refunded');
  });

  test('a whole refund of a shipped order leaves it shipped and tells the shopper', async () => {
    const order = await orderWith('shipped', 'succeeded');
    await read(order.reference, { refunded: 12644 }, [{ reference: 're_shipped', amount: 12644 }]);
    expect((await readOrder(t.db, order.id)).order.status).toBe('shipped');
    const mails = await mailsTo(t.db, order.email, ORDER_MAIL_KINDS.refunded);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.textBody.replace(/\s+/g, ' ')).toContain(
      'Your payment of $126.44 has now been refunded in full.',
    );
  });

  test("the provider's own total counts when it is above the refunds it lists", async () => {
    const order = await orderWith('paid', 'succeeded');
    await read(order.reference, { refunded: 3000 });
    const now = await readOrder(t.db, order.id);
    expect(now.payment.refunded).toBe(3000);
    expect(now.refunds).toEqual([]);
    expect(await notes(order.id, 'refund')).toEqual([
      '$30.00 refunded ($30.00 of $126.44 in all).',
    ]);
    // A later, smaller total from the provider never lowers what was refunded.
    await read(order.reference, { refunded: 1000 });
    expect((await readOrder(t.db, order.id)).payment.refunded).toBe(3000);
  });

  test('refunds never add up to more than was paid', async () => {
    const order = await orderWith('shipped', 'succeeded');
    await read(order.reference, { refunded: 0 }, [
      { reference: 're_over_1', amount: 10000 },
      { reference: 're_over_2', amount: 10000 },
    ]);
    expect((await readOrder(t.db, order.id)).payment.refunded).toBe(12644);
  });
});

describe('a payment that completes after the order was cancelled', () => {
  test('the whole sum is owed back', async () => {
    const order = await orderWith('cancelled', 'requires_action');
    const outcome = await read(order.reference);
    expect(outcome).toMatchObject({ kind: 'applied', refundOwed: 12644 });
    expect(await notes(order.id, 'payment_after_cancel')).toEqual([
      'The payment completed after the order was cancelled; it is refunded in full.',
    ]);
    expect((await readOrder(t.db, order.id)).order.status).toBe('cancelled');
  });

  test('less what the provider has already refunded', async () => {
    const order = await orderWith('cancelled', 'requires_action');
    const outcome = await read(order.reference, { refunded: 2000 });
    expect(outcome).toMatchObject({ kind: 'applied', refundOwed: 10644 });
  });

  test('a second reading owes nothing more', async () => {
    const order = await orderWith('cancelled', 'requires_action');
    await read(order.reference);
    expect(await read(order.reference)).toMatchObject({ kind: 'applied', refundOwed: 0 });
    expect(await notes(order.id, 'payment_after_cancel')).toHaveLength(1);
  });
});

describe('a payment that succeeds', () => {
  test('for a sum other than the total leaves the order unpaid, for a person to look at', async () => {
    const order = await orderWith('pending_payment', 'requires_action');
    const outcome = await read(order.reference, { amount: 12645 });
    expect(outcome).toMatchObject({ kind: 'applied', refundOwed: 0 });
    const { order: row, payment } = await readOrder(t.db, order.id);
    expect(payment.status).toBe('succeeded');
    expect(row).toMatchObject({ status: 'pending_payment', paidAt: null });
    expect(await notes(order.id, 'payment_mismatch')).toEqual([
      "The provider reports $126.45 paid; the order's total is $126.44.",
    ]);
    expect(await notes(order.id, 'paid')).toEqual([]);
  });

  test('for an order already marked paid owes nothing back', async () => {
    // The desk marked the order paid while the bank was still processing the payment.
    const order = await orderWith('paid', 'processing');
    const outcome = await read(order.reference);
    expect(outcome).toMatchObject({ kind: 'applied', refundOwed: 0, order: { status: 'paid' } });
    expect((await readOrder(t.db, order.id)).payment.status).toBe('succeeded');
    expect(await notes(order.id, 'payment_after_cancel')).toEqual([]);
  });
});

test('the payment as the shopper sees it shows the card only with both brand and last four', async () => {
  const order = await orderWith('pending_payment', 'requires_action');
  await read(order.reference, { card: { brand: 'visa', last4: '4242' } });
  const { payment } = await readOrder(t.db, order.id);
  expect(paymentDto(payment)).toEqual({
    id: order.paymentId,
    provider: 'test',
    status: 'succeeded',
    amount: 12644,
    currency: 'cad',
    clientSecret: null,
    lastError: null,
    card: { brand: 'visa', last4: '4242' },
    refunded: 0,
  });
  expect(paymentDto({ ...payment, cardLast4: null }).card).toBeNull();
  expect(paymentDto({ ...payment, cardBrand: null }).card).toBeNull();
});

test('a reading for a payment the shop does not know changes nothing', async () => {
  expect(await read('tpi_completion_unknown')).toEqual({ kind: 'unknown' });
});
