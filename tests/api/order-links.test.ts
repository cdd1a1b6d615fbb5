/**
 * Order links: the order e-mails carry a secret link that opens the order read-only without
 * signing in — the order, its invoice, nothing that acts on it — until it expires or its owner
 * revokes it. Its token is stored only hashed, and nothing else (an order id or number, a guessed
 * or malformed token) opens an order.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS } from '../../contract/checkout-rules.ts';
import { hashToken } from '../../server/lib/tokens.ts';
import {
  ORDER_LINK_TTL_MS,
  issueOrderLink,
  orderByLink,
} from '../../server/modules/orders/links.ts';
import { ORDER_LINK_INVALID, ORDER_LINK_RATE_LIMIT } from '../../server/modules/orders/routes.ts';
import { orderLinks } from '../../server/modules/orders/tables.ts';
import { mailsTo, randomAddress, registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall } from './checkout-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A shopper's paid order and the token of the link its confirmation carries. */
async function paidOrderWithLink() {
  const shopper = await registerUser(t.app);
  await cartCall(t.app, 'POST', '/cart/items', shopper, {
    productId: F.whey,
    variantId: F.chocolate,
    quantity: 1,
  });
  const placed = await placeOrderCall(t.app, shopper, {
    shippingAddress: TORONTO,
    shippingMethod: 'standard',
  });
  const order = placed.json().data.order as { id: string; number: string };
  expect((await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds)).statusCode).toBe(
    200,
  );
  const [mail] = await mailsTo(t.db, shopper.user.email, 'order-confirmation');
  const token = /\/order-link\/([A-Za-z0-9_-]{43})/.exec(mail!.textBody)?.[1];
  if (!token) throw new Error(`no order link in the confirmation:\n${mail!.textBody}`);
  return { shopper, order, token };
}

const read = (token: string, remoteAddress = randomAddress()) =>
  t.app.inject({ url: `/api/v1/order-links/${token}`, remoteAddress });

describe('order links', () => {
  test('the confirmation’s link opens its order read-only, without a session', async () => {
    const { order, token } = await paidOrderWithLink();
    const res = await read(token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: order.id, number: order.number, status: 'paid' });
    expect(data.lines).toHaveLength(1);
    expect(data.totals.total).toBeGreaterThan(0);
    // Nothing that acts on the order.
    expect(data.canCancel).toBe(false);
    expect(data.payment.clientSecret).toBeNull();

    const invoice = await t.app.inject({ url: `/api/v1/order-links/${token}/invoice` });
    expect(invoice.statusCode).toBe(200);
    expect(invoice.headers['content-type']).toBe('application/pdf');
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  test('keeps only the token’s hash, 256 random bits', async () => {
    const { order, token } = await paidOrderWithLink();
    const rows = await t.db.select().from(orderLinks).where(eq(orderLinks.orderId, order.id));
    expect(rows.map((row) => row.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  test('nothing else opens an order: its id, its number, a guess, a malformed token', async () => {
    const { order, token } = await paidOrderWithLink();
    const guess = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const attempt of [order.id, order.number, guess, 'x'.repeat(43), 'not a token']) {
      const res = await read(encodeURIComponent(attempt));
      expect(res.statusCode, attempt).toBe(404);
      expect(res.json(), attempt).toEqual({
        success: false,
        code: 'token_invalid',
        message: ORDER_LINK_INVALID,
      });
    }
  });

  test('the owner revokes every link of the order; nobody else can', async () => {
    const { shopper, order, token } = await paidOrderWithLink();
    const second = await issueOrderLink(t.db, order.id);
    const stranger = await registerUser(t.app);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/orders/${order.id}/links`,
      headers: { cookie: stranger.cookie, 'x-requested-with': 'forge-storefront' },
    });
    expect(theirs.statusCode).toBe(404);
    expect((await read(token)).statusCode).toBe(200);

    const revoke = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/orders/${order.id}/links`,
        headers: { cookie: shopper.cookie, 'x-requested-with': 'forge-storefront' },
      });
    const first = await revoke();
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('The links to this order in your e-mails no longer open it.');
    expect((await read(token)).statusCode).toBe(404);
    expect((await read(second)).statusCode).toBe(404);
    expect((await revoke()).json().message).toBe('This order had no links to end.');
  });

  test('a link works for a year, then no more', async () => {
    expect(ORDER_LINK_TTL_MS).toBe(365 * DAY_MS);
    const { order } = await paidOrderWithLink();
    const issuedAt = new Date('2026-01-01T00:00:00Z');
    const token = await issueOrderLink(t.db, order.id, () => issuedAt);
    const at = (ms: number) => () => new Date(issuedAt.getTime() + ms);
    expect((await orderByLink(t.db, token, at(ORDER_LINK_TTL_MS - 1)))?.id).toBe(order.id);
    expect(await orderByLink(t.db, token, at(ORDER_LINK_TTL_MS))).toBeNull();
  });

  test('one address reads 60 links in 15 minutes, then 429', async () => {
    expect(ORDER_LINK_RATE_LIMIT).toEqual({ address: { max: 60, windowMs: 15 * 60_000 } });
    const { token } = await paidOrderWithLink();
    const address = randomAddress();
    for (let i = 0; i < 60; i++) expect((await read(token, address)).statusCode).toBe(200);
    expect((await read(token, address)).statusCode).toBe(429);
  });
});
