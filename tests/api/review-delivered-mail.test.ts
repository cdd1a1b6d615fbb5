/**
 * The delivered-order e-mail, caught on a real SMTP server: "Your order … has arrived", with a
 * "Review <product>" link to each product's review form (`/product/<slug>#write-review`) for an
 * account's order, once per product; for a guest's order no review links, but a word that reviews
 * need an account and the order page's "Create an account". Queued once per order however often
 * the status is set, and the links lead to a product the account may now review.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { TEST_CARDS, type Order } from '../../contract/orders.ts';
import type { MyReviewResponse } from '../../contract/reviews.ts';
import { newId } from '../../server/lib/ids.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { products } from '../../server/modules/catalog/tables.ts';
import { ORDER_MAIL_KINDS } from '../../server/modules/orders/mails.ts';
import { orderItems } from '../../server/modules/orders/tables.ts';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import {
  mailsTo,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { insertOrder } from '../helpers/order-fixture.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, payWithTestCard, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

const ORIGIN = 'https://shop.example.com';
const DELIVERED = 'order-delivered';

let t: TestApp;
let smtp: TestSmtpServer;
let staff: SignedIn;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    prepare: (database) => insertCartCatalog(database.db),
    env: {
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: '0',
      PUBLIC_ORIGIN: ORIGIN,
      ORDER_JOBS_INTERVAL_MS: '0',
    },
  });
  staff = await registerUser(t.app, { name: 'Desk Person' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const setStatus = (orderId: string, body: object) =>
  cartCall(t.app, 'POST', `/admin/orders/${orderId}/status`, staff, body);

/** Delivers the outbox and answers the delivered e-mails the SMTP server received for `to`. */
async function deliveredMails(to: string): Promise<ReceivedMail[]> {
  await t.app.mail.flush();
  return smtp.messages.filter((mail) => mail.to.includes(to) && /has arrived$/.test(mail.subject));
}

/**
 * A shopper's paid order of two flavors of the whey and the creatine, placed and paid through the
 * API, then moved by the desk to processing and shipped.
 */
