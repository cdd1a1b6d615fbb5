import { formatMoney } from '../../server/modules/orders/formatting.ts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  MAX_STOCK_CHANGE,
  ORDER_FILTER_MAX_YEAR,
  ORDER_FILTER_MIN_YEAR,
  type AdminOrder,
  type AdminOrdersPage,
  type VariantStock,
} from '../../contract/admin.ts';
import { TEST_CARDS, type AddressInput, type Order } from '../../contract/orders.ts';
import { staffRefunds } from '../../server/modules/orders/tables.ts';
import { stockAdjustments } from '../../server/modules/catalog/tables.ts';
import { MAX_VARIANT_STOCK } from '../../server/modules/catalog/stock.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { idempotencyRecords } from '../../server/plugins/idempotency-tables.ts';
import { reviews } from '../../server/modules/reviews/tables.ts';
import { mailsTo, registerUser, type SignedIn } from '../helpers/auth.ts';
import { apiRoutes } from '../helpers/routes.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import {
  TORONTO,
  addressIn,
  payWithTestCard,
  placeOrderCall,
  shopperWithCart,
} from './checkout-fixtures.ts';

const STOCK_PRODUCT = 'prod_fx_admin_stock';
const STOCK_VARIANT = 'var_fx_admin_stock';

let t: TestApp;
let admin: SignedIn;
let customer: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async ({ db }) => {
      await insertCartCatalog(db);
      await db.insert(products).values({
        id: STOCK_PRODUCT,
        slug: 'fx-admin-stock',
        name: 'FX Stock',
        brandId: 'brand_fx',
      });
      await db.insert(variants).values({
        id: STOCK_VARIANT,
        productId: STOCK_PRODUCT,
        flavorId: 'flv_fx_plain',
        size: '1 kg',
        sku: 'FX-ADMIN-STOCK',
        price: 1000,
        stock: 10,
      });
    },
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
  admin = await registerUser(t.app, { name: 'Staff One' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user._id));
  customer = await registerUser(t.app);
});
afterAll(() => t.close());

const plenty = (quantity = 1) => ({ productId: F.creatine, variantId: F.plenty, quantity });

