import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';

/** Liveness says the process answers; readiness says it can reach its database. */
export default async function health(app: FastifyInstance, opts: { database: DatabaseHandle }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ready', database: opts.database.driver };
    } catch (err) {
      request.log.error({ err }, 'database unreachable');
      return reply.code(503).send({ status: 'unavailable', database: opts.database.driver });
    }
  });
}
