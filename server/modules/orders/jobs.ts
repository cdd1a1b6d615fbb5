import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { settleRefundHolds } from './refunds.ts';
import { expireUnpaidOrders, settleOwedRefunds } from './lifecycle.ts';
import { countSales } from './sales.ts';

/**
 * Adds the orders' own tasks to the order jobs: cancelling orders whose payment window has passed
 * (their stock and codes go back), refunding cancelled orders that still hold money, settling
 * staff refunds whose outcome was left unknown, and counting the units of orders paid (or taken
 * back) since the last run into their products' sales.
 */
export default fp(
  async function orderLifecycleJobs(app: FastifyInstance) {
    app.orderJobs.add('expire-unpaid', () => expireUnpaidOrders(app.db, app.payments, app.log));
    app.orderJobs.add('settle-refunds', () => settleOwedRefunds(app.db, app.payments, app.log));
    app.orderJobs.add('settle-refund-holds', () =>
      settleRefundHolds(app.db, app.payments, app.log),
    );
    app.orderJobs.add('count-sales', () => countSales(app.db));
  },
  { name: 'order-lifecycle-jobs', dependencies: ['order-jobs'] },
);
