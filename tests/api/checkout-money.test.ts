/**
 * What a shopper pays, pinned to numbers worked out by hand at every place it shows: the cart,
 * the checkout quote, the placed order, its payment and its invoice. Every province's taxes on
 * one basket, and free shipping on either side of $99.00 after the discount. The order state
 * table through `transitionOrder`, and the payment state table through the completer, pair by
 * pair.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS, type Order } from '../../contract/orders.ts';
import type { Database } from '../../server/db/client.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { issueCouponCode } from '../../server/modules/discounts/service.ts';
import { orders } from '../../server/modules/orders/tables.ts';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import { applyPaymentUpdate } from '../../server/modules/payments/completion.ts';
import type { SignedIn } from '../helpers/auth.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import {
  TORONTO,
  addressIn,
  payWithTestCard,
  placeOrderCall,
  shopperWithCart,
} from './checkout-fixtures.ts';
import { readPdfText } from './invoice-text.ts';
import {
  ORDER_MOVES,
  ORDER_STATUS_LIST,
  PAYMENT_MOVES,
  PAYMENT_STATUS_LIST,
} from '../helpers/transition-tables.ts';

/** Variants priced on either side of the free-shipping threshold, before and after 10 % off. */
const PRICED = {
  9900: 'var_money_9900',
  9899: 'var_money_9899',
  11000: 'var_money_11000',
  10999: 'var_money_10999',
} as const;

async function insertPricedVariants(db: Database) {
  await db.insert(variants).values(
    Object.entries(PRICED).map(([price, id]) => ({
      id,
      productId: F.creatine,
      flavorId: 'flv_fx_plain',
      size: `${price} g`,
      sku: `FX-MONEY-${price}`,
      price: Number(price),
      stock: 100,
    })),
  );
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await insertCartCatalog(database.db);
      await insertPricedVariants(database.db);
    },
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
});
afterAll(() => t.close());

