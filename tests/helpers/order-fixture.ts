import { asc, eq } from 'drizzle-orm';
import {
  computeOrderTotals,
  formatOrderNumber,
  type Address,
  type OrderStatus,
  type PaymentProviderName,
  type PaymentStatus,
} from '../../contract/orders.ts';
import type { Database } from '../../server/db/client.ts';
import { newId } from '../../server/lib/ids.ts';
import { orderEvents, orderItems, orders } from '../../server/modules/orders/tables.ts';
import { payments, refunds } from '../../server/modules/payments/tables.ts';

export const FIXTURE_ADDRESS: Address = {
  name: 'Élodie Tremblay',
  line1: '1200 rue Sainte-Catherine Ouest',
  line2: undefined,
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: '514-555-0142',
};

export const FIXTURE_LINES = [
  { name: 'Whey Isolate', flavor: 'Vanilla', size: '2 lb', quantity: 1, unitPrice: 5999 },
  { name: 'Creatine', flavor: 'Unflavoured', size: '300 g', quantity: 2, unitPrice: 2499 },
];

export interface FixtureOrder {
  id: string;
  number: string;
  email: string;
  total: number;
  paymentId: string;
}

/**
 * An order as placement leaves it (or at `status`), with its payment row, inserted straight into
 * the database: tests of payments need orders without going through checkout.
 */
export async function insertOrder(
  db: Database,
  options: {
    provider?: PaymentProviderName;
    /** The provider's id of the payment (`pi_…`); none until it is created there. */
    reference?: string | null;
    status?: OrderStatus;
    paymentStatus?: PaymentStatus;
    userId?: string | null;
    /** The product each of FIXTURE_LINES sold (none by default). */
    productIds?: readonly (string | null)[];
  } = {},
): Promise<FixtureOrder> {
  const id = newId('ord');
  const email = `${id.toLowerCase()}@example.com`;
  const totals = computeOrderTotals({
    lines: FIXTURE_LINES,
    percentOff: 0,
    shippingMethod: 'standard',
    province: FIXTURE_ADDRESS.province,
  });
  const status = options.status ?? 'pending_payment';
  const [row] = await db
    .insert(orders)
    .values({
      id,
      email,
      userId: options.userId ?? null,
      status,
      checkoutKey: newId('key'),
      shippingMethod: 'standard',
      shippingAddress: FIXTURE_ADDRESS,
      billingAddress: FIXTURE_ADDRESS,
      ...totals,
      payBy: status === 'pending_payment' ? new Date(Date.now() + 30 * 60_000) : null,
      paidAt: status === 'pending_payment' || status === 'cancelled' ? null : new Date(),
    })
    .returning();
  await db.insert(orderItems).values(
    FIXTURE_LINES.map((line, position) => ({
      id: newId('oit'),
      orderId: id,
      position,
      slug: `line-${position}`,
      brand: 'Forge',
      sku: `SKU-${position}`,
      lineTotal: line.quantity * line.unitPrice,
      productId: options.productIds?.[position] ?? null,
      ...line,
    })),
  );
  const paymentId = newId('pay');
  await db.insert(payments).values({
    id: paymentId,
    orderId: id,
    provider: options.provider ?? 'stripe',
    reference: options.reference ?? null,
    amount: totals.total,
    ...(options.paymentStatus ? { status: options.paymentStatus } : {}),
  });
  return { id, number: formatOrderNumber(row!.number), email, total: totals.total, paymentId };
}

/** The order, its payment, its refunds and its timeline as they are now. */
export async function readOrder(db: Database, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const refundRows = payment
    ? await db.select().from(refunds).where(eq(refunds.paymentId, payment.id))
    : [];
  const events = await db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt));
  return { order: order!, payment: payment!, refunds: refundRows, events };
}
