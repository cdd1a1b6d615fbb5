import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
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
import { conflict, unauthorized } from '../../lib/errors.ts';
import idempotency from '../../plugins/idempotency.ts';
import { paymentDto } from '../payments/completion.ts';
import { ensureProviderPayment, refreshPayment } from '../payments/service.ts';
import { invoiceFileName, renderInvoicePdf } from './invoice.ts';
import { cancelOrderAsShopper } from './lifecycle.ts';
import {
  findVisibleOrder,
  listMyOrders,
  orderDto,
  placeOrder,
  quoteCheckout,
  reorder,
} from './service.ts';
import { actorOf } from './transitions.ts';

const tags = ['orders'];

function signedIn(request: FastifyRequest) {
  if (!request.user) throw unauthorized('Please sign in to see and place orders.');
  return request.user;
}

/** Checkout and the shopper's orders. Every order route is the owner's alone (staff aside). */
export default async function orderRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(idempotency, { db: app.db });
  const { db } = app;

  app.post(
    '/checkout/quote',
    {
      schema: {
        tags,
        summary: "The signed-in shopper's cart priced for an address and shipping method",
        body: QuoteBody,
        response: { 200: QuoteResponse },
      },
    },
    async (request) => {
      const user = signedIn(request);
      return { success: true as const, data: await quoteCheckout(db, user._id, request.body) };
    },
  );

  app.post(
    '/orders',
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Place the cart as an order (Idempotency-Key required: the same key finds the same order); 409 names lines short of stock, or too many orders awaiting payment',
        headers: PlaceOrderHeaders,
        body: PlaceOrderBody,
        response: { 201: PlaceOrderResponse },
      },
    },
    async (request, reply) => {
      const user = signedIn(request);
      const { orderId } = await placeOrder(db, {
        user,
        checkoutKey: request.headers[IDEMPOTENCY_HEADER] as string,
        body: request.body,
        paymentWindowMs: app.config.ORDER_PAYMENT_WINDOW_MS,
        provider: app.payments.name,
        clientAddress: request.ip,
        unpaidBound: {
          account: app.config.UNPAID_ORDERS_PER_ACCOUNT,
          address: app.config.UNPAID_ORDERS_PER_ADDRESS,
        },
      });
      try {
        await ensureProviderPayment(db, app.payments, orderId);
      } catch (err) {
        // The order stands; its payment is opened when the shopper next asks for it.
        request.log.warn({ err, orderId }, 'could not open the payment at its provider');
      }
      const order = await orderDto(db, await findVisibleOrder(db, user, orderId));
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
      const user = signedIn(request);
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
      const user = signedIn(request);
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
      const user = signedIn(request);
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
    async (request, reply) => {
      const user = signedIn(request);
      const row = await findVisibleOrder(db, user, request.params.orderId);
      if (!row.paidAt) throw conflict('An invoice is issued once the order is paid.');
      const order = await orderDto(db, row);
      const pdf = await renderInvoicePdf(order);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${invoiceFileName(order.number)}"`)
        .send(Buffer.from(pdf));
    },
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
      const user = signedIn(request);
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
      const user = signedIn(request);
      const order = await orderDto(db, await findVisibleOrder(db, user, request.params.orderId));
      return { success: true as const, data: await reorder(db, user, order) };
    },
  );
}