async function quote(shopper: SignedIn, shippingAddress: object) {
  const res = await cartCall(t.app, 'POST', '/checkout/quote', shopper, {
    shippingAddress,
    shippingMethod: 'standard',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { totals: Order['totals'] };
}

async function place(shopper: SignedIn, shippingAddress: object) {
  const res = await placeOrderCall(t.app, shopper, {
    shippingAddress,
    shippingMethod: 'standard',
  } as never);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { order: Order; payment: NonNullable<Order['payment']> };
}

describe('every province: one $49.99 item with $9.99 shipping (5998 ¢ taxed)', () => {
  // [postal code, tax rows as the invoice prints them, total in cents]
  const cases: Record<string, [string, [string, number, number][], number]> = {
    AB: ['T2P 1J9', [['GST', 5, 300]], 6298],
    BC: [
      'V6B 1A1',
      [
        ['GST', 5, 300],
        ['PST', 7, 420],
      ],
      6718,
    ],
    MB: [
      'R3C 1A1',
      [
        ['GST', 5, 300],
        ['RST', 7, 420],
      ],
      6718,
    ],
    NB: ['E1C 4M3', [['HST', 15, 900]], 6898],
    NL: ['A1C 5M2', [['HST', 15, 900]], 6898],
    NS: ['B3H 1A1', [['HST', 14, 840]], 6838],
    NT: ['X1A 2L9', [['GST', 5, 300]], 6298],
    NU: ['X0A 0H0', [['GST', 5, 300]], 6298],
    ON: ['M5H 2N2', [['HST', 13, 780]], 6778],
    PE: ['C1A 7N8', [['HST', 15, 900]], 6898],
    QC: [
      'H3B 1K9',
      [
        ['GST', 5, 300],
        ['QST', 9.975, 598],
      ],
      6896,
    ],
    SK: [
      'S4P 3Y2',
      [
        ['GST', 5, 300],
        ['PST', 6, 360],
      ],
      6658,
    ],
    YT: ['Y1A 2C6', [['GST', 5, 300]], 6298],
  };

  test.each(Object.entries(cases))(
    '%s: the quote, the order, its payment and its invoice agree',
    async (province, [postal, taxRows, total]) => {
      const taxes = taxRows.map(([name, rate, amount]) => ({ name, rate, amount }));
      const expected = { itemCount: 1, subtotal: 4999, discount: 0, shipping: 999, taxes, total };
      const shopper = await shopperWithCart(t.app, [
        { productId: F.whey, variantId: F.chocolate, quantity: 1 },
      ]);
      const address = addressIn(province, postal);

      expect((await quote(shopper, address)).totals).toEqual(expected);
      const { order, payment } = await place(shopper, address);
      expect(order.totals).toEqual(expected);
      expect(payment.amount).toBe(total);

      const paid = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
      expect(paid.json().data.status).toBe('succeeded');
      const invoice = await cartCall(t.app, 'GET', `/orders/${order.id}/invoice`, shopper);
      expect(invoice.statusCode).toBe(200);
      const rows = (await readPdfText(invoice.rawPayload)).rows.map((row) => row.text);
      const dollars = (cents: number) =>
        `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      expect(rows.filter((row) => /^(GST|HST|PST|QST|RST) \(/.test(row))).toEqual(
        taxRows.map(([name, rate, amount]) => `${name} (${rate}%) | ${dollars(amount)}`),
      );
      expect(rows).toContain(`Total (CAD) | ${dollars(total)}`);
    },
  );
});

describe('free shipping from $99.00 after the discount: cart, quote and order agree', () => {
  // Ontario, HST 13 %: 9900 taxed is 1287; 9899 + 999 = 10898 taxed is 1416.74 → 1417.
  const cases = [
    { price: 9900, code: false, discount: 0, shipping: 0, tax: 1287, total: 11187 },
    { price: 9899, code: false, discount: 0, shipping: 999, tax: 1417, total: 12315 },
    // 10 % of 11000 is 1100: 9900 left, free.
    { price: 11000, code: true, discount: 1100, shipping: 0, tax: 1287, total: 11187 },
    // 10 % of 10999 is 1099.9 → 1100: 9899 left, one cent short.
    { price: 10999, code: true, discount: 1100, shipping: 999, tax: 1417, total: 12315 },
  ] as const;

  test.each(cases)(
    'price $price, code $code: shipping $shipping, total $total',
    async ({ price, code, discount, shipping, tax, total }) => {
      const shopper = await shopperWithCart(t.app, [
        { productId: F.creatine, variantId: PRICED[price], quantity: 1 },
      ]);
      if (code) {
        const issued = await issueCouponCode(t.db, {
          email: `money-${price}-${Date.now()}@example.com`,
          name: 'M',
        });
        const res = await cartCall(t.app, 'POST', '/cart/discount', shopper, {
          code: issued.code,
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const cart = await cartCall(t.app, 'GET', '/cart', shopper);
      expect(cart.json().data.totals).toMatchObject({
        subtotal: price,
        discount,
        shipping,
        total: price - discount + shipping,
      });
      const expected = {
        itemCount: 1,
        subtotal: price,
        discount,
        shipping,
        taxes: [{ name: 'HST', rate: 13, amount: tax }],
        total,
      };
      expect((await quote(shopper, TORONTO)).totals).toEqual(expected);
      const { order, payment } = await place(shopper, TORONTO);
      expect(order.totals).toEqual(expected);
      expect(payment.amount).toBe(total);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ subtotal: price, discount, shipping, total });
    },
  );
});

describe('transitionOrder follows the order table, pair by pair', () => {
  const STATUSES = ORDER_STATUS_LIST;
  const ALLOWED = ORDER_MOVES;
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));

  test.each(pairs)('%s → %s', async (from, to) => {
    const order = await insertOrder(t.db, { provider: 'test', status: from });
    const move = () =>
      t.db.transaction((tx) => transitionOrder(tx, order.id, { to, actor: 'staff' }));
    if (from === to) {
      expect((await move()).changed).toBe(false);
    } else if (ALLOWED.has(`${from} → ${to}`)) {
      const result = await move();
      expect(result).toMatchObject({ changed: true, from, order: { status: to } });
    } else {
      await expect(move()).rejects.toMatchObject({ statusCode: 409, details: { status: from } });
    }
    const { order: row, events } = await readOrder(t.db, order.id);
    const moved = from !== to && ALLOWED.has(`${from} → ${to}`);
    expect(row.status).toBe(moved ? to : from);
    expect(events.filter((event) => event.type === to && event.status === to)).toHaveLength(
      moved ? 1 : 0,
    );
  });
});

describe('the completer moves a payment only along the payment table, pair by pair', () => {
  const PAYMENT = PAYMENT_STATUS_LIST;
  const MOVES = PAYMENT_MOVES;
  let count = 0;

  test.each(PAYMENT.flatMap((from) => PAYMENT.map((to) => [from, to] as const)))(
    '%s, then the provider reads %s',
    async (from, to) => {
      const reference = `tpi_table_${++count}`;
      const order = await insertOrder(t.db, { provider: 'test', reference, paymentStatus: from });
      const outcome = await applyPaymentUpdate(t.db, {
        provider: 'test',
        reading: {
          reference,
          status: to,
          amount: order.total,
          clientSecret: null,
          lastError: to === 'requires_payment_method' ? 'Your card was declined.' : null,
          card: null,
          refunded: 0,
        },
        actor: 'provider',
      });
      expect(outcome.kind).toBe('applied');
      const moved = MOVES.has(`${from} → ${to}`);
      const { order: row, payment } = await readOrder(t.db, order.id);
      expect(payment.status).toBe(moved ? to : from);
      // Only a move to succeeded pays the order.
      expect(row.status).toBe(moved && to === 'succeeded' ? 'paid' : 'pending_payment');
    },
  );
});
