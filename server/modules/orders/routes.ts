import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderLinkResponse,
  OrderParams,
  OrderResponse,
  OrdersPageResponse,
  OrdersQuery,
  PaymentResponse,
  PlaceOrderBody,
  PlaceOrderHeaders,
  PlaceOrderResponse,
  QuoteBody,
  QuoteResponse,
  ReorderResponse,
} from '../../../contract/orders.ts';
import { IDEMPOTENCY_HEADER } from '../../../contract/http.ts';
import { messageResponse } from '../../../contract/auth.ts';
import type { Database } from '../../db/client.ts';
import { conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { requestLocale, saidTo } from '../../lib/locale.ts';
import type { RateLimitSet } from '../../plugins/rate-limit.ts';
import idempotency from '../../plugins/idempotency.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import { isGuestUser } from '../auth/guest-accounts.ts';
import { paymentDto } from '../payments/completion.ts';
import { ensureProviderPayment, refreshPayment } from '../payments/service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice.ts';
import { cancelOrderAsShopper } from './lifecycle.ts';
import { orderByLink, revokeOrderLinks } from './links.ts';
import type { orders } from './tables.ts';
import { findVisibleOrder, listMyOrders, orderDto, orderDtoOf, orderLinkDto } from './answers.ts';
import { placeOrder } from './placement.ts';
import { quoteCheckout } from './pricing.ts';
import { reorder } from './reorder.ts';
import { actorOf } from './transitions.ts';
import { readGuestCartId } from '../cart/owner.ts';

const tags = ['orders'];

/** Order-link reads per client address: plenty for a shopper, too few to scan. */
export const ORDER_LINK_RATE_LIMIT = {
  address: { max: 60, windowMs: 15 * 60_000 },
} satisfies RateLimitSet;

export const ORDER_LINK_INVALID = 'This order link is invalid or has been revoked.';

const OrderLinkParams = z.object({ token: z.string().max(200) });

type OrderRow = typeof orders.$inferSelect;

/** A paid order's invoice as a PDF download; 409 before it is paid. */
async function sendInvoice(db: Database, reply: FastifyReply, row: OrderRow) {
  if (!row.paidAt)
    throw conflict('invoice_not_ready', 'An invoice is issued once the order is paid.');
  const order = await orderDto(db, row);
  const pdf = await renderInvoicePdf(order, row.locale);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${invoiceFileName(order.number)}"`)
    .send(Buffer.from(pdf));
}

/**
 * Checkout's quote and the e-mailed order links (no session needed), and the shopper's own orders
 * (signed in; a guest checkout's session reaches its own).
 */
export default async function orderRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(idempotency, { db: app.db });
  const { db } = app;

  app.post(
    '/checkout/quote',
    {
      schema: {
        tags,
        summary: 'The cart, or one buy-now line, priced for an address and shipping method',
        description:
          'Prices the signed-in shopper’s cart, else the guest cart the request names ' +
          '(X-Guest-Cart-Id), or with body.buyNow one product line on its own, which needs no ' +
          'session. body.shippingProvince prices for a province alone, as a wallet shares it ' +
          'before the full address. A saved address (addressId) needs a session.',
        body: QuoteBody,
        response: { 200: QuoteResponse },
      },
    },
    async (request) => {
      const { user } = request;
      const guestCartId = readGuestCartId(request);
      if (!user && !guestCartId && !request.body.buyNow) throw unauthorized('sign_in_required');
      const shopper = user
        ? { userId: user._id }
        : { userId: null, owner: { kind: 'guest' as const, guestCartId } };
      return {
        success: true as const,
        data: await quoteCheckout(db, shopper, request.body, requestLocale(request)),
      };
    },
  );

  // Order links (links.ts): read-only, without a session. Tokens are 256 random bits, so the limit
  // is not what stops guessing; it keeps one address from scanning the table.
  const linkLimit = (request: FastifyRequest) =>
    app.rateLimit.checkSet(request, 'orderLink', ORDER_LINK_RATE_LIMIT);
  const linkedOrder = async (request: FastifyRequest, token: string) => {
    await linkLimit(request);
    const row = await orderByLink(db, token);
    if (!row) throw notFound('token_invalid', ORDER_LINK_INVALID);
    return row;
  };

  app.get(
    '/order-links/:token',
    {
      schema: {
        tags,
        summary: 'The order an e-mailed link opens, read-only and without signing in',
        description:
          'Status, lines, totals, tracking and history; nothing that acts on the order. An ' +
          'unknown, revoked or expired link answers 404.',
        params: OrderLinkParams,
        response: { 200: OrderLinkResponse },
      },
    },
    async (request) => {
      const row = await linkedOrder(request, request.params.token);
      // While the order's owner is a guest, the page offers to make it an account.
      const accountOffer = await isGuestUser(db, row.userId);
      return { success: true as const, data: orderLinkDto(await orderDto(db, row), accountOffer) };
    },
  );
  app.get(
    '/order-links/:token/invoice',
    {
      schema: { tags, summary: "The linked order's invoice as a PDF", params: OrderLinkParams },
    },
    async (request, reply) =>
      sendInvoice(db, reply, await linkedOrder(request, request.params.token)),
  );

  await app.register(ownOrderRoutes);
}

