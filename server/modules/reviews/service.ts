import { and, asc, count, desc, eq, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type {
  AdminReview,
  MyReview,
  Review,
  ReviewBody,
  ReviewEditBody,
  ReviewsQuery,
  ReviewSummary,
} from '../../../contract/reviews.ts';
import type { Executor } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { accountName } from '../auth/accounts.ts';
import { lockProduct, productNameOf, setProductRatings } from '../catalog/products.ts';
import { hasReceived } from '../orders/account-data.ts';
import { reviews } from './tables.ts';

export const ONLY_RECEIVED_MAY_REVIEW =
  'Only shoppers who have received this product may review it.';
export const ALREADY_REVIEWED = 'You have already reviewed this product: edit your review instead.';
export const NO_REVIEW_YET = 'You have not reviewed this product yet.';

const visible = isNull(reviews.hiddenAt);

/** "Maya Chen" → "Maya C.", "Maya" → "Maya": what a review shows of its writer. */
export function authorName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A shopper';
  const first = words[0]!;
  if (words.length === 1) return first;
  const initial = Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase();
  return `${first} ${initial}.`;
}

/**
 * Sets each product's rating (average of its visible reviews, one decimal) and review count from
 * its reviews: the one formula, run in the transaction that changed them. The row is always
 * written, even when the numbers stay, so the catalog's change feed drops cached product answers
 * (their review preview may have changed).
 */
export async function recomputeProductRatings(
  tx: Executor,
  productIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await setProductRatings(
    tx,
    ids,
    sql`select rv.product_id, round(avg(rv.rating)::numeric, 1)::real as average,
        count(rv.id)::int as n
      from ${reviews} rv
      where rv.hidden_at is null and rv.product_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by rv.product_id`,
  );
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  title: reviews.title,
  body: reviews.body,
  author: reviews.author,
  verifiedPurchase: reviews.verifiedPurchase,
  createdAt: reviews.createdAt,
};

type ReviewRow = {
  id: string;
  rating: number;
  title: string;
  body: string;
  author: string;
  verifiedPurchase: boolean;
  createdAt: Date;
};

const toReview = (row: ReviewRow): Review => ({
  _id: row.id,
  rating: row.rating,
  title: row.title,
  body: row.body,
  author: row.author,
  verifiedPurchase: row.verifiedPurchase,
  createdAt: row.createdAt.toISOString(),
});

const sortOrder: Record<ReviewsQuery['sort'], SQL[]> = {
  newest: [desc(reviews.createdAt), asc(reviews.id)],
  highest: [desc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
};

const pagination = (page: number, limit: number, total: number) => ({
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

/** One page of a product's visible reviews with their average, count and stars. */
export async function listProductReviews(db: Executor, productId: string, query: ReviewsQuery) {
  const { page, limit, sort } = query;
  const stars = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), visible))
    .groupBy(reviews.rating);
  const histogram: ReviewSummary['histogram'] = { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 };
  let total = 0;
  let sum = 0;
  for (const { rating, n } of stars) {
    histogram[rating as 1 | 2 | 3 | 4 | 5] = n;
    total += n;
    sum += rating * n;
  }
  const rows =
    total === 0
      ? []
      : await db
          .select(reviewColumns)
          .from(reviews)
          .where(and(eq(reviews.productId, productId), visible))
          .orderBy(...sortOrder[sort])
          .limit(limit)
          .offset((page - 1) * limit);
  return {
    reviews: rows.map(toReview),
    summary: {
      // Tenths counted from whole numbers, so a half rounds up exactly as the database's
      // numeric round() does for the product's rating (3.15 is 3.2 in both).
      average: total === 0 ? 0 : Math.round((sum * 10) / total) / 10,
      count: total,
      histogram,
    },
    pagination: pagination(page, limit, total),
  };
}

/**
 * What the product page asks for a signed-in account: whether it may review the product (it has
 * received it in a delivered order) and its own review of it, hidden or not, to edit.
 */
export async function myReviewStanding(
  db: Executor,
  userId: string,
  productId: string,
): Promise<{ mayReview: boolean; review: MyReview | null }> {
  const mayReview = await hasReceived(db, userId, productId);
  const [row] = await db
    .select({ ...reviewColumns, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
  return {
    mayReview,
    review: row ? { ...toReview(row), hidden: row.hiddenAt !== null } : null,
  };
}

/** A shopper's review of a product they received; the product's rating follows at once. */
export async function createReview(
  db: Executor,
  userId: string,
  productId: string,
  input: ReviewBody,
): Promise<Review> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    if (!(await hasReceived(tx, userId, productId)))
      throw forbidden('review_not_allowed', ONLY_RECEIVED_MAY_REVIEW);
    const [mine] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)));
    if (mine) throw conflict('review_exists', ALREADY_REVIEWED);
    const name = await accountName(tx, userId);
    const [row] = await tx
      .insert(reviews)
      .values({
        id: newId('rev'),
        productId,
        userId,
        rating: input.rating,
        title: input.title,
        body: input.body,
        author: authorName(name ?? ''),
        verifiedPurchase: true,
      })
      .returning(reviewColumns);
    await recomputeProductRatings(tx, [productId]);
    return toReview(row!);
  });
}

