import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  computeOrderTotals,
  formatOrderNumber,
  type Address,
  type OrderStatus,
} from '../../contract/orders.ts';
import { newId } from '../../server/lib/ids.ts';
import { mailOutbox } from '../../server/modules/mail/tables.ts';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { orderItems, orders } from '../../server/modules/orders/tables.ts';
import { transitionOrder, type TransitionInput } from '../../server/modules/orders/transitions.ts';
import { payments } from '../../server/modules/payments/tables.ts';
import { mailsTo } from '../helpers/auth.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const ORIGIN = 'https://shop.example.com';

/** The order link a mail's text carries ("View your order: …"). */
function linkIn(text: string): string {
  const match =
    /View your order: (https:\/\/shop\.example\.com\/order-link\/[A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no order link in:\n${text}`);
  return match[1]!;
}

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0', PUBLIC_ORIGIN: ORIGIN },
  });
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const shipTo: Address = {
  name: 'Élodie Tremblay',
  line1: '1200 rue Sainte-Catherine Ouest',
  line2: 'App. 4',
  city: 'Montréal',
  province: 'QC',
  postalCode: 'H3B 1K9',
  country: 'CA',
  phone: '514-555-0142',
};

const LINES = [
  {
    name: 'Açaí <Berry> & Co Pre-Workout',
    flavor: 'Açaí',
    size: '300 g',
    quantity: 2,
    unitPrice: 3499,
  },
  { name: 'Whey Isolate', flavor: 'Crème brûlée', size: '2 lb', quantity: 1, unitPrice: 5999 },
];

interface PlacedOrder {
  id: string;
  number: string;
  email: string;
  total: number;
}

/** An order as placement leaves it (awaiting payment), with a test-provider payment. */
async function placeOrder(options: { cardPaid?: boolean } = {}): Promise<PlacedOrder> {
  const id = newId('ord');
  const email = `${id}@example.com`;
  const totals = computeOrderTotals({
    lines: LINES,
    percentOff: 10,
    shippingMethod: 'standard',
    province: shipTo.province,
  });
  const [row] = await t.db
    .insert(orders)
    .values({
      id,
      email,
      checkoutKey: newId('key'),
      shippingMethod: 'standard',
      shippingAddress: shipTo,
      billingAddress: shipTo,
      discountCode: 'FORGE-7Q2M',
      percentOff: 10,
      ...totals,
    })
    .returning();
  await t.db.insert(orderItems).values(
    LINES.map((line, position) => ({
      id: newId('oit'),
      orderId: id,
      position,
      slug: `line-${position}`,
      brand: 'Forge',
      sku: `SKU-${position}`,
      lineTotal: line.quantity * line.unitPrice,
      ...line,
    })),
  );
  await t.db.insert(payments).values({
    id: newId('pay'),
    orderId: id,
    provider: 'test',
    amount: totals.total,
    ...(options.cardPaid ? { status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' } : {}),
  });
  return { id, number: formatOrderNumber(row!.number), email, total: totals.total };
}

function move(order: PlacedOrder, to: OrderStatus, input: Partial<TransitionInput> = {}) {
  return t.db.transaction((tx) =>
    transitionOrder(tx, order.id, { to, actor: 'provider', ...input }),
  );
}

/** Delivers the outbox and answers what the SMTP server received for this order's e-mail. */
async function delivered(order: PlacedOrder): Promise<ReceivedMail[]> {
  await t.app.mail.flush();
  return smtp.messages.filter((mail) => mail.to.includes(order.email));
}

describe('order e-mails through the outbox and a real SMTP server', () => {
  test('paying an order sends one confirmation with its number, lines, taxes, address and link', async () => {
    const order = await placeOrder({ cardPaid: true });
    expect(await delivered(order)).toHaveLength(0);

    const result = await move(order, 'paid');
    expect(result.changed).toBe(true);
    const [mail, ...others] = await delivered(order);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Forge Nutrition order ${order.number} is confirmed`);
    expect(mail!.partTypes).toEqual(['text/plain', 'text/html']);

    const { text, html } = mail!;
    // The link opens this order without signing in (tests/api/order-links.test.ts).
    const link = linkIn(text);
    const opened = await t.app.inject({
      url: `/api/v1${new URL(link).pathname.replace('/order-link/', '/order-links/')}`,
    });
    expect(opened.json().data.id).toBe(order.id);
    expect(text).toContain(`we have your payment for order ${order.number}`);
    expect(text).toContain('Paid with Visa ending in 4242.');
    expect(text).toContain('2 × Açaí <Berry> & Co Pre-Workout (Açaí, 300 g): $69.98');
    expect(text).toContain('1 × Whey Isolate (Crème brûlée, 2 lb): $59.99');
    // 129.97 − 13.00 = 116.97: free standard shipping; Quebec taxes on 116.97.
    expect(text).toContain('Subtotal: $129.97');
    expect(text).toContain('Discount (FORGE-7Q2M, 10% off): -$13.00');
    expect(text).toContain('Shipping: Free');
    expect(text).toContain('GST (5%): $5.85');
    expect(text).toContain('QST (9.975%): $11.67');
    expect(text).toContain('Total (CAD): $134.49');
    expect(order.total).toBe(13449);
    expect(text).toContain(
      'Ships to:\nÉlodie Tremblay\n1200 rue Sainte-Catherine Ouest\nApp. 4\nMontréal, QC H3B 1K9\nCanada',
    );
    expect(text).toContain(`View your order: ${link}`);
    expect(html).toContain(`href="${link}"`);
    expect(html).toContain('Açaí &lt;Berry&gt; &amp; Co Pre-Workout');
    expect(html).not.toContain('<Berry>');
    expect(html).toContain('$134.49');
    expect(html).toContain('QST (9.975%)');
  });

  test('a repeated or racing payment changes nothing and sends nothing more', async () => {
    const order = await placeOrder({ cardPaid: true });
    // The browser's return and the webhook complete the same payment at once.
    const results = await Promise.all([move(order, 'paid'), move(order, 'paid')]);
    expect(results.map((result) => result.changed).sort()).toEqual([false, true]);
    const again = await move(order, 'paid');
    expect(again.changed).toBe(false);

    expect(await mailsTo(t.db, order.email)).toHaveLength(1);
    expect(await delivered(order)).toHaveLength(1);
  });

  test('a change that rolls back leaves no mail behind', async () => {
    const order = await placeOrder();
    await expect(
      t.db.transaction(async (tx) => {
        await transitionOrder(tx, order.id, { to: 'paid', actor: 'provider' });
        throw new Error('the payment could not be recorded');
      }),
    ).rejects.toThrow('the payment could not be recorded');
    expect(await mailsTo(t.db, order.email)).toHaveLength(0);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('pending_payment');
  });

  test('an unpaid order cancelled by the payment window says so and that nothing was charged', async () => {
    const order = await placeOrder();
    await move(order, 'cancelled', { actor: 'system' });

    const [mail, ...others] = await delivered(order);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Forge Nutrition order ${order.number} has been cancelled`);
    expect(mail!.text).toContain(
      `we have cancelled order ${order.number} because its payment was not completed within 30 minutes of placing it.`,
    );
    expect(mail!.text).toContain('You have not been charged for it.');
    expect(mail!.text).not.toMatch(/refund/i);
    expect(mail!.html).toContain(`href="${linkIn(mail!.text)}"`);
    const [queued] = await mailsTo(t.db, order.email);
    expect(queued!.kind).toBe(ORDER_MAIL_KINDS.cancelled);
  });

  test('a paid order the shopper cancels says the payment is refunded to the card', async () => {
    const order = await placeOrder({ cardPaid: true });
    await move(order, 'paid');
    await move(order, 'cancelled', { actor: 'shopper' });

    const sent = await delivered(order);
    expect(sent.map((mail) => mail.subject)).toEqual([
      `Your Forge Nutrition order ${order.number} is confirmed`,
      `Your Forge Nutrition order ${order.number} has been cancelled`,
    ]);
    const { text } = sent[1]!;
    expect(text).toContain(`as you asked, we have cancelled order ${order.number}.`);
    expect(text).toContain(
      'Your payment of $134.49 will be refunded in full to your Visa ending in 4242.',
    );
    expect(text).not.toContain('not been charged');
  });

  test('a refund sends the amount and where it went; processing sends nothing', async () => {
    const order = await placeOrder({ cardPaid: true });
    await move(order, 'paid');
    await move(order, 'processing', { actor: 'staff' });
    expect(await mailsTo(t.db, order.email)).toHaveLength(1);

    await move(order, 'refunded', { actor: 'staff' });
    const sent = await delivered(order);
    expect(sent).toHaveLength(2);
    const refund = sent[1]!;
    expect(refund.subject).toBe(`Your refund for Forge Nutrition order ${order.number}`);
    expect(refund.text).toContain(
      `we have refunded $134.49 to your Visa ending in 4242 for order ${order.number}.`,
    );
    expect(refund.text).toContain('Refund (CAD): $134.49');
    expect(refund.html).toContain('$134.49');

    await expect(move(order, 'refunded', { actor: 'provider' })).resolves.toMatchObject({
      changed: false,
    });
    await expect(move(order, 'paid')).rejects.toMatchObject({ statusCode: 409 });
    expect(await mailsTo(t.db, order.email)).toHaveLength(2);
    const kinds = await t.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, order.email));
    expect(kinds.map((row) => row.kind).sort()).toEqual(
      [ORDER_MAIL_KINDS.paid, ORDER_MAIL_KINDS.refunded].sort(),
    );
  });
});