async function shippedOrder(): Promise<{ shopper: SignedIn; order: Order }> {
  const shopper = await shopperWithCart(t.app, [
    { productId: F.whey, variantId: F.chocolate, quantity: 1 },
    { productId: F.whey, variantId: F.vanilla, quantity: 1 },
    { productId: F.creatine, variantId: F.plenty, quantity: 2 },
  ]);
  const placed = await placeOrderCall(t.app, shopper, {
    shippingAddress: TORONTO,
    shippingMethod: 'standard',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json().data.order as Order;
  const paid = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
  expect(paid.statusCode, paid.body).toBe(200);
  expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
  const shipped = await setStatus(order.id, {
    status: 'shipped',
    carrier: 'Canada Post',
    trackingNumber: '7023 4567 8901',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  return { shopper, order };
}

const reviewLink = (slug: string) => `${ORIGIN}/product/${slug}#write-review`;

describe('the delivered e-mail', () => {
  test("an account's order: it has arrived, with a review link per product, sent once however often the desk sets it", async () => {
    const { shopper, order } = await shippedOrder();
    const email = shopper.user.email;
    expect(await deliveredMails(email)).toHaveLength(0);

    const res = await setStatus(order.id, { status: 'delivered' });
    expect(res.statusCode, res.body).toBe(200);
    // The desk sets it again: refused (already delivered), and nothing more is queued.
    const again = await setStatus(order.id, { status: 'delivered' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already delivered.');
    // Nor through the one transition every caller goes by, repeated or racing.
    const moves = await Promise.all(
      [1, 2].map(() =>
        t.db.transaction((tx) =>
          transitionOrder(tx, order.id, { to: 'delivered', actor: 'staff' }),
        ),
      ),
    );
    expect(moves.map((move) => move.changed)).toEqual([false, false]);

    expect(await mailsTo(t.db, email, ORDER_MAIL_KINDS.delivered)).toHaveLength(1);
    expect(ORDER_MAIL_KINDS.delivered).toBe(DELIVERED);
    const [mail, ...others] = await deliveredMails(email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Forge Nutrition order ${order.number} has arrived`);
    expect(mail!.partTypes).toEqual(['text/plain', 'text/html']);

    const { text, html } = mail!;
    expect(text).toContain(`order ${order.number} has been delivered.`);
    expect(text).toContain('How are you finding them? A short review helps other athletes choose');
    // One link per product, in the order's line order: the whey's two flavors are one review.
    const reviewLines = text.split('\n').filter((line) => line.startsWith('Review '));
    expect(reviewLines).toEqual([
      `Review FX Gold Whey: ${reviewLink('fx-gold-whey')}`,
      `Review FX Creatine: ${reviewLink('fx-creatine')}`,
    ]);
    expect(html).toContain(`<a href="${reviewLink('fx-gold-whey')}">Review FX Gold Whey</a>`);
    expect(html).toContain(`<a href="${reviewLink('fx-creatine')}">Review FX Creatine</a>`);
    // The lines delivered, and the order's own link.
    expect(text).toContain('1 × FX Gold Whey (Chocolate, 2 lb): $49.99');
    expect(text).toContain('2 × FX Creatine (Unflavored, 1 kg): $20.00');
    expect(text).toMatch(/View your order: https:\/\/shop\.example\.com\/order-link\/[\w-]{43}/);
    expect(text).not.toContain('Create an account');

    // The link leads to a product page whose form this shopper may now use.
    const mine = await t.app.inject({
      url: '/api/v1/products/fx-gold-whey/reviews/mine',
      headers: { cookie: shopper.cookie },
    });
    expect(mine.json<MyReviewResponse>().data).toEqual({ mayReview: true, review: null });
  });

  test("a guest's order: no review links, a word that reviews need an account, and the order page's Create an account", async () => {
    const address = uniqueEmail('guest');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/guest',
      payload: { email: address },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(sessionCookie(res)).toBeTruthy();
    const guestId: string = res.json().user._id;
    const order = await insertOrder(t.db, { status: 'shipped', userId: guestId });
    await t.db.insert(orderItems).values({
      id: newId('oit'),
      orderId: order.id,
      position: 5,
      productId: F.creatine,
      name: 'FX Creatine',
      slug: 'fx-creatine',
      brand: 'FX Labs',
      flavor: 'Unflavored',
      size: '300 g',
      sku: 'FX-CREA',
      quantity: 1,
      unitPrice: 1000,
      lineTotal: 1000,
    });
    const moved = await setStatus(order.id, { status: 'delivered' });
    expect(moved.statusCode, moved.body).toBe(200);

    const [mail, ...others] = await deliveredMails(order.email);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe(`Your Forge Nutrition order ${order.number} has arrived`);
    expect(mail!.text).toContain(
      'Reviews on our shop are written from an account, so that their writer can come back and edit them.',
    );
    expect(mail!.text).not.toContain('#write-review');
    expect(mail!.html).not.toContain('#write-review');
    expect(mail!.text).toMatch(
      /Create an account: https:\/\/shop\.example\.com\/order-link\/[\w-]{43}#create-account/,
    );
  });

  test('a product no longer on sale gets no link; an order with none left invites nothing', async () => {
    const shopper = await registerUser(t.app);
    const order = await insertOrder(t.db, { status: 'shipped', userId: shopper.user._id });
    await t.db.insert(orderItems).values(
      [F.hidden, F.creatine].map((productId, i) => ({
        id: newId('oit'),
        orderId: order.id,
        position: 5 + i,
        productId,
        name: productId,
        slug: productId,
        brand: 'FX Labs',
        flavor: 'Unflavored',
        size: '300 g',
        sku: `FX-${i}`,
        quantity: 1,
        unitPrice: 1000,
        lineTotal: 1000,
      })),
    );
    expect((await setStatus(order.id, { status: 'delivered' })).statusCode).toBe(200);
    const [mail] = await deliveredMails(order.email);
    expect(mail!.text.split('\n').filter((line) => line.startsWith('Review '))).toEqual([
      `Review FX Creatine: ${reviewLink('fx-creatine')}`,
    ]);
    expect(mail!.text).toContain('How are you finding it?');

    // The creatine taken off sale too: the order has arrived, and that is all it says.
    await t.db.update(products).set({ isActive: false }).where(eq(products.id, F.creatine));
    try {
      const later = await insertOrder(t.db, { status: 'shipped', userId: shopper.user._id });
      await t.db.insert(orderItems).values({
        id: newId('oit'),
        orderId: later.id,
        position: 5,
        productId: F.creatine,
        name: 'FX Creatine',
        slug: 'fx-creatine',
        brand: 'FX Labs',
        flavor: 'Unflavored',
        size: '300 g',
        sku: 'FX-CREA',
        quantity: 1,
        unitPrice: 1000,
        lineTotal: 1000,
      });
      expect((await setStatus(later.id, { status: 'delivered' })).statusCode).toBe(200);
      const [plain] = await deliveredMails(later.email);
      expect(plain!.text).toContain(
        `order ${later.number} has been delivered. We hope you enjoy it.`,
      );
      expect(plain!.text).not.toMatch(/review/i);
    } finally {
      await t.db.update(products).set({ isActive: true }).where(eq(products.id, F.creatine));
    }
  });
});
