import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddCartItemBody,
  ApplyDiscountBody,
  CartHeaders,
  CartItemParams,
  CartQuery,
  CartResponse,
  MergeCartBody,
  MergeCartResponse,
  UpdateCartItemBody,
  type Cart,
} from '../../../contract/cart.ts';
import { requestLocale } from '../../lib/locale.ts';
import idempotency from '../../plugins/idempotency.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import type { RateLimitSet } from '../../plugins/rate-limit.ts';
import { cartIdempotencyScope, cartOwner } from './owner.ts';
import {
  addItem,
  applyDiscount,
  getCart,
  loadCart,
  mergeGuestCart,
  removeDiscount,
  removeItem,
  updateItem,
} from './service.ts';

const HOUR = 60 * 60_000;

/**
 * Discount codes are guessable, and the answer tells unknown, used and expired codes apart, so
 * attempts are limited like sign-in: per client address (a guest can start new carts at will)
 * and per cart owner (one account tried from many addresses). A shopper with a code or two from
 * e-mail never comes near either; a guesser gets DISCOUNT_TRIES_PER_CLIENT tries an hour at a
 * code space of about 8.5 × 10¹¹.
 */
const DISCOUNT_TRIES_PER_CLIENT = 20;
const DISCOUNT_TRIES_PER_CART = 10;
export const DISCOUNT_RATE_LIMITS = {
  address: { max: DISCOUNT_TRIES_PER_CLIENT, windowMs: HOUR },
  subject: { max: DISCOUNT_TRIES_PER_CART, windowMs: HOUR },
} satisfies RateLimitSet;

const tags = ['cart'];
const idempotent = { idempotent: { scope: cartIdempotencyScope } };
const answer = (data: Cart) => ({ success: true as const, data });

/** The cart calls. Every mutation answers with the whole cart, so the client can refetch-free. */
export default async function cartRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(idempotency, { db: app.db });
  const common = { tags, querystring: CartQuery, headers: CartHeaders };
  const response = { 200: CartResponse };

  app.get(
    '/cart',
    { schema: { ...common, summary: 'The current cart (empty when there is none)', response } },
    async (request) => answer(await getCart(app.db, cartOwner(request), requestLocale(request))),
  );

  app.post(
    '/cart/items',
    {
      config: idempotent,
      schema: {
        ...common,
        summary: 'Add a variant; a guest without a cart gets one (data.guestCartId)',
        body: AddCartItemBody,
        response,
      },
    },
    async (request) => {
      const cart = await addItem(app.db, cartOwner(request), request.body);
      return answer(await loadCart(app.db, cart, requestLocale(request)));
    },
  );

  app.patch(
    '/cart/items/:itemId',
    {
      config: idempotent,
      schema: {
        ...common,
        summary: 'Set the quantity of a cart line',
        params: CartItemParams,
        body: UpdateCartItemBody,
        response,
      },
    },
    async (request) => {
      const owner = cartOwner(request);
      const cart = await updateItem(app.db, owner, request.params.itemId, request.body.quantity);
      return answer(await loadCart(app.db, cart, requestLocale(request)));
    },
  );

  app.delete(
    '/cart/items/:itemId',
    {
      config: idempotent,
      schema: { ...common, summary: 'Remove a cart line', params: CartItemParams, response },
    },
    async (request) => {
      const cart = await removeItem(app.db, cartOwner(request), request.params.itemId);
      return answer(await loadCart(app.db, cart, requestLocale(request)));
    },
  );

  app.post(
    '/cart/discount',
    {
      config: idempotent,
      schema: {
        ...common,
        summary:
          'Apply a discount code (unknown 404, expired 410, already used 409; rate-limited 429)',
        body: ApplyDiscountBody,
        response,
      },
    },
    async (request) => {
      await app.rateLimit.checkSet(
        request,
        'discount',
        DISCOUNT_RATE_LIMITS,
        cartIdempotencyScope(request),
      );
      const cart = await applyDiscount(app.db, cartOwner(request), request.body.code);
      return answer(await loadCart(app.db, cart, requestLocale(request)));
    },
  );

  app.delete(
    '/cart/discount',
    { config: idempotent, schema: { ...common, summary: 'Remove the discount code', response } },
    async (request) => {
      const cart = await removeDiscount(app.db, cartOwner(request));
      return answer(await loadCart(app.db, cart, requestLocale(request)));
    },
  );

  await app.register(mergeRoutes);
}

/** Moving a guest cart into the signed-in shopper's (an account's or a guest checkout's). */
async function mergeRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, {
    signedOut: 'Sign in to merge your guest cart into your account.',
    guests: true,
  });

  app.post(
    '/cart/merge',
    {
      config: idempotent,
      schema: {
        tags,
        querystring: CartQuery,
        headers: CartHeaders,
        summary:
          "Move a guest cart into the signed-in shopper's cart (once); `capped` lists the lines cut to the per-line or stock limit",
        body: MergeCartBody,
        response: { 200: MergeCartResponse },
      },
    },
    async (request) => {
      const { cart, capped } = await mergeGuestCart(
        app.db,
        request.shopper._id,
        request.body.guestCartId,
      );
      return { ...answer(await loadCart(app.db, cart, requestLocale(request))), capped };
    },
  );
}
