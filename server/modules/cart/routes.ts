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
import { unauthorized } from '../../lib/errors.ts';
import idempotency from '../../plugins/idempotency.ts';
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

const tags = ['cart'];
const idempotent = { idempotent: { scope: cartIdempotencyScope } };
const answer = (data: Cart) => ({ success: true as const, data });

/** Spec §7 cart calls. Every mutation answers with the whole cart, so the client can refetch-free. */
export default async function cartRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(idempotency, { db: app.db });
  const common = { tags, querystring: CartQuery, headers: CartHeaders };
  const response = { 200: CartResponse };

  app.get(
    '/cart',
    { schema: { ...common, summary: 'The current cart (empty when there is none)', response } },
    async (request) => answer(await getCart(app.db, cartOwner(request))),
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
      return answer(await loadCart(app.db, cart));
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
      return answer(await loadCart(app.db, cart));
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
      return answer(await loadCart(app.db, cart));
    },
  );

  app.post(
    '/cart/merge',
    {
      config: idempotent,
      schema: {
        ...common,
        summary:
          "Move a guest cart into the signed-in shopper's cart (once); `capped` lists the lines cut to the per-line or stock limit",
        body: MergeCartBody,
        response: { 200: MergeCartResponse },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized('Sign in to merge your guest cart into your account.');
      const { cart, capped } = await mergeGuestCart(
        app.db,
        request.user._id,
        request.body.guestCartId,
      );
      return { ...answer(await loadCart(app.db, cart)), capped };
    },
  );

  app.post(
    '/cart/discount',
    {
      config: idempotent,
      schema: {
        ...common,
        summary: 'Apply a discount code (unknown 404, expired 410, already used 409)',
        body: ApplyDiscountBody,
        response,
      },
    },
    async (request) => {
      const cart = await applyDiscount(app.db, cartOwner(request), request.body.code);
      return answer(await loadCart(app.db, cart));
    },
  );

  app.delete(
    '/cart/discount',
    { config: idempotent, schema: { ...common, summary: 'Remove the discount code', response } },
    async (request) => {
      const cart = await removeDiscount(app.db, cartOwner(request));
      return answer(await loadCart(app.db, cart));
    },
  );
}
