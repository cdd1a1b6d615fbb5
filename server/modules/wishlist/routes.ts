import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  WISHLIST_MAX,
  WishlistMergeBody,
  WishlistParams,
  WishlistResponse,
} from '../../../contract/wishlist.ts';
import { requestLocale } from '../../lib/locale.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { addToWishlist, listWishlist, mergeIntoWishlist, removeFromWishlist } from './service.ts';

const tags = ['wishlist'];

/**
 * The signed-in shopper's wishlist (an account's: a guest checkout keeps hearts on its device).
 * Every change answers the whole list as it now is, so a client shows what the server holds.
 */
export default async function wishlistRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app);
  const { db } = app;
  const answer = async (request: FastifyRequest) => ({
    success: true as const,
    data: {
      items: await listWishlist(db, request.shopper._id, requestLocale(request)),
      max: WISHLIST_MAX,
    },
  });

  app.get(
    '/user/wishlist',
    {
      schema: {
        tags,
        summary: 'The wishlist, newest first, each product with its price and stock now',
        response: { 200: WishlistResponse },
      },
    },
    async (request) => answer(request),
  );

  app.put(
    '/user/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Add a product (adding it again changes nothing)',
        description: `404 for a product not on sale; 409 once the list holds ${WISHLIST_MAX}.`,
        params: WishlistParams,
        response: { 200: WishlistResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      await addToWishlist(db, user._id, request.params.productId);
      return answer(request);
    },
  );

  app.delete(
    '/user/wishlist/:productId',
    {
      schema: {
        tags,
        summary: 'Remove a product (removing one not there changes nothing)',
        params: WishlistParams,
        response: { 200: WishlistResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      await removeFromWishlist(db, user._id, request.params.productId);
      return answer(request);
    },
  );

  app.post(
    '/user/wishlist/merge',
    {
      schema: {
        tags,
        summary: 'Add the hearts given on the device before signing in',
        description:
          'Products not on sale and those already listed are skipped; what would pass the cap ' +
          'is left out.',
        body: WishlistMergeBody,
        response: { 200: WishlistResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      await mergeIntoWishlist(db, user._id, request.body.productIds);
      return answer(request);
    },
  );
}
