/**
 * Product reviews: the public list (sorting, pages, stars), writing one as a shopper who received
 * the product, editing it, the desk hiding and showing it again, and the product's rating and
 * review count following every change, on the product page and in search.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ProductDetail } from '../../contract/catalog.ts';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  type ReviewsPageResponse,
} from '../../contract/reviews.ts';
import type { SearchProductsResponse } from '../../contract/search.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { newId } from '../../server/lib/ids.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { products } from '../../server/modules/catalog/tables.ts';
import { orderItems } from '../../server/modules/orders/tables.ts';
import { reviews } from '../../server/modules/reviews/tables.ts';
import { recomputeProductRatings } from '../../server/modules/reviews/service.ts';
import { REVIEW_WRITE_RATE_LIMIT } from '../../server/modules/reviews/routes.ts';
import { randomAddress, registerUser, sessionCookie, type SignedIn } from '../helpers/auth.ts';
import { insertOrder } from '../helpers/order-fixture.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { OrderStatus } from '../../contract/orders.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await seedCatalog(database.db, { products: 40 });
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
const get = (url: string, cookie?: string) =>
  t.app.inject({ url: `/api/v1${url}`, headers: cookie ? { cookie } : {} });

async function productBySlug(slug: string): Promise<ProductDetail> {
  const res = await get(`/products/${slug}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProductDetail;
}

/**
 * The product's rating and count: in its row at once (recounted in the write's transaction), and
 * in the product answer as soon as the catalog's change feed reaches this instance (through
 * LISTEN/NOTIFY, a moment later on PostgreSQL), which drops the cached answer.
 */
async function expectRating(slug: string, rating: number, count: number) {
  const [row] = await t.db
    .select({ rating: products.rating, count: products.reviewCount })
    .from(products)
    .where(eq(products.slug, slug));
  expect([row!.rating, row!.count]).toEqual([rating, count]);
  await expect
    .poll(async () => {
      const product = await productBySlug(slug);
      return [product.rating, product.reviewCount];
    })
    .toEqual([rating, count]);
  return productBySlug(slug);
}

