/**
 * Product reviews: the shapes of the public list, a shopper's own review and the order desk's
 * moderation, with the limits both the server and the product page's review form check.
 */
import { z } from 'zod';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
} from './review-rules.ts';

export * from './review-rules.ts';

export const HIDE_REASON_MAX = 200;

/**
 * Pages of reviews take the same sizes as the shopper's order list (10 by default, at most 50).
 * The fields are written out here rather than taken from the orders contract, which imports the
 * catalog's, which imports this.
 */
export const REVIEWS_PAGE_DEFAULT_LIMIT = 10;
export const REVIEWS_PAGE_MAX_LIMIT = 50;

const pageFields = {
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1),
  limit: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(REVIEWS_PAGE_MAX_LIMIT, `must be at most ${REVIEWS_PAGE_MAX_LIMIT}`)
    .default(REVIEWS_PAGE_DEFAULT_LIMIT),
};

export const REVIEW_SORTS = ['newest', 'highest', 'lowest'] as const;

const required = (issue: { input: unknown }) =>
  issue.input === undefined ? 'is required' : 'must be a string';

const text = (min: number, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(min, `must be at least ${min} characters`)
    .max(max, `must be at most ${max} characters`);

const rating = z
  .number({
    error: (issue) => (issue.input === undefined ? 'is required' : 'must be a whole number'),
  })
  .int('must be a whole number')
  .min(REVIEW_RATING_MIN, `must be at least ${REVIEW_RATING_MIN}`)
  .max(REVIEW_RATING_MAX, `must be at most ${REVIEW_RATING_MAX}`);

export const ReviewBody = z.object({
  rating,
  title: text(REVIEW_TITLE_MIN, REVIEW_TITLE_MAX),
  body: text(REVIEW_BODY_MIN, REVIEW_BODY_MAX),
});
export type ReviewBody = z.infer<typeof ReviewBody>;

/**
 * The product page's review form: its fields are text, the stars a radio group's value ('' until
 * one is chosen). Each field's rule and message is the body's, so the form says beside the field
 * what the server would refuse.
 */
export const ReviewForm = z.object({
  rating: z
    .string()
    .regex(/^[1-5]$/, `choose from ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX} stars`)
    .transform(Number),
  title: ReviewBody.shape.title,
  body: ReviewBody.shape.body,
});

export const ReviewEditBody = z
  .object({
    rating: rating.optional(),
    title: text(REVIEW_TITLE_MIN, REVIEW_TITLE_MAX).optional(),
    body: text(REVIEW_BODY_MIN, REVIEW_BODY_MAX).optional(),
  })
  .refine((edit) => Object.values(edit).some((value) => value !== undefined), {
    path: ['rating'],
    message: 'give at least one of rating, title or body',
  });
export type ReviewEditBody = z.infer<typeof ReviewEditBody>;

export const ReviewsQuery = z.object({
  ...pageFields,
  sort: z
    .enum(REVIEW_SORTS, { error: `must be one of ${REVIEW_SORTS.join(', ')}` })
    .default('newest'),
});
export type ReviewsQuery = z.infer<typeof ReviewsQuery>;

export const AdminReviewsQuery = z.object(pageFields);

export const Review = z.object({
  _id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** First name and last initial, e.g. "Maya C." */
  author: z.string(),
  /** Written by an account that received the product. */
  verifiedPurchase: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Review = z.infer<typeof Review>;

export const ReviewSummary = z.object({
  /** Average of the visible reviews, one decimal; 0 without any. */
  average: z.number(),
  count: z.number().int(),
  /** Visible reviews per star, keyed "5" to "1". */
  histogram: z.object({
    5: z.number().int(),
    4: z.number().int(),
    3: z.number().int(),
    2: z.number().int(),
    1: z.number().int(),
  }),
});
export type ReviewSummary = z.infer<typeof ReviewSummary>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

export const ReviewsPageResponse = z.object({
  success: z.literal(true),
  data: z.object({ reviews: z.array(Review), summary: ReviewSummary, pagination: Pagination }),
});
export type ReviewsPageResponse = z.infer<typeof ReviewsPageResponse>;

export const ReviewResponse = z.object({ success: z.literal(true), data: Review });

/** The signed-in shopper's own review: hidden ones too (they may still edit it), saying so. */
export const MyReview = Review.extend({
  /** Hidden from the shop by the order desk: it shows on no product page. */
  hidden: z.boolean(),
});
export type MyReview = z.infer<typeof MyReview>;

/**
 * `GET /products/{identifier}/reviews/mine`: whether the signed-in shopper may review the product
 * (an account, not a guest, with a delivered order holding it) and their review of it, if any.
 */
export const MyReviewResponse = z.object({
  success: z.literal(true),
  data: z.object({ mayReview: z.boolean(), review: MyReview.nullable() }),
});
export type MyReviewResponse = z.infer<typeof MyReviewResponse>;

export const AdminReview = Review.extend({
  productId: z.string(),
  productName: z.string(),
  userId: z.string().nullable(),
  hiddenAt: z.iso.datetime().nullable(),
  hiddenReason: z.string().nullable(),
  hiddenBy: z.string().nullable(),
  updatedAt: z.iso.datetime(),
});
export type AdminReview = z.infer<typeof AdminReview>;

export const AdminReviewsPageResponse = z.object({
  success: z.literal(true),
  data: z.object({ reviews: z.array(AdminReview), pagination: Pagination }),
});
export const AdminReviewResponse = z.object({ success: z.literal(true), data: AdminReview });

export const AdminReviewParams = z.object({ id: z.string().trim().min(1).max(100) });

export const HideReviewBody = z.object({
  reason: z
    .string({ error: required })
    .trim()
    .min(1, 'is required')
    .max(HIDE_REASON_MAX, `must be at most ${HIDE_REASON_MAX} characters`)
    .describe('why the review is hidden, kept for the desk'),
});