async function placeOrder(
  options: { lines?: ReturnType<typeof plenty>[]; address?: AddressInput; pay?: boolean } = {},
) {
  const shopper = await shopperWithCart(t.app, options.lines ?? [plenty(2)]);
  const res = await placeOrderCall(t.app, shopper, {
    shippingAddress: options.address ?? TORONTO,
    shippingMethod: 'standard',
  });
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json().data.order as Order;
  if (options.pay !== false) {
    const paid = await payWithTestCard(t.app, shopper, order.id, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
  }
  return { shopper, order };
}

function adminCall(
  method: 'GET' | 'POST',
  path: string,
  body?: object,
  headers: Record<string, string> = {},
  who: SignedIn = admin,
) {
  return cartCall(t.app, method, `/admin${path}`, who, body, headers);
}

async function setStatus(orderId: string, body: object, who: SignedIn = admin) {
  return adminCall('POST', `/orders/${orderId}/status`, body, {}, who);
}

async function adminOrder(orderId: string): Promise<AdminOrder> {
  const res = await adminCall('GET', `/orders/${orderId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const SHIP = { status: 'shipped', carrier: 'Canada Post', trackingNumber: '7023 4567 8901' };

const adminRoutes = (app: FastifyInstance) => apiRoutes(app, '/admin');

describe('authorization', () => {
  test('every admin route: 401 signed out, 403 for a shopper, 2xx for staff', async () => {
    const paid = await placeOrder();
    const refundable = await placeOrder();
    const reviewId = `rev_matrix_${Date.now()}`;
    await t.db.insert(reviews).values({
      id: reviewId,
      productId: F.creatine,
      rating: 4,
      title: 'Matrix review',
      body: 'A review for the desk to hide and show.',
      author: 'Desk T.',
    });
    // What staff send to each route for a 2xx; a new route without an entry fails the test.
    const requests: Record<string, { url: string; body?: object; headers?: object }> = {
      'GET /admin/orders': { url: '/admin/orders' },
      'GET /admin/orders.csv': { url: '/admin/orders.csv' },
      'GET /admin/orders/:orderId': { url: `/admin/orders/${paid.order.id}` },
      'POST /admin/orders/:orderId/status': {
        url: `/admin/orders/${paid.order.id}/status`,
        body: { status: 'processing' },
      },
      'POST /admin/orders/:orderId/refunds': {
        url: `/admin/orders/${refundable.order.id}/refunds`,
        body: { amount: 100 },
        headers: { 'idempotency-key': `matrix-${Date.now()}` },
      },
      'GET /admin/reviews': { url: '/admin/reviews' },
      'POST /admin/reviews/:id/hide': {
        url: `/admin/reviews/${reviewId}/hide`,
        body: { reason: 'matrix' },
      },
      'POST /admin/reviews/:id/unhide': { url: `/admin/reviews/${reviewId}/unhide`, body: {} },
      'GET /admin/variants/:variantId/stock': { url: `/admin/variants/${STOCK_VARIANT}/stock` },
      'POST /admin/variants/:variantId/stock': {
        url: `/admin/variants/${STOCK_VARIANT}/stock`,
        body: { delta: 1, reason: 'matrix' },
        headers: { 'idempotency-key': `matrix-stock-${Date.now()}` },
      },
    };
    const routes = adminRoutes(t.app);
    expect(routes.length).toBeGreaterThanOrEqual(7);
    for (const route of routes) {
      const [method, path] = route.split(' ') as ['GET' | 'HEAD' | 'POST', string];
      const entry = requests[`${method === 'HEAD' ? 'GET' : method} ${path}`];
      expect(entry, `no request for ${route}: add it to the matrix`).toBeDefined();
      const send = (cookie?: string) =>
        t.app.inject({
          method,
          url: `/api/v1${entry!.url}`,
          headers: { ...(cookie ? { cookie } : {}), ...(entry!.headers ?? {}) },
          ...(entry!.body ? { payload: entry!.body } : {}),
        });
      expect((await send()).statusCode, `${route} signed out`).toBe(401);
      expect((await send(customer.cookie)).statusCode, `${route} as a shopper`).toBe(403);
      const res = await send(admin.cookie);
      expect(res.statusCode, `${route} as staff: ${res.body}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route} as staff: ${res.body}`).toBeLessThan(300);
    }
  });

  test('every admin route is in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const paths = Object.keys(res.json().paths as object);
    for (const route of adminRoutes(t.app)) {
      const path = route.split(' ')[1]!.replace(/:(\w+)/g, '{$1}');
      expect(paths, route).toContain(`/api/v1${path}`);
    }
  });
});

describe('status changes', () => {
  test('paid → processing → shipped (carrier, tracking) → delivered; the shopper sees it', async () => {
    const { shopper, order } = await placeOrder();
    let res = await setStatus(order.id, { status: 'processing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('processing');
    res = await setStatus(order.id, SHIP);
    expect(res.statusCode, res.body).toBe(200);
    res = await setStatus(order.id, { status: 'delivered', note: 'Left at the door' });
    expect(res.statusCode, res.body).toBe(200);

    const seen = await cartCall(t.app, 'GET', `/orders/${order.id}`, shopper);
    expect(seen.json().data.status).toBe('delivered');
    expect(seen.json().data.shipment).toEqual({
      carrier: 'Canada Post',
      trackingNumber: '7023 4567 8901',
    });
    const full = await adminOrder(order.id);
    const staffSteps = full.timeline.filter((e) => e.actor === 'staff');
    expect(staffSteps.map((e) => e.type)).toEqual(['processing', 'shipped', 'delivered']);
    expect(staffSteps.every((e) => e.actorId === admin.user._id)).toBe(true);
    expect(staffSteps[1]!.note).toContain('7023 4567 8901');
    expect(staffSteps[2]!.note).toBe('Left at the door');
    expect(full.customer).toEqual({
      id: shopper.user._id,
      name: shopper.user.name,
      email: shopper.user.email,
    });
    const [mail] = await mailsTo(t.db, shopper.user.email, 'order-shipped');
    expect(mail?.textBody).toContain('7023 4567 8901');
    expect(mail?.textBody).toContain('Canada Post');
  });

  test('shipped needs carrier and trackingNumber (400 naming the field); nothing changes', async () => {
    const { order } = await placeOrder();
    expect((await setStatus(order.id, { status: 'processing' })).statusCode).toBe(200);
    let res = await setStatus(order.id, { status: 'shipped', trackingNumber: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'carrier' })]);
    res = await setStatus(order.id, { status: 'shipped', carrier: 'UPS' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'trackingNumber' })]);
    const full = await adminOrder(order.id);
    expect(full.status).toBe('processing');
    expect(full.shipment).toBeNull();
  });

  test('refused moves answer 409 with the reason and change nothing', async () => {
    const pending = await placeOrder({ pay: false });
    for (const body of [SHIP, { status: 'processing' }, { status: 'delivered' }]) {
      const res = await setStatus(pending.order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().message).toMatch(/awaiting payment/i);
    }
    expect((await adminOrder(pending.order.id)).shipment).toBeNull();

    const paid = await placeOrder();
    expect((await setStatus(paid.order.id, SHIP)).statusCode).toBe(409);
    expect((await setStatus(paid.order.id, { status: 'delivered' })).statusCode).toBe(409);

    const shipped = await placeOrder();
    await setStatus(shipped.order.id, { status: 'processing' });
    expect((await setStatus(shipped.order.id, { status: 'cancelled' })).statusCode).toBe(409);
    await setStatus(shipped.order.id, SHIP);
    for (const status of ['cancelled', 'processing']) {
      const res = await setStatus(shipped.order.id, { status });
      expect(res.statusCode, status).toBe(409);
    }
    expect((await adminOrder(shipped.order.id)).status).toBe('shipped');
    // Not a status staff set by hand.
    expect((await setStatus(shipped.order.id, { status: 'refunded' })).statusCode).toBe(400);
  });

  test('cancelling a pending order stops its payment; a paid one is refunded in full', async () => {
    const pending = await placeOrder({ pay: false });
    let res = await setStatus(pending.order.id, { status: 'cancelled', note: 'Duplicate' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', payment: { refunded: 0 } });

    const paid = await placeOrder();
    res = await setStatus(paid.order.id, { status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    const full = await adminOrder(paid.order.id);
    expect(full.status).toBe('cancelled');
    expect(full.payment!.refunded).toBe(full.totals.total);
    expect(full.refunds.map((r) => r.amount)).toEqual([full.totals.total]);
    expect(full.refundable).toBe(0);
    const cancelled = full.timeline.find((e) => e.type === 'cancelled');
    expect(cancelled).toMatchObject({ actor: 'staff', actorId: admin.user._id });
    expect((await setStatus(paid.order.id, { status: 'cancelled' })).statusCode).toBe(409);
  });

  test('two staff shipping one order at once: one transition, one timeline entry, one e-mail', async () => {
    const { shopper, order } = await placeOrder();
    await setStatus(order.id, { status: 'processing' });
    const other = await registerUser(t.app, { name: 'Staff Two' });
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, other.user._id));
    const [a, b] = await Promise.all([
      setStatus(order.id, SHIP),
      setStatus(order.id, { ...SHIP, carrier: 'UPS', trackingNumber: '1Z999' }, other),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().message).toMatch(/already shipped/i);
    const full = await adminOrder(order.id);
    expect(full.timeline.filter((e) => e.type === 'shipped')).toHaveLength(1);
    const winner = a.statusCode === 200 ? SHIP : { carrier: 'UPS', trackingNumber: '1Z999' };
    expect(full.shipment).toEqual({
      carrier: winner.carrier,
      trackingNumber: winner.trackingNumber,
    });
    expect(await mailsTo(t.db, shopper.user.email, 'order-shipped')).toHaveLength(1);
  });
});

describe('staff acting through a shopper route', () => {
  test('are recorded as staff, with their own id, not as the shopper', async () => {
    const { order } = await placeOrder({ pay: false });
    const paid = await payWithTestCard(t.app, admin, order.id, TEST_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
    const cancel = await cartCall(t.app, 'POST', `/orders/${order.id}/cancel`, admin, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const { timeline } = await adminOrder(order.id);
    expect(timeline.find((event) => event.status === 'paid')).toMatchObject({
      actor: 'staff',
      actorId: admin.user._id,
    });
    expect(timeline.find((event) => event.status === 'cancelled')).toMatchObject({
      actor: 'staff',
      actorId: admin.user._id,
    });
  });
});

describe('refunds', () => {
  const refund = (orderId: string, body: object, key = `rf-${Math.random()}`) =>
    adminCall('POST', `/orders/${orderId}/refunds`, body, { 'idempotency-key': key });

  test('partial refunds, never above what is left; the whole amount refunds an unshipped order', async () => {
    const { order, shopper } = await placeOrder();
    const total = order.totals.total;
    let res = await refund(order.id, { amount: 1000, reason: 'Damaged tub' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'paid', refundable: total - 1000 });
    // The shopper hears of a part refund; the timeline says it in dollars.
    const [partMail] = await mailsTo(t.db, shopper.user.email, 'order-refund');
    expect(partMail!.subject).toBe(
      `Your refund of $10.00 for Forge Nutrition order ${order.number}`,
    );
    expect(partMail!.textBody.replace(/\s+/g, ' ')).toContain(
      `we have refunded $10.00 to your Visa ending in 4242 for order ${order.number}. In all, $10.00 of your payment of ${formatMoney(total)} has been refunded.`,
    );
    const timeline = (res.json().data as AdminOrder).timeline;
    expect(timeline.find((e) => e.type === 'refund')?.note).toBe(
      `$10.00 refunded ($10.00 of ${formatMoney(total)} in all).`,
    );
    res = await refund(order.id, { amount: total - 999 });
    expect(res.statusCode).toBe(409);
    expect(res.json().left).toBe(total - 1000);
    expect(res.json().message).toContain(`${total - 1000} cents`);
    res = await refund(order.id, { amount: total - 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const full = res.json().data as AdminOrder;
    expect(full.status).toBe('refunded');
    expect(full.payment!.refunded).toBe(total);
    expect(full.refunds.map((r) => r.amount)).toEqual([1000, total - 1000]);
    expect(full.timeline.some((e) => e.note?.includes('Damaged tub'))).toBe(true);
    expect((await refund(order.id, { amount: 1 })).statusCode).toBe(409);
    // The rest closes the order: its "refunded" e-mail, not a second part-refund one.
    expect(await mailsTo(t.db, shopper.user.email, 'order-refund')).toHaveLength(2);
  });

  test('a whole refund of a shipped order is recorded without re-opening it', async () => {
    const { order, shopper } = await placeOrder();
    await setStatus(order.id, { status: 'processing' });
    await setStatus(order.id, SHIP);
    const res = await refund(order.id, { amount: order.totals.total });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'shipped',
      refundable: 0,
      payment: { refunded: order.totals.total },
    });
    const [mail] = await mailsTo(t.db, shopper.user.email, 'order-refund');
    expect(mail!.textBody.replace(/\s+/g, ' ')).toContain(
      `Your payment of ${formatMoney(order.totals.total)} has now been refunded in full.`,
    );
  });

  test('two concurrent partial refunds cannot exceed the amount paid', async () => {
    const { order } = await placeOrder();
    const total = order.totals.total;
    const part = Math.ceil(total * 0.6);
    const answers = await Promise.all([
      refund(order.id, { amount: part }),
      refund(order.id, { amount: part }),
      refund(order.id, { amount: part }),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes, answers.map((r) => r.body).join('\n')).toEqual([200, 409, 409]);
    const full = await adminOrder(order.id);
    expect(full.payment!.refunded).toBe(part);
    expect(full.refunds.map((r) => r.amount)).toEqual([part]);
  });

  test('a refund in flight holds its amount: another cannot count it as left', async () => {
    const { order } = await placeOrder();
    const total = order.totals.total;
    const held = Math.ceil(total * 0.6);
    // Another staff refund, checked and held, whose provider call has not come back yet.
    await t.db.insert(staffRefunds).values({
      id: `srf_test_${order.id}`,
      orderId: order.id,
      amount: held,
      actorId: admin.user._id,
    });
    const res = await refund(order.id, { amount: held });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().left).toBe(total - held);
    expect((await refund(order.id, { amount: total - held })).statusCode).toBe(200);
  });

  test('the same Idempotency-Key refunds once', async () => {
    const { order } = await placeOrder();
    const first = await refund(order.id, { amount: 500 }, 'same-refund-key');
    const again = await refund(order.id, { amount: 500 }, 'same-refund-key');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await adminOrder(order.id)).payment!.refunded).toBe(500);
  });

  test('an unpaid order, a bad amount: refused', async () => {
    const { order } = await placeOrder({ pay: false });
    expect((await refund(order.id, { amount: 100 })).statusCode).toBe(409);
    for (const amount of [0, -5, 1.5, '100']) {
      expect((await refund(order.id, { amount })).statusCode, String(amount)).toBe(400);
    }
    expect((await refund('ord_missing', { amount: 100 })).statusCode).toBe(404);
  });
});

describe('order list, search and CSV', () => {
  let tag: string;
  let mine: { shopper: SignedIn; order: Order }[];
  beforeAll(async () => {
    tag = `Quill${Math.random().toString(36).slice(2, 8)}`;
    mine = [];
    // Three orders of growing totals; the last under a name with a comma and quotes.
    const names = [`Ada ${tag}`, `Bob ${tag}`, `Cy "The Ox", ${tag}`];
    for (const [i, name] of names.entries()) {
      mine.push(
        await placeOrder({ lines: [plenty(i + 1)], address: { ...TORONTO, name }, pay: i !== 0 }),
      );
    }
  });

  async function list(query: Record<string, string | number>): Promise<AdminOrdersPage> {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString();
    const res = await adminCall('GET', `/orders?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  test('search by shipping name (any case), e-mail, order number', async () => {
    const byName = await list({ q: tag.toLowerCase() });
    expect(byName.total).toBe(3);
    expect(byName.items[0]).toMatchObject({
      id: mine[2]!.order.id,
      name: mine[2]!.order.shippingAddress.name,
      email: mine[2]!.shopper.user.email,
    });
    const byEmail = await list({ q: mine[1]!.shopper.user.email.toUpperCase() });
    expect(byEmail.items.map((o) => o.id)).toEqual([mine[1]!.order.id]);
    const number = mine[0]!.order.number;
    expect((await list({ q: number })).items.map((o) => o.id)).toEqual([mine[0]!.order.id]);
    expect((await list({ q: number.replace('FN-', '') })).items.map((o) => o.id)).toContain(
      mine[0]!.order.id,
    );
    expect((await list({ q: number.toLowerCase() })).items.map((o) => o.id)).toContain(
      mine[0]!.order.id,
    );
    // LIKE wildcards are searched literally.
    expect((await list({ q: `%${tag}` })).total).toBe(0);
  });

  test('status filter, counts for the other filters, sort and pagination', async () => {
    const paid = await list({ q: tag, status: 'paid' });
    expect(paid.items.map((o) => o.id).sort()).toEqual(
      [mine[1]!.order.id, mine[2]!.order.id].sort(),
    );
    expect(paid.counts).toMatchObject({ pending_payment: 1, paid: 2, shipped: 0 });
    const asc = await list({ q: tag, sort: 'total', order: 'asc' });
    expect(asc.items.map((o) => o.id)).toEqual(mine.map((m) => m.order.id));
    const desc = await list({ q: tag, sort: 'total', order: 'desc' });
    expect(desc.items.map((o) => o.id)).toEqual(mine.map((m) => m.order.id).reverse());
    const page2 = await list({ q: tag, sort: 'createdAt', order: 'asc', limit: 2, page: 2 });
    expect(page2).toMatchObject({ page: 2, limit: 2, total: 3, totalPages: 2 });
    expect(page2.items.map((o) => o.id)).toEqual([mine[2]!.order.id]);
    const bad = await adminCall('GET', '/orders?sort=email');
    expect(bad.statusCode).toBe(400);
  });

  test('date range', async () => {
    // Days from the orders themselves, so the test holds across midnight (UTC).
    const day = (iso: string, offset = 0) =>
      new Date(Date.parse(iso) + offset * 86_400_000).toISOString().slice(0, 10);
    const first = mine[0]!.order.createdAt;
    const last = mine[2]!.order.createdAt;
    expect((await list({ q: tag, from: day(first), to: day(last) })).total).toBe(3);
    expect((await list({ q: tag, to: day(first, -1) })).total).toBe(0);
    expect((await list({ q: tag, from: day(last, 1) })).total).toBe(0);
    const between = await list({
      q: tag,
      from: mine[1]!.order.createdAt,
      to: mine[1]!.order.createdAt,
    });
    expect(between.items.map((o) => o.id)).toEqual([mine[1]!.order.id]);
    expect((await adminCall('GET', '/orders?from=yesterday')).statusCode).toBe(400);
  });

  test('a date that is not real or out of range → 400 naming the field, list and CSV', async () => {
    const refused = [
      '0000-01-01',
      '-000001-01-01T00:00:00Z',
      '275760-09-13',
      '+275760-09-13T00:00:00Z',
      `${ORDER_FILTER_MIN_YEAR - 1}-12-31`,
      `${ORDER_FILTER_MAX_YEAR + 1}-01-01`,
      '2026-02-30',
      '2026-11-25T24:00:00Z',
      '2026',
      '25 Nov 2026',
    ];
    for (const path of ['/orders', '/orders.csv']) {
      for (const field of ['from', 'to']) {
        for (const value of refused) {
          const res = await adminCall('GET', `${path}?${field}=${encodeURIComponent(value)}`);
          const what = `${path} ${field}=${value}`;
          expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
          expect(res.json().errors[0].path, what).toBe(`querystring.${field}`);
          expect(res.json().message, what).toMatch(new RegExp(`^${field}: `));
        }
        for (const value of [`${ORDER_FILTER_MIN_YEAR}-01-01`, `${ORDER_FILTER_MAX_YEAR}-12-31`]) {
          const res = await adminCall('GET', `${path}?${field}=${value}`);
          expect(res.statusCode, `${path} ${field}=${value}: ${res.body}`).toBe(200);
        }
      }
    }
  });

  test('CSV export of the same filters, properly quoted', async () => {
    const res = await adminCall('GET', `/orders.csv?q=${tag}&sort=total&order=asc`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-.*\.csv"$/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'number,created_at,status,email,name,city,province,items,subtotal,discount,shipping,' +
        'gst,hst,pst,qst,rst,total,refunded,carrier,tracking_number',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${mine[0]!.order.number},`);
    expect(lines[1]).toContain(',pending_payment,');
    expect(lines[3]).toContain(`,"Cy ""The Ox"", ${tag}",`);
    expect(lines[3]).toContain(`,${(mine[2]!.order.totals.total / 100).toFixed(2)},`);
    const paidOnly = await adminCall('GET', `/orders.csv?q=${tag}&status=paid`);
    expect(paidOnly.body.trimEnd().split('\r\n')).toHaveLength(3);
  });

  test('CSV: one column per tax (GST, HST, PST, QST, RST) and the amount refunded', async () => {
    const csvTag = `Levy${Math.random().toString(36).slice(2, 8)}`;
    const placed = [
      await placeOrder({ address: { ...addressIn('qc', 'h2x1y4'), name: `Quebec ${csvTag}` } }),
      await placeOrder({ address: { ...addressIn('mb', 'r3c4t3'), name: `Manitoba ${csvTag}` } }),
      await placeOrder({ address: { ...addressIn('bc', 'v6b1a1'), name: `Columbia ${csvTag}` } }),
      await placeOrder({ address: { ...TORONTO, name: `Ontario ${csvTag}` } }),
    ].map((p) => p.order);
    const refunded = await adminCall(
      'POST',
      `/orders/${placed[0]!.id}/refunds`,
      { amount: 1234 },
      { 'idempotency-key': `csv-refund-${csvTag}` },
    );
    expect(refunded.statusCode, refunded.body).toBe(200);

    const res = await adminCall('GET', `/orders.csv?q=${csvTag}&sort=createdAt&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = res.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(rows).toHaveLength(placed.length);
    const cell = (row: string[], column: string) => row[header!.indexOf(column)];
    const charged = placed.map((order, i) => {
      const byName = new Map(order.totals.taxes.map((t) => [t.name.toLowerCase(), t.amount]));
      for (const column of ['gst', 'hst', 'pst', 'qst', 'rst']) {
        expect(cell(rows[i]!, column), `${order.number} ${column}`).toBe(
          ((byName.get(column) ?? 0) / 100).toFixed(2),
        );
      }
      return [...byName.keys()].sort().join('+');
    });
    expect(charged).toEqual(['gst+qst', 'gst+rst', 'gst+pst', 'hst']);
    expect(rows.map((row) => cell(row, 'refunded'))).toEqual(['12.34', '0.00', '0.00', '0.00']);
  });
});

describe('stock', () => {
  async function stock(): Promise<VariantStock> {
    const res = await adminCall('GET', `/variants/${STOCK_VARIANT}/stock`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }
  let adjustments = 0;
  const adjust = (body: object, key = `stock-${Date.now()}-${++adjustments}`) =>
    adminCall('POST', `/variants/${STOCK_VARIANT}/stock`, body, { 'idempotency-key': key });

  test('an adjustment needs an Idempotency-Key (400 naming it); a retry of one applies once', async () => {
    const before = await stock();
    const bare = await adminCall('POST', `/variants/${STOCK_VARIANT}/stock`, {
      delta: 3,
      reason: 'No key',
    });
    expect(bare.statusCode, bare.body).toBe(400);
    expect(bare.json().errors).toEqual([
      expect.objectContaining({ path: 'headers.idempotency-key' }),
    ]);
    expect((await stock()).stock).toBe(before.stock);

    const first = await adjust({ delta: 3, reason: 'Delivery' }, 'stock-retry-1');
    const again = await adjust({ delta: 3, reason: 'Delivery' }, 'stock-retry-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    const after = await stock();
    expect(after.stock).toBe(before.stock + 3);
    expect(after.adjustments.filter((row) => row.reason === 'Delivery')).toHaveLength(1);
    // Even when the stored answer is gone (it expires), the key still finds its adjustment.
    await t.db.delete(idempotencyRecords);
    const late = await adjust({ delta: 3, reason: 'Delivery' }, 'stock-retry-1');
    expect(late.statusCode, late.body).toBe(200);
    expect((await stock()).stock).toBe(before.stock + 3);
    expect(await totalStock()).toBe(before.stock + 3);
  });
  /** The product's stock over its active variants, as the desk shows it beside the variant's. */
  const totalStock = async () => (await stock()).productTotalStock;

  test('adjust by delta or set, logged with reason and staff; product total in step', async () => {
    const before = await stock();
    const totalBefore = await totalStock();
    let res = await adjust({ delta: 5, reason: 'Delivery from supplier' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.stock).toBe(before.stock + 5);
    expect(await totalStock()).toBe(totalBefore + 5);
    res = await adjust({ set: 2, reason: 'Stock count' });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as VariantStock;
    expect(after.stock).toBe(2);
    expect(await totalStock()).toBe(totalBefore + 5 - (before.stock + 5 - 2));
    expect(after.adjustments.slice(0, 2)).toEqual([
      expect.objectContaining({
        delta: 2 - (before.stock + 5),
        stockAfter: 2,
        reason: 'Stock count',
        actorId: admin.user._id,
      }),
      expect.objectContaining({
        delta: 5,
        stockAfter: before.stock + 5,
        reason: 'Delivery from supplier',
      }),
    ]);
  });

  test('below zero is refused (409); a reason is required; delta xor set', async () => {
    await adjust({ set: 1, reason: 'Recount' });
    const res = await adjust({ delta: -2, reason: 'Broken' });
    expect(res.statusCode).toBe(409);
    expect((await stock()).stock).toBe(1);
    for (const body of [
      { delta: 1 },
      { delta: 1, reason: '' },
      { delta: 1, reason: 'x'.repeat(201) },
      { delta: 0, reason: 'zero' },
      { reason: 'nothing' },
      { delta: 1, set: 3, reason: 'both' },
      { set: -1, reason: 'negative' },
    ]) {
      expect((await adjust(body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    // Past what one change may move, and past the database's integer: refused naming the field.
    for (const [field, value] of [
      ['set', MAX_STOCK_CHANGE + 1],
      ['set', 2_147_483_648],
      ['delta', MAX_STOCK_CHANGE + 1],
      ['delta', -MAX_STOCK_CHANGE - 1],
      ['delta', 1e15],
      ['delta', -1e15],
    ] as const) {
      const res = await adjust({ [field]: value, reason: 'Huge' });
      expect(res.statusCode, `${field} ${value}: ${res.body}`).toBe(400);
      expect(res.json().errors[0].path).toBe(`body.${field}`);
      expect(res.json().message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await stock()).stock).toBe(1);
    const most = await adjust({ set: MAX_STOCK_CHANGE, reason: 'Largest count' });
    expect(most.statusCode, most.body).toBe(200);
    // Changes within their bound still cannot pile a variant past what it may hold.
    for (let i = 1; i < MAX_VARIANT_STOCK / MAX_STOCK_CHANGE; i++) {
      expect((await adjust({ delta: MAX_STOCK_CHANGE, reason: 'Pile up' })).statusCode).toBe(200);
    }
    expect((await stock()).stock).toBe(MAX_VARIANT_STOCK);
    const over = await adjust({ delta: 1, reason: 'One more' });
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json().message).toBe(
      `A variant holds at most ${MAX_VARIANT_STOCK} units: ${MAX_VARIANT_STOCK} in stock, so at most 0 can be added.`,
    );
    await adjust({ set: 1, reason: 'Recount' });
    expect((await adminCall('GET', '/variants/var_missing/stock')).statusCode).toBe(404);
    const logged = await t.db
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.reason, 'Broken'));
    expect(logged).toEqual([]);
  });
});
