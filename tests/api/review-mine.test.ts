/**
 * `GET /products/{identifier}/reviews/mine`: what the product page asks before it offers the review
 * form. Whether the signed-in shopper may review the product (an account, not a guest, with a
 * delivered order holding it) and their own review, hidden by the desk or not, so they can edit
 * it. Signed out is 401; the answer is private (never stored by a cache). And the public list the
 * page reads again after a write ignores the `written` time it adds to pass the browser cache.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { OrderStatus } from '../../contract/orders.ts';
import type { MyReviewResponse } from '../../contract/reviews.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { newId } from '../../server/lib/ids.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { products } from '../../server/modules/catalog/tables.ts';
import { orderItems, orders } from '../../server/modules/orders/tables.ts';
import { reviews } from '../../server/modules/reviews/tables.ts';
import { recomputeProductRatings } from '../../server/modules/reviews/service.ts';
import { NO_STORE } from '../../server/plugins/cache-policy.ts';
import { randomAddress, registerUser, sessionCookie, type SignedIn } from '../helpers/auth.ts';
import { insertOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await seedCatalog(database.db, { products: 12 });
    },
  });
});

afterAll(() => t.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, cookie?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    payload: payload as object,
    remoteAddress: randomAddress(),
    headers: cookie ? { cookie } : {},
  });

const mine = (identifier: string, cookie?: string) =>
  t.app.inject({
    url: `/api/v1/products/${identifier}/reviews/mine`,
    headers: cookie ? { cookie } : {},
  });

async function standing(identifier: string, cookie: string) {
  const res = await mine(identifier, cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe(NO_STORE);
  return res.json<MyReviewResponse>().data;
}

/** A product of the seed no other test here uses, without reviews. */
const taken = new Set<string>();
async function unreviewedProduct(): Promise<{ id: string; slug: string }> {
  const rows = await t.db
    .select({ id: products.id, slug: products.slug })
    .from(products)
    .where(sql`${products.isActive}`)
    .orderBy(products.slug);
  const row = rows.find((r) => !taken.has(r.slug));
  if (!row) throw new Error('the seed has no product left');
  taken.add(row.slug);
  await t.db.transaction(async (tx) => {
    await tx.delete(reviews).where(eq(reviews.productId, row.id));
    await recomputeProductRatings(tx, [row.id]);
  });
  return row;
}

/** An order of this shopper holding the product, at `status`. */
async function orderOf(shopper: SignedIn, productId: string, status: OrderStatus) {
  const order = await insertOrder(t.db, { status, userId: shopper.user._id });
  await t.db.insert(orderItems).values({
    id: newId('oit'),
    orderId: order.id,
    position: 9,
    productId,
    name: 'Reviewed product',
    slug: 'reviewed-product',
    brand: 'Forge',
    flavor: 'Vanilla',
    size: '2 lb',
    sku: `SKU-${productId}`,
    quantity: 1,
    unitPrice: 1000,
    lineTotal: 1000,
  });
  return order;
}

const good = { rating: 4, title: 'Solid choice', body: 'Mixes well and tastes like real vanilla.' };

