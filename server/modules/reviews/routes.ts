import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ProductIdentifierParams } from '../../../contract/catalog.ts';
import {
  AdminReviewParams,
  AdminReviewResponse,
  AdminReviewsPageResponse,
  AdminReviewsQuery,
  HideReviewBody,
  MyReviewResponse,
  ReviewBody,
  ReviewEditBody,
  ReviewResponse,
  ReviewsPageResponse,
  ReviewsQuery,
} from '../../../contract/reviews.ts';
import type { Database } from '../../db/client.ts';
import { ErrorResponse, forbidden, notFound } from '../../lib/errors.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { findProductId } from '../catalog/products.ts';
import {
  createReview,
  editMyReview,
  listAllReviews,
  listProductReviews,
  myReviewStanding,
  setReviewHidden,
} from './service.ts';

const tags = ['reviews'];

/** Public like the product page it belongs to, and reused for as long. */
const REVIEWS_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/**
 * Review writes per account: ample for writing one and correcting it a few times, and a stop to a
 * script editing the same review in a loop.
 */
export const REVIEW_WRITE_RATE_LIMIT = { max: 10, windowMs: 60 * 60 * 1000 };

const SIGN_IN_TO_REVIEW = 'Please sign in to review a product.';
const GUEST_CANNOT_REVIEW =
  'A guest checkout has no account to keep and edit a review with: create one to write reviews.';

/** The product's id for an id or slug; 404 when there is none. */
async function productOf(db: Database, identifier: string) {
  const id = await findProductId(db, identifier);
  if (!id) throw notFound('not_found', 'Product not found');
  return id;
}

/** A product's reviews: read by anyone, written by an account that received the product. */
export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/products/:identifier/reviews',
    {
      config: { publicAnswer: true },
      schema: {
        tags,
        summary: "A page of a product's visible reviews, with their average and stars",
        params: ProductIdentifierParams,
        querystring: ReviewsQuery,
        response: { 200: ReviewsPageResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const productId = await productOf(db, request.params.identifier);
      const data = await listProductReviews(db, productId, request.query);
      return reply.header('cache-control', REVIEWS_CACHE).send({ success: true as const, data });
    },
  );
  await app.register(shopperRoutes);
}

/** A shopper's own review: whether they may write one, writing it and editing it. */
async function shopperRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, { signedOut: SIGN_IN_TO_REVIEW, guests: true });
  const { db } = app;

  /** The account writing a review (a guest checkout has none), counted against its write limit. */
  const writer = async (request: FastifyRequest) => {
    const user = request.shopper;
    if (user.guest) throw forbidden('guest_has_no_account', GUEST_CANNOT_REVIEW);
    await app.rateLimit.check(request, {
      name: 'review-write:account',
      key: user._id,
      ...REVIEW_WRITE_RATE_LIMIT,
    });
    return user;
  };

  app.post(
    '/products/:identifier/reviews',
    {
      schema: {
        tags,
        summary:
          'Review a product received in a delivered order (once per account; edit it with PATCH)',
        params: ProductIdentifierParams,
        body: ReviewBody,
        response: { 201: ReviewResponse },
      },
    },
    async (request, reply) => {
      const user = await writer(request);
      const productId = await productOf(db, request.params.identifier);
      const review = await createReview(db, user._id, productId, request.body);
      return reply.code(201).send({ success: true as const, data: review });
    },
  );

  app.get(
    '/products/:identifier/reviews/mine',
    {
      schema: {
        tags,
        summary:
          'Whether the signed-in shopper may review the product, and their own review of it (hidden or not)',
        params: ProductIdentifierParams,
        response: { 200: MyReviewResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      // Private, like every answer without `publicAnswer`: sent as no-store.
      const user = request.shopper;
      const productId = await productOf(db, request.params.identifier);
      // A guest checkout has no account to write (or keep) a review with.
      const data = user.guest
        ? { mayReview: false, review: null }
        : await myReviewStanding(db, user._id, productId);
      return { success: true as const, data };
    },
  );

  app.patch(
    '/products/:identifier/reviews/mine',
    {
      schema: {
        tags,
        summary: "Edit the signed-in account's review of the product",
        params: ProductIdentifierParams,
        body: ReviewEditBody,
        response: { 200: ReviewResponse },
      },
    },
    async (request) => {
      const user = await writer(request);
      const productId = await productOf(db, request.params.identifier);
      return {
        success: true as const,
        data: await editMyReview(db, user._id, productId, request.body),
      };
    },
  );
}

/**
 * The order desk's moderation. Registered inside the admin module's scope, whose guard has
 * already answered 401/403 to anyone but staff before these run.
 */
export async function adminReviewRoutes(fastify: FastifyInstance, opts: { path: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    `${opts.path}/reviews`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Every review, hidden ones included, newest first',
        querystring: AdminReviewsQuery,
        response: { 200: AdminReviewsPageResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listAllReviews(db, request.query.page, request.query.limit),
    }),
  );

  app.post(
    `${opts.path}/reviews/:id/hide`,
    {
      schema: {
        tags: ['admin'],
        summary: "Hide a review from the shop (it leaves the product's rating), saying why",
        params: AdminReviewParams,
        body: HideReviewBody,
        response: { 200: AdminReviewResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setReviewHidden(db, request.params.id, {
        reason: request.body.reason,
        staffId: request.shopper._id,
      }),
    }),
  );

  app.post(
    `${opts.path}/reviews/:id/unhide`,
    {
      schema: {
        tags: ['admin'],
        summary: 'Show a hidden review again',
        params: AdminReviewParams,
        response: { 200: AdminReviewResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await setReviewHidden(db, request.params.id, null),
    }),
  );
}