/** Edits the shopper's own review of the product; 404 when they have none. */
export async function editMyReview(
  db: Executor,
  userId: string,
  productId: string,
  edit: ReviewEditBody,
): Promise<Review> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [row] = await tx
      .update(reviews)
      .set({
        ...(edit.rating !== undefined ? { rating: edit.rating } : {}),
        ...(edit.title !== undefined ? { title: edit.title } : {}),
        ...(edit.body !== undefined ? { body: edit.body } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId)))
      .returning(reviewColumns);
    if (!row) throw notFound('not_found', NO_REVIEW_YET);
    await recomputeProductRatings(tx, [productId]);
    return toReview(row);
  });
}

type ReviewsJson = Review[] | string;

/**
 * The first reviews a product page shows (newest first), as JSON, correlated with the caller's
 * `productId` column so the product answer carries them in its one query.
 */
export const reviewsPreviewJson = (
  limit: number,
  productId: AnyColumn,
) => sql<ReviewsJson>`coalesce((
  select json_agg(json_build_object(
    '_id', x.id, 'rating', x.rating, 'title', x.title, 'body', x.body, 'author', x.author,
    'verifiedPurchase', x.verified_purchase,
    'createdAt', to_char(x.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ) order by x.created_at desc, x.id)
  from (
    select * from ${reviews} rv
    where rv.product_id = ${productId} and rv.hidden_at is null
    order by rv.created_at desc, rv.id
    limit ${limit}
  ) x
), '[]'::json)`;

const adminColumns = {
  ...reviewColumns,
  productId: reviews.productId,
  productName: productNameOf(reviews.productId),
  userId: reviews.userId,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  hiddenBy: reviews.hiddenBy,
  updatedAt: reviews.updatedAt,
};

type AdminRow = ReviewRow & {
  productId: string;
  productName: string;
  userId: string | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  hiddenBy: string | null;
  updatedAt: Date;
};

const toAdminReview = (row: AdminRow): AdminReview => ({
  ...toReview(row),
  productId: row.productId,
  productName: row.productName,
  userId: row.userId,
  hiddenAt: row.hiddenAt?.toISOString() ?? null,
  hiddenReason: row.hiddenReason,
  hiddenBy: row.hiddenBy,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every review, hidden ones too, newest first: the order desk's moderation list. */
export async function listAllReviews(db: Executor, page: number, limit: number) {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(reviews);
  const rows = await db
    .select(adminColumns)
    .from(reviews)
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { reviews: rows.map(toAdminReview), pagination: pagination(page, limit, n) };
}

/**
 * Hides a review (with the reason and the staff member) or shows it again (`hide` null); the
 * product's rating and count follow in the same transaction.
 */
export async function setReviewHidden(
  db: Executor,
  reviewId: string,
  hide: { reason: string; staffId: string } | null,
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ productId: reviews.productId })
      .from(reviews)
      .where(eq(reviews.id, reviewId));
    if (!found) throw notFound('not_found', 'Review not found');
    await lockProduct(tx, found.productId);
    await tx
      .update(reviews)
      .set(
        hide
          ? { hiddenAt: new Date(), hiddenReason: hide.reason, hiddenBy: hide.staffId }
          : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
      )
      .where(eq(reviews.id, reviewId));
    await recomputeProductRatings(tx, [found.productId]);
    const [row] = await tx.select(adminColumns).from(reviews).where(eq(reviews.id, reviewId));
    return toAdminReview(row!);
  });
}

/**
 * Removes an account's reviews (its account is being deleted) and recounts the products they
 * were about, in the caller's transaction.
 */
export async function deleteReviewsOf(tx: Executor, userId: string): Promise<void> {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  await recomputeProductRatings(
    tx,
    gone.map((row) => row.productId),
  );
}

/** The account's reviews, hidden ones too, oldest first, for its data export. */
export async function exportReviewsOf(db: Executor, userId: string) {
  return db
    .select({
      _id: reviews.id,
      productId: reviews.productId,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      author: reviews.author,
      hiddenAt: reviews.hiddenAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
}
