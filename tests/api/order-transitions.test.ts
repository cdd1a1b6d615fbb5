/**
 * `transitionOrder` called directly, as the payment completer, the jobs and the desk call it: what
 * a move writes on the order besides its status (the times, the pay-by deadline, the client
 * address), what goes on the timeline, what an order that will not ship gives back (its stock,
 * its discount code), the reason a refused move gives, and who acts on a shopper's route.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus } from '../../contract/orders.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { orderItems, orders } from '../../server/modules/orders/tables.ts';
import {
  actorOf,
  transitionOrder,
  type TransitionInput,
} from '../../server/modules/orders/transitions.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

function move(orderId: string, to: OrderStatus, input: Partial<TransitionInput> = {}) {
  return t.db.transaction((tx) => transitionOrder(tx, orderId, { to, actor: 'staff', ...input }));
}

async function stockOf(variantId: string) {
  const [row] = await t.db
    .select({ stock: variants.stock })
    .from(variants)
    .where(eq(variants.id, variantId));
  return row!.stock;
}

/** A fixture order at `status`, placed from a client address, its first line a real variant. */
async function orderAt(status: OrderStatus, variantId: string = F.plenty) {
  const order = await insertOrder(t.db, { provider: 'test', status });
  await t.db
    .update(orders)
    .set({ placedFrom: status === 'pending_payment' ? '203.0.113.9' : null })
    .where(eq(orders.id, order.id));
  await t.db
    .update(orderItems)
    .set({ variantId })
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.position, 0)));
  return order;
}

describe('what a move writes on the order', () => {
  test('paying stamps paidAt, clears the pay-by deadline and the client address', async () => {
    const order = await orderAt('pending_payment');
    const before = (await readOrder(t.db, order.id)).order;
    expect(before.payBy).not.toBeNull();
    expect(before.placedFrom).toBe('203.0.113.9');

    const result = await move(order.id, 'paid');
    const { order: row } = await readOrder(t.db, order.id);
    expect(result.order).toEqual(row);
    expect(row).toMatchObject({ status: 'paid', payBy: null, placedFrom: null, closedAt: null });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(row.updatedAt.getTime()).toBe(row.paidAt!.getTime());
    expect(row.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
  });

  test('a later move keeps paidAt and stamps only updatedAt', async () => {
    const order = await orderAt('pending_payment');
    await move(order.id, 'paid');
    const paid = (await readOrder(t.db, order.id)).order;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await move(order.id, 'processing');
    const { order: row } = await readOrder(t.db, order.id);
    expect(row).toMatchObject({ status: 'processing', paidAt: paid.paidAt, closedAt: null });
    expect(row.updatedAt.getTime()).toBeGreaterThan(paid.updatedAt.getTime());
  });

  test('cancelling an unpaid order closes it and clears the deadline and the address', async () => {
    const order = await orderAt('pending_payment');
    await move(order.id, 'cancelled');
    const { order: row } = await readOrder(t.db, order.id);
    expect(row).toMatchObject({ status: 'cancelled', payBy: null, placedFrom: null, paidAt: null });
    expect(row.closedAt).toBeInstanceOf(Date);
    expect(row.closedAt!.getTime()).toBe(row.updatedAt.getTime());
  });

  test('refunding a paid order closes it', async () => {
    const order = await orderAt('paid');
    await move(order.id, 'refunded');
    const { order: row } = await readOrder(t.db, order.id);
    expect(row.status).toBe('refunded');
    expect(row.closedAt).toBeInstanceOf(Date);
  });
});

describe('the timeline', () => {
  test('names the actor, who it was and the note', async () => {
    const order = await orderAt('pending_payment');
    await move(order.id, 'paid', { actor: 'staff', actorId: 'usr_desk', note: 'paid by phone' });
    const { events } = await readOrder(t.db, order.id);
    expect(
      events.map(({ type, status, actor, actorId, note }) => [type, status, actor, actorId, note]),
    ).toEqual([['paid', 'paid', 'staff', 'usr_desk', 'paid by phone']]);
  });

  test('without an actor id or a note both are empty', async () => {
    const order = await orderAt('pending_payment');
    await move(order.id, 'cancelled', { actor: 'system' });
    const { events } = await readOrder(t.db, order.id);
    expect(events).toMatchObject([
      { type: 'cancelled', status: 'cancelled', actor: 'system', actorId: null, note: null },
    ]);
  });
});

describe('an order that will not ship gives back what it holds', () => {
  test.each([
    ['pending_payment', 'cancelled'],
    ['paid', 'cancelled'],
    ['paid', 'refunded'],
    ['processing', 'refunded'],
  ] as const)('%s → %s puts its stock back', async (from, to) => {
    const order = await orderAt(from);
    const before = await stockOf(F.plenty);
    await move(order.id, to);
    // The first line (1 unit) has a variant; the second has none and is skipped.
    expect(await stockOf(F.plenty)).toBe(before + 1);
  });

  test('moving on to be shipped keeps the stock taken', async () => {
    const order = await orderAt('paid');
    const before = await stockOf(F.plenty);
    await move(order.id, 'processing');
    await move(order.id, 'shipped');
    expect(await stockOf(F.plenty)).toBe(before);
  });

  test('its discount code is live again; paying keeps it used', async () => {
    const email = 'transitions-code@example.com';
    const code = await issueCouponCode(t.db, { email, name: 'T' });
    const used = { usedAt: new Date(), liveFor: null };
    await t.db.update(discountCodes).set(used).where(eq(discountCodes.id, code.id));
    const paid = await orderAt('pending_payment');
    const cancelled = await orderAt('pending_payment');
    for (const order of [paid, cancelled]) {
      await t.db.update(orders).set({ discountCodeId: code.id }).where(eq(orders.id, order.id));
    }
    const codeRow = async () =>
      (await t.db.select().from(discountCodes).where(eq(discountCodes.id, code.id)))[0]!;

    await move(paid.id, 'paid');
    expect(await codeRow()).toMatchObject({ liveFor: null });
    expect((await codeRow()).usedAt).not.toBeNull();

    await move(cancelled.id, 'cancelled');
    expect(await codeRow()).toMatchObject({ usedAt: null, liveFor: email });
  });
});

describe('refused and missing', () => {
  test('a move off the table is a 409 that names the status and the move', async () => {
    const order = await orderAt('paid');
    await move(order.id, 'processing');
    await move(order.id, 'shipped');
    await expect(move(order.id, 'cancelled')).rejects.toMatchObject({
      statusCode: 409,
      message: 'This order is shipped and cannot be cancelled.',
      details: { status: 'shipped' },
    });
  });

  test('an order that does not exist is a 404', async () => {
    await expect(move('ord_missing', 'paid')).rejects.toMatchObject({
      statusCode: 404,
      message: 'That order does not exist.',
    });
  });
});

test("on a shopper's route the order's own shopper acts as the shopper; anyone else as staff", () => {
  expect(actorOf({ _id: 'usr_1' }, { userId: 'usr_1' })).toBe('shopper');
  expect(actorOf({ _id: 'usr_admin' }, { userId: 'usr_1' })).toBe('staff');
  expect(actorOf({ _id: 'usr_admin' }, { userId: null })).toBe('staff');
});