/** Placing orders and the shopper's own orders: each order its owner's alone (staff aside). */
async function ownOrderRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, { signedOut: 'Please sign in to see and place orders.', guests: true });
  const { db } = app;

  app.post(
    '/orders',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Place the cart, or with body.buyNow one product line on its own (the cart stays), as an order (Idempotency-Key required: the same key finds the same order); 409 names lines short of stock, or too many orders awaiting payment',
        headers: PlaceOrderHeaders,
        body: PlaceOrderBody,
        response: { 201: PlaceOrderResponse },
      },
    },
    async (request, reply) => {
      const user = request.shopper;
      const { orderId, placed } = await placeOrder(db, {
        user,
        checkoutKey: request.headers[IDEMPOTENCY_HEADER] as string,
        body: request.body,
        paymentWindowMs: app.config.ORDER_PAYMENT_WINDOW_MS,
        provider: app.payments.name,
        clientAddress: request.ip,
        locale: requestLocale(request),
        unpaidBound: {
          account: app.config.UNPAID_ORDERS_PER_ACCOUNT,
          address: app.config.UNPAID_ORDERS_PER_ADDRESS,
        },
      });
      let payment = placed?.payment;
      try {
        payment = await ensureProviderPayment(db, app.payments, orderId, placed);
      } catch (err) {
        // The order stands; its payment is opened when the shopper next asks for it.
        request.log.warn({ err, orderId }, 'could not open the payment at its provider');
      }
      // A new order is answered from what its placement wrote; one found by its key is read.
      const order = placed
        ? orderDtoOf(placed.order, placed.items, payment ?? null, placed.events)
        : await orderDto(db, await findVisibleOrder(db, user, orderId));
      reply.code(201);
      return { success: true as const, data: { order, payment: order.payment! } };
    },
  );
  app.get(
    '/orders/my',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's orders, newest first",
        querystring: OrdersQuery,
        response: { 200: OrdersPageResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const { page, limit } = request.query;
      return { success: true as const, data: await listMyOrders(db, user._id, page, limit) };
    },
  );
  app.get(
    '/orders/:orderId',
    {
      schema: {
        tags,
        summary: 'One order of the signed-in shopper (404 for anyone else)',
        params: OrderParams,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const order = await findVisibleOrder(db, user, request.params.orderId);
      return { success: true as const, data: await orderDto(db, order) };
    },
  );
  app.get(
    '/orders/:orderId/payment',
    {
      schema: {
        tags,
        summary: "The order's payment, read again from its provider (resumes a checkout)",
        params: OrderParams,
        response: { 200: PaymentResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const order = await findVisibleOrder(db, user, request.params.orderId);
      const payment = await refreshPayment(db, app.payments, order.id);
      return { success: true as const, data: paymentDto(payment) };
    },
  );
  app.get(
    '/orders/:orderId/invoice',
    {
      schema: {
        tags,
        summary: "The paid order's invoice as a PDF",
        params: OrderParams,
      },
    },
    async (request, reply) =>
      sendInvoice(db, reply, await findVisibleOrder(db, request.shopper, request.params.orderId)),
  );
  app.post(
    '/orders/:orderId/cancel',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Cancel an order awaiting payment, or paid and not yet processing (refunded in full)',
        params: OrderParams,
        response: { 200: OrderResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const row = await findVisibleOrder(db, user, request.params.orderId);
      await cancelOrderAsShopper(db, app.payments, {
        orderId: row.id,
        userId: user._id,
        actor: actorOf(user, row),
      });
      return {
        success: true as const,
        data: await orderDto(db, await findVisibleOrder(db, user, row.id)),
      };
    },
  );
  app.post(
    '/orders/:orderId/reorder',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary: "Put the order's still-available lines back in the cart; says which could not be",
        params: OrderParams,
        response: { 200: ReorderResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const order = await orderDto(db, await findVisibleOrder(db, user, request.params.orderId));
      return { success: true as const, data: await reorder(db, user, order) };
    },
  );
  app.delete(
    '/orders/:orderId/links',
    {
      schema: {
        tags,
        summary: "End every e-mailed link to the shopper's own order",
        params: OrderParams,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const row = await findVisibleOrder(db, user, request.params.orderId);
      const revoked = await revokeOrderLinks(db, row.id);
      const l = saidTo(request);
      return {
        success: true as const,
        message:
          revoked === 0
            ? l(
                'This order had no links to end.',
                'Cette commande n’avait aucun lien à désactiver.',
              )
            : l(
                'The links to this order in your e-mails no longer open it.',
                'Les liens vers cette commande dans vos courriels ne l’ouvrent plus.',
              ),
      };
    },
  );
}