async function reviewsOf(slug: string, query = '') {
  const res = await get(`/products/${slug}/reviews${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReviewsPageResponse>().data;
}

/**
 * A product of the seed no other test uses, its seeded reviews taken away (and its rating
 * recounted) so each test starts from none.
 */
const taken = new Set<string>(['creatine-monohydrate']);
async function unreviewedProduct(): Promise<{ id: string; slug: string; name: string }> {
  const rows = await t.db
    .select({ id: products.id, slug: products.slug, name: products.name })
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

const good = { rating: 5, title: 'Great stuff', body: 'Mixes well and tastes like real vanilla.' };

async function staffMember(): Promise<SignedIn> {
  const staff = await registerUser(t.app, { name: 'Desk Person' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
  return staff;
}

async function searchFor(name: string) {
  const res = await t.app.inject({ url: '/api/v1/search/products', query: { search: name } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchProductsResponse>().results.products;
}

describe('the seed', () => {
  test("every product's reviewCount is its visible review rows and its rating their average", async () => {
    const result = (await t.db.execute(sql`
      select p.id, p.rating::float8 as rating, p.review_count as count,
        count(r.id)::int as rows, coalesce(round(avg(r.rating)::numeric, 1), 0)::float8 as average,
        bool_and(r.verified_purchase) as verified
      from products p left join reviews r on r.product_id = p.id and r.hidden_at is null
      group by p.id`)) as unknown as {
      rows: { rating: number; count: number; rows: number; average: number }[];
    };
    expect(result.rows.length).toBe(40);
    for (const row of result.rows) {
      expect(row.count).toBe(row.rows);
      expect(row.rating).toBeCloseTo(row.average, 5);
    }
    // Some products have reviews, a few none, and none more than a handful.
    expect(result.rows.some((row) => row.count > 0)).toBe(true);
    expect(Math.max(...result.rows.map((row) => row.count))).toBeLessThanOrEqual(5);
  });

  test('the seeded reviews can be read, with their author and verified purchase', async () => {
    const product = await productBySlug('creatine-monohydrate');
    expect(product.reviewCount).toBeGreaterThan(0);
    const data = await reviewsOf('creatine-monohydrate');
    expect(data.summary.count).toBe(product.reviewCount);
    expect(data.summary.average).toBe(product.rating);
    expect(data.reviews).toHaveLength(product.reviewCount);
    for (const review of data.reviews) {
      expect(review.author).toMatch(/^\p{L}+ \p{Lu}\.$/u);
      expect(review.verifiedPurchase).toBe(true);
      expect(review.body.length).toBeGreaterThanOrEqual(REVIEW_BODY_MIN);
    }
    expect(product.reviewsPreview).toEqual(data.reviews.slice(0, 3));
  });
});

describe('GET /products/{identifier}/reviews', () => {
  let slug: string;
  let id: string;

  beforeAll(async () => {
    const product = await unreviewedProduct();
    slug = product.slug;
    id = product.id;
    // Seven reviews with known stars and dates, straight into the table (plus one hidden).
    const stars = [5, 3, 4, 5, 1, 2, 5];
    await t.db.insert(reviews).values(
      stars.map((rating, i) => ({
        id: `rev_list_${i}`,
        productId: id,
        rating,
        title: `Title ${i}`,
        body: `Review body number ${i}.`,
        author: 'Ada L.',
        verifiedPurchase: true,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      })),
    );
    await t.db.insert(reviews).values({
      id: 'rev_list_hidden',
      productId: id,
      rating: 1,
      title: 'Hidden one',
      body: 'This one was hidden by the desk.',
      author: 'Bob M.',
      hiddenAt: new Date(),
      hiddenReason: 'spam',
      createdAt: new Date(Date.UTC(2026, 1, 1)),
    });
  });

  test('newest first by default, ten a page, with the stars of the visible reviews', async () => {
    const data = await reviewsOf(slug);
    expect(data.reviews.map((r) => r._id)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((i) => `rev_list_${i}`),
    );
    expect(data.summary).toEqual({
      average: 3.6, // 25 / 7 = 3.571…
      count: 7,
      histogram: { 5: 3, 4: 1, 3: 1, 2: 1, 1: 1 },
    });
    expect(data.pagination).toEqual({ page: 1, limit: 10, total: 7, totalPages: 1 });
    expect(data.reviews[0]).toEqual({
      _id: 'rev_list_6',
      rating: 5,
      title: 'Title 6',
      body: 'Review body number 6.',
      author: 'Ada L.',
      verifiedPurchase: true,
      createdAt: '2026-01-07T00:00:00.000Z',
    });
  });

  test('highest and lowest, ties newest first; pages of a chosen size', async () => {
    const highest = await reviewsOf(slug, '?sort=highest');
    expect(highest.reviews.map((r) => r.rating)).toEqual([5, 5, 5, 4, 3, 2, 1]);
    expect(highest.reviews.slice(0, 3).map((r) => r._id)).toEqual([
      'rev_list_6',
      'rev_list_3',
      'rev_list_0',
    ]);
    const lowest = await reviewsOf(slug, '?sort=lowest');
    expect(lowest.reviews.map((r) => r.rating)).toEqual([1, 2, 3, 4, 5, 5, 5]);
    const second = await reviewsOf(slug, '?sort=lowest&limit=3&page=2');
    expect(second.reviews.map((r) => r.rating)).toEqual([4, 5, 5]);
    expect(second.pagination).toEqual({ page: 2, limit: 3, total: 7, totalPages: 3 });
    const past = await reviewsOf(slug, '?limit=3&page=4');
    expect(past.reviews).toEqual([]);
  });

  test('by id as by slug; public and cacheable like the product page', async () => {
    const res = await get(`/products/${id}/reviews`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(res.json<ReviewsPageResponse>().data.summary.count).toBe(7);
  });

  test('a half tenth rounds up in the summary as in the product row: 63 / 20 = 3.15 is 3.2', async () => {
    const product = await unreviewedProduct();
    await t.db.insert(reviews).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: `rev_half_${i}`,
        productId: product.id,
        rating: i < 3 ? 4 : 3,
        title: 'Half',
        body: 'Seventeen threes and three fours.',
        author: 'Ada L.',
      })),
    );
    await t.db.transaction((tx) => recomputeProductRatings(tx, [product.id]));
    expect((await reviewsOf(product.slug)).summary).toMatchObject({ average: 3.2, count: 20 });
    await expectRating(product.slug, 3.2, 20);
  });

  test('an unknown product is 404; a bad query is 400 naming each field', async () => {
    const missing = await get('/products/no-such-product/reviews');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Product not found');
    const bad = await get(`/products/${slug}/reviews?page=0&limit=51&sort=best`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'querystring.page', message: 'must be at least 1' },
        { path: 'querystring.limit', message: 'must be at most 50' },
        { path: 'querystring.sort', message: 'must be one of newest, highest, lowest' },
      ]),
    );
  });
});

describe('POST /products/{identifier}/reviews', () => {
  test('a shopper who received the product reviews it: 201, and its rating and count follow on the product page and in search', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app, { name: 'Maya  Chen-Lopez' });
    await orderOf(shopper, product.id, 'delivered');

    const res = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json().data;
    expect(review).toMatchObject({ ...good, author: 'Maya C.', verifiedPurchase: true });

    const detail = await expectRating(product.slug, 5, 1);
    expect(detail.reviewsPreview).toEqual([review]);
    await expect
      .poll(async () => (await searchFor(product.name)).find((p) => p._id === product.id))
      .toMatchObject({ rating: 5, reviewCount: 1 });

    // A second buyer's three stars: (5 + 3) / 2.
    const other = await registerUser(t.app, { name: 'Léa' });
    await orderOf(other, product.id, 'delivered');
    const second = await send(
      'POST',
      `/products/${product.id}/reviews`,
      { rating: 3, title: 'It is fine', body: 'Fine, though a little sweet.' },
      other.cookie,
    );
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.author).toBe('Léa');
    await expectRating(product.slug, 4, 2);
    await expect
      .poll(async () => (await searchFor(product.name)).find((p) => p._id === product.id))
      .toMatchObject({ rating: 4, reviewCount: 2 });
  });

  test('buyers reviewing the same product at once are all counted', async () => {
    const product = await unreviewedProduct();
    const buyers = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    for (const buyer of buyers) await orderOf(buyer, product.id, 'delivered');
    const answers = await Promise.all(
      buyers.map((buyer, i) =>
        send('POST', `/products/${product.slug}/reviews`, { ...good, rating: i + 1 }, buyer.cookie),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    await expectRating(product.slug, 2.5, 4);
  });

  test('signed out is 401', async () => {
    const res = await send('POST', '/products/creatine-monohydrate/reviews', good);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to review a product.');
  });

  test('not delivered yet, or another product delivered: 403 saying only buyers who received it may review', async () => {
    const product = await unreviewedProduct();
    const elsewhere = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    for (const status of ['paid', 'processing', 'shipped', 'cancelled'] as const) {
      await orderOf(shopper, product.id, status);
    }
    await orderOf(shopper, elsewhere.id, 'delivered');
    const res = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only shoppers who have received this product may review it.');
    // Another shopper's delivered order does not count either.
    const stranger = await registerUser(t.app);
    await orderOf(stranger, product.id, 'delivered');
    const again = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(again.statusCode).toBe(403);
    await expectRating(product.slug, 0, 0);
  });

  test('a guest checkout session is 403: it has no account to edit the review from', async () => {
    const res = await send('POST', '/user/auth/guest', {
      email: `guest-${newId('g')}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const guest = res.json().user as SignedIn['user'];
    const cookie = sessionCookie(res)!;
    await orderOf({ user: guest, cookie }, (await unreviewedProduct()).id, 'delivered');
    const refused = await send('POST', '/products/creatine-monohydrate/reviews', good, cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('guest checkout has no account');
  });

  test('a second review of the same product is 409: edit it instead', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    await orderOf(shopper, product.id, 'delivered');
    expect(
      (await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie)).statusCode,
    ).toBe(201);
    const again = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'You have already reviewed this product: edit your review instead.',
    );
    await expectRating(product.slug, 5, 1);
  });

  test('an unknown product is 404', async () => {
    const shopper = await registerUser(t.app);
    const res = await send('POST', '/products/no-such-product/reviews', good, shopper.cookie);
    expect(res.statusCode).toBe(404);
  });

  test('400 naming each field: rating 1–5 whole, title 3–100, body 10–2000 characters', async () => {
    const shopper = await registerUser(t.app);
    const url = '/products/creatine-monohydrate/reviews';
    const errors = async (body: unknown) => {
      const res = await send('POST', url, body, shopper.cookie);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errors({})).toEqual([
      { path: 'body.rating', message: 'is required' },
      { path: 'body.title', message: 'is required' },
      { path: 'body.body', message: 'is required' },
    ]);
    expect(await errors({ rating: 0, title: 'ab', body: 'too short' })).toEqual([
      { path: 'body.rating', message: 'must be at least 1' },
      { path: 'body.title', message: `must be at least ${REVIEW_TITLE_MIN} characters` },
      { path: 'body.body', message: `must be at least ${REVIEW_BODY_MIN} characters` },
    ]);
    expect(
      await errors({
        rating: 4.5,
        title: 'x'.repeat(REVIEW_TITLE_MAX + 1),
        body: 'y'.repeat(REVIEW_BODY_MAX + 1),
      }),
    ).toEqual([
      { path: 'body.rating', message: 'must be a whole number' },
      { path: 'body.title', message: 'must be at most 100 characters' },
      { path: 'body.body', message: 'must be at most 2000 characters' },
    ]);
    expect(await errors({ ...good, rating: 6 })).toEqual([
      { path: 'body.rating', message: 'must be at most 5' },
    ]);
    // Spaces around the text do not count towards its length.
    expect(await errors({ ...good, title: '  ab  ' })).toEqual([
      { path: 'body.title', message: 'must be at least 3 characters' },
    ]);
  });
});

