import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { createMailSender } from './sender.ts';
import { MailWorker, undeliveredCounts, UNDELIVERED, type MailFlushResult } from './worker.ts';

export interface MailService {
  /** Sends every due message now (tests, and a graceful shutdown). */
  flush(): Promise<MailFlushResult>;
  readonly transport: 'smtp' | 'file';
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/** Runs the outbox worker for as long as the app runs. */
export default fp(
  async function mailPlugin(app: FastifyInstance) {
    const { config } = app;
    const sender = createMailSender({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      mailDir: path.join(config.dataDir, 'mail'),
      log: app.log,
    });
    const worker = new MailWorker({
      db: app.db,
      sender,
      log: app.log,
      pollIntervalMs: config.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: config.MAIL_RETRY_BASE_MS,
      maxAttempts: config.MAIL_MAX_ATTEMPTS,
    });
    app.decorate('mail', { flush: () => worker.flush(), transport: sender.kind });
    if (app.metrics) {
      const { db } = app;
      new Gauge({
        name: 'forge_mail_outbox_messages',
        help: 'E-mails not yet delivered: waiting (pending), being sent, or given up on (failed)',
        labelNames: ['status'] as const,
        registers: [app.metrics.registry],
        async collect() {
          try {
            const counts = await undeliveredCounts(db);
            for (const status of UNDELIVERED) this.set({ status }, counts[status] ?? 0);
          } catch (err) {
            // The database is out of reach: the series goes missing (an alert can say so) and
            // the other metrics are still answered.
            this.reset();
            app.log.warn({ err }, 'mail outbox depth unavailable for the metrics');
          }
        },
      });
    }
    app.addHook('onReady', async () => worker.start());
    // preClose runs before every onClose hook, so a pass in progress finishes while the
    // database (closed in an onClose hook) is still open.
    app.addHook('preClose', async () => worker.stop());
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'mail' },
);
