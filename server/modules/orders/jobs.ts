import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireUnpaidOrders, settleOwedRefunds } from './lifecycle.ts';

export interface OrderJobs {
  /** Cancels the orders whose payment window has passed; answers how many. */
  expireUnpaid(now?: Date): Promise<number>;
  /** Refunds cancelled orders whose payment still holds money; answers how many. */
  settleRefunds(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    orderJobs: OrderJobs;
  }
}

/**
 * Runs the order jobs every ORDER_JOBS_INTERVAL_MS (never when 0: tests run them by hand). A pass
 * never overlaps the one before it, and the last one finishes before the database closes.
 */
export default fp(
  async function orderJobsPlugin(app: FastifyInstance) {
    const jobs: OrderJobs = {
      expireUnpaid: (now) => expireUnpaidOrders(app.db, app.payments, app.log, now),
      settleRefunds: () => settleOwedRefunds(app.db, app.payments, app.log),
    };
    app.decorate('orderJobs', jobs);
    const every = app.config.ORDER_JOBS_INTERVAL_MS;
    if (every === 0) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = jobs
        .expireUnpaid()
        .then(() => jobs.settleRefunds())
        .catch((err: unknown) => app.log.error({ err }, 'order jobs failed'))
        .finally(() => {
          timer = setTimeout(tick, every);
          timer.unref();
        });
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(tick, every);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearTimeout(timer);
      await running;
      clearTimeout(timer);
    });
  },
  { name: 'order-jobs', dependencies: ['payments'] },
);