describe('PATCH /products/{identifier}/reviews/mine', () => {
  test("edits the shopper's own review; the rating follows; 404 without one", async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app, { name: 'Sam Rivera' });
    await orderOf(shopper, product.id, 'delivered');
    const none = await send(
      'PATCH',
      `/products/${product.slug}/reviews/mine`,
      { rating: 2 },
      shopper.cookie,
    );
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('You have not reviewed this product yet.');

    const created = await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie);
    expect(created.statusCode).toBe(201);
    const res = await send(
      'PATCH',
      `/products/${product.slug}/reviews/mine`,
      { rating: 2, body: 'Changed my mind after a month of use.' },
      shopper.cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: created.json().data._id,
      rating: 2,
      title: good.title,
      body: 'Changed my mind after a month of use.',
      author: 'Sam R.',
    });
    await expectRating(product.slug, 2, 1);
    await expect
      .poll(async () => (await productBySlug(product.slug)).reviewsPreview?.[0]?.body)
      .toBe('Changed my mind after a month of use.');
  });

  test('401 signed out; 400 for an empty edit or a bad field', async () => {
    const url = '/products/creatine-monohydrate/reviews/mine';
    expect((await send('PATCH', url, { rating: 3 })).statusCode).toBe(401);
    const shopper = await registerUser(t.app);
    const empty = await send('PATCH', url, {}, shopper.cookie);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([
      { path: 'body.rating', message: 'give at least one of rating, title or body' },
    ]);
    const bad = await send('PATCH', url, { title: 'no' }, shopper.cookie);
    expect(bad.json().errors).toEqual([
      { path: 'body.title', message: 'must be at least 3 characters' },
    ]);
  });

  test(`writes are limited to ${REVIEW_WRITE_RATE_LIMIT.max} an hour per account`, async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    await orderOf(shopper, product.id, 'delivered');
    expect(
      (await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie)).statusCode,
    ).toBe(201);
    const url = `/products/${product.slug}/reviews/mine`;
    for (let i = 1; i < 10; i++) {
      expect((await send('PATCH', url, { rating: (i % 5) + 1 }, shopper.cookie)).statusCode).toBe(
        200,
      );
    }
    const limited = await send('PATCH', url, { rating: 1 }, shopper.cookie);
    expect(limited.statusCode).toBe(429);
  });
});

