import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminOrderResponse,
  AdminOrdersFilter,
  AdminOrdersPageResponse,
  AdminOrdersQuery,
  AdminRefundBody,
  AdminRefundHeaders,
  AdminStatusBody,
  StockAdjustBody,
  StockAdjustHeaders,
  VariantParams,
  VariantStockResponse,
} from '../../../contract/admin.ts';
import { IDEMPOTENCY_HEADER } from '../../../contract/http.ts';
import { OrderParams } from '../../../contract/orders.ts';
import { requireSignIn } from '../../plugins/sessions.ts';
import idempotency from '../../plugins/idempotency.ts';
import { ordersCsv } from '../orders/desk-csv.ts';
import { adminOrder, listOrders } from '../orders/desk.ts';
import { changeOrderStatus } from '../orders/lifecycle.ts';
import { adjustStock, variantStock } from '../catalog/stock-adjustments.ts';
import { refundOrder } from '../orders/refunds.ts';
import { adminReviewRoutes } from '../reviews/routes.ts';

const tags = ['admin'];

/** Every route of this module lives under this path (below /api/v1). */
export const ADMIN_PATH = '/admin';

/**
 * The order desk's API (staff only). One guard for the whole module: an onRequest hook on this
 * plugin's scope answers 401 to a guest and 403 to a shopper before any route's validation or
 * handler runs, so no route added here can forget it.
 */
export default async function adminRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  requireSignIn(app, {
    signedOut: 'Please sign in with a staff account.',
    staffOnly: 'This is for the shop staff only.',
  });
  await app.register(idempotency, { db: app.db });
  await app.register(adminReviewRoutes, { path: ADMIN_PATH });
  const { db } = app;

  app.get(
    `${ADMIN_PATH}/orders`,
    {
      schema: {
        tags,
        summary:
          'Orders filtered by status and dates, searched by number, e-mail or name, sorted and paged, with counts per status',
        querystring: AdminOrdersQuery,
        response: { 200: AdminOrdersPageResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listOrders(db, request.query) }),
  );

  app.get(
    `${ADMIN_PATH}/orders.csv`,
    {
      schema: {
        tags,
        summary: 'The same filtered orders as a CSV file (money in dollars, CAD)',
        querystring: AdminOrdersFilter,
      },
    },
    async (request, reply) => {
      const csv = await ordersCsv(db, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    `${ADMIN_PATH}/orders/:orderId`,
    {
      schema: {
        tags,
        summary: 'One order with its customer, refunds and timeline (with who did what)',
        params: OrderParams,
        response: { 200: AdminOrderResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await adminOrder(db, request.params.orderId),
    }),
  );

  app.post(
    `${ADMIN_PATH}/orders/:orderId/status`,
    {
      schema: {
        tags,
        summary:
          'Move an order to processing, shipped (carrier and trackingNumber required), delivered or cancelled (refunded in full when paid); 409 when not allowed or already so',
        params: OrderParams,
        body: AdminStatusBody,
        response: { 200: AdminOrderResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const { orderId } = request.params;
      await changeOrderStatus(db, app.payments, { orderId, staffId: user._id, body: request.body });
      return { success: true as const, data: await adminOrder(db, orderId) };
    },
  );

  app.post(
    `${ADMIN_PATH}/orders/:orderId/refunds`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          'Refund part or all of the payment (Idempotency-Key required; a retry refunds once); 409 names the amount left',
        params: OrderParams,
        headers: AdminRefundHeaders,
        body: AdminRefundBody,
        response: { 200: AdminOrderResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const { orderId } = request.params;
      await refundOrder(db, app.payments, {
        orderId,
        staffId: user._id,
        amount: request.body.amount,
        reason: request.body.reason,
        key: request.headers[IDEMPOTENCY_HEADER],
      });
      return { success: true as const, data: await adminOrder(db, orderId) };
    },
  );

  app.get(
    `${ADMIN_PATH}/variants/:variantId/stock`,
    {
      schema: {
        tags,
        summary: "A variant's stock and its latest adjustments",
        params: VariantParams,
        response: { 200: VariantStockResponse },
      },
    },
    async (request) => ({
      success: true as const,
      data: await variantStock(db, request.params.variantId),
    }),
  );

  app.post(
    `${ADMIN_PATH}/variants/:variantId/stock`,
    {
      config: { idempotent: true },
      schema: {
        tags,
        summary:
          "Add to, take from (delta) or set a variant's stock, with a reason; never below 0 (Idempotency-Key required; a retry applies once)",
        params: VariantParams,
        headers: StockAdjustHeaders,
        body: StockAdjustBody,
        response: { 200: VariantStockResponse },
      },
    },
    async (request) => {
      const user = request.shopper;
      const data = await adjustStock(db, {
        variantId: request.params.variantId,
        staffId: user._id,
        key: request.headers[IDEMPOTENCY_HEADER],
        ...request.body,
      });
      return { success: true as const, data };
    },
  );
}