async function staffMember(): Promise<SignedIn> {
  const staff = await registerUser(t.app, { name: 'Desk Person' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
  return staff;
}

describe('GET /products/{identifier}/reviews/mine', () => {
  test('signed out is 401 with the sign-in message, and not stored', async () => {
    const res = await mine('creatine-monohydrate');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to review a product.');
    expect(res.headers['cache-control']).toBe(NO_STORE);
  });

  test('an account without a delivered order of the product may not review it', async () => {
    const product = await unreviewedProduct();
    const elsewhere = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    expect(await standing(product.slug, shopper.cookie)).toEqual({
      mayReview: false,
      review: null,
    });
    // Bought but not delivered yet, cancelled, or another product delivered: still not.
    for (const status of [
      'pending_payment',
      'paid',
      'processing',
      'shipped',
      'cancelled',
    ] as const) {
      await orderOf(shopper, product.id, status);
    }
    await orderOf(shopper, elsewhere.id, 'delivered');
    expect(await standing(product.slug, shopper.cookie)).toEqual({
      mayReview: false,
      review: null,
    });
    // Another shopper's delivered order of it counts for them, not for this one.
    const other = await registerUser(t.app);
    await orderOf(other, product.id, 'delivered');
    expect((await standing(product.slug, shopper.cookie)).mayReview).toBe(false);
    expect((await standing(product.slug, other.cookie)).mayReview).toBe(true);
  });

  test('a delivered order makes the account a reviewer; its review comes back to edit, by slug and by id', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app, { name: 'Noor Haddad' });
    await orderOf(shopper, product.id, 'delivered');
    expect(await standing(product.slug, shopper.cookie)).toEqual({
      mayReview: true,
      review: null,
    });

    const created = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const review = created.json().data;
    const expected = {
      mayReview: true,
      review: {
        _id: review._id,
        rating: 4,
        title: 'Solid choice',
        body: 'Mixes well and tastes like real vanilla.',
        author: 'Noor H.',
        verifiedPurchase: true,
        createdAt: review.createdAt,
        hidden: false,
      },
    };
    expect(await standing(product.slug, shopper.cookie)).toEqual(expected);
    expect(await standing(product.id, shopper.cookie)).toEqual(expected);

    const edited = await send(
      'PATCH',
      `/products/${product.slug}/reviews/mine`,
      { rating: 2, title: 'Less sure now' },
      shopper.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await standing(product.slug, shopper.cookie)).review).toMatchObject({
      _id: review._id,
      rating: 2,
      title: 'Less sure now',
      body: good.body,
      hidden: false,
    });

    // Another reviewer of the same product sees their own review, never this one.
    const other = await registerUser(t.app);
    await orderOf(other, product.id, 'delivered');
    expect(await standing(product.slug, other.cookie)).toEqual({ mayReview: true, review: null });
  });

  test('a review the desk hid is still the writer’s to read and edit, marked hidden', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    await orderOf(shopper, product.id, 'delivered');
    const created = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().data._id;

    const staff = await staffMember();
    const hidden = await send(
      'POST',
      `/admin/reviews/${id}/hide`,
      { reason: 'Spam' },
      staff.cookie,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const publicList = await t.app.inject({ url: `/api/v1/products/${product.slug}/reviews` });
    expect(publicList.json().data.reviews).toEqual([]);

    const seen = await standing(product.slug, shopper.cookie);
    expect(seen).toEqual({
      mayReview: true,
      review: expect.objectContaining({ _id: id, hidden: true, title: good.title }),
    });
    // The reason stays with the desk.
    expect(JSON.stringify(seen)).not.toContain('Spam');

    const shown = await send('POST', `/admin/reviews/${id}/unhide`, {}, staff.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await standing(product.slug, shopper.cookie)).review?.hidden).toBe(false);
  });

  test('an order refunded after delivery no longer makes a reviewer, and the review stays editable', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    const order = await orderOf(shopper, product.id, 'delivered');
    expect(
      (await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie)).statusCode,
    ).toBe(201);
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, order.id));
    const seen = await standing(product.slug, shopper.cookie);
    expect(seen.mayReview).toBe(false);
    expect(seen.review).toMatchObject({ title: good.title, hidden: false });
  });

  test('a guest checkout session may not review, even with the product delivered', async () => {
    const product = await unreviewedProduct();
    const res = await send('POST', '/user/auth/guest', {
      email: `guest-${newId('g')}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const guest = { user: res.json().user as SignedIn['user'], cookie: sessionCookie(res)! };
    await orderOf(guest as SignedIn, product.id, 'delivered');
    expect(await standing(product.slug, guest.cookie)).toEqual({ mayReview: false, review: null });
  });

  test('an unknown product is 404', async () => {
    const shopper = await registerUser(t.app);
    const res = await mine('no-such-product', shopper.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Product not found');
  });
});

describe('the list the page reads again after a write', () => {
  test('answers the same with the `written` time the page adds to pass the browser cache', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    await orderOf(shopper, product.id, 'delivered');
    expect(
      (await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie)).statusCode,
    ).toBe(201);
    const url = `/api/v1/products/${product.slug}/reviews?page=1&limit=5&sort=newest`;
    const plain = await t.app.inject({ url });
    const marked = await t.app.inject({ url: `${url}&written=${Date.now()}` });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual(plain.json());
    expect(marked.json().data.summary).toMatchObject({ average: 4, count: 1 });
  });
});