describe('the order desk hides and shows reviews', () => {
  test('staff list every review newest first, hidden ones too; hiding and showing moves the average', async () => {
    const product = await unreviewedProduct();
    const buyers = await Promise.all([registerUser(t.app), registerUser(t.app)]);
    const ids: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      await orderOf(buyer, product.id, 'delivered');
      const res = await send(
        'POST',
        `/products/${product.slug}/reviews`,
        { ...good, rating: i === 0 ? 5 : 2 },
        buyer.cookie,
      );
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data._id);
    }
    await expectRating(product.slug, 3.5, 2);

    const staff = await staffMember();
    const hidden = await send(
      'POST',
      `/admin/reviews/${ids[1]}/hide`,
      { reason: 'Off-topic' },
      staff.cookie,
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({
      _id: ids[1],
      hiddenReason: 'Off-topic',
      hiddenBy: staff.user._id,
    });
    await expectRating(product.slug, 5, 1);
    const visible = await reviewsOf(product.slug);
    expect(visible.reviews.map((r) => r._id)).toEqual([ids[0]]);
    expect(visible.summary.histogram[2]).toBe(0);

    const list = await get('/admin/reviews?limit=50', staff.cookie);
    expect(list.statusCode).toBe(200);
    const listed = list.json().data.reviews as {
      _id: string;
      createdAt: string;
      hiddenAt: string | null;
    }[];
    expect(listed.find((r) => r._id === ids[1])?.hiddenAt).not.toBeNull();
    const dates = listed.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.json().data.pagination).toMatchObject({ page: 1, limit: 50 });

    const shown = await send('POST', `/admin/reviews/${ids[1]}/unhide`, {}, staff.cookie);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data).toMatchObject({ hiddenAt: null, hiddenReason: null, hiddenBy: null });
    await expectRating(product.slug, 3.5, 2);
  });

  test('a shopper is 403 and a visitor 401; a reason is required; an unknown review is 404', async () => {
    const shopper = await registerUser(t.app);
    const [any] = await t.db.select({ id: reviews.id }).from(reviews).limit(1);
    const url = `/admin/reviews/${any!.id}/hide`;
    expect((await send('POST', url, { reason: 'x' }, shopper.cookie)).statusCode).toBe(403);
    expect((await send('POST', url, { reason: 'x' })).statusCode).toBe(401);
    expect((await get('/admin/reviews', shopper.cookie)).statusCode).toBe(403);
    expect(
      (await send('POST', `/admin/reviews/${any!.id}/unhide`, {}, shopper.cookie)).statusCode,
    ).toBe(403);
    const staff = await staffMember();
    const noReason = await send('POST', url, {}, staff.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'body.reason', message: 'is required' }]);
    expect(
      (await send('POST', '/admin/reviews/rev_missing/hide', { reason: 'x' }, staff.cookie))
        .statusCode,
    ).toBe(404);
  });
});

describe('an account and its reviews', () => {
  test('its data download holds its reviews; deleting it takes them and recounts the product', async () => {
    const product = await unreviewedProduct();
    const shopper = await registerUser(t.app);
    await orderOf(shopper, product.id, 'delivered');
    expect(
      (await send('POST', `/products/${product.slug}/reviews`, good, shopper.cookie)).statusCode,
    ).toBe(201);
    await expectRating(product.slug, 5, 1);
    const exported = await get('/user/profile/me/export', shopper.cookie);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().reviews).toEqual([
      expect.objectContaining({ productId: product.id, rating: 5, title: good.title }),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/profile/me/delete',
      payload: { password: shopper.password },
      headers: { cookie: shopper.cookie },
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await expectRating(product.slug, 0, 0);
    expect(detail.reviewsPreview).toEqual([]);
  });
});
