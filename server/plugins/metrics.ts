import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { countStatements, type DatabaseHandle, type StatementCount } from '../db/client.ts';

/** Where a Prometheus server scrapes the shop. */
export const METRICS_PATH = '/metrics';

/**
 * Request latency buckets, in seconds: from a kept page or a cached catalog answer (a few
 * milliseconds) to a placement that waits on the payment provider (seconds).
 */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: one series, whatever the address. */
const UNMATCHED = '(unmatched)';

export interface ShopMetrics {
  registry: Registry;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's metrics, when METRICS_TOKEN is set; modules add their own series to it. */
    metrics: ShopMetrics | null;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the request carries `Authorization: Bearer <token>`, compared in constant time. */
function hasToken(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
  return given !== null && timingSafeEqual(digest(given), expected);
}

/**
 * Prometheus metrics at GET /metrics (text format), for the operator's dashboards
 * (docs/operations.md): requests and their latency per route, the database pool, and what other
 * modules add (the mail outbox, the background jobs), with Node's own process metrics.
 *
 * Only with METRICS_TOKEN set, and only to a scraper sending it as a bearer token; to anyone else
 * the address answers 404 like any unknown one, so it does not say that it exists. Without the
 * token nothing is measured at all.
 */
export default fp(
  async function metricsPlugin(
    app: FastifyInstance,
    opts: { database: DatabaseHandle; token: string | undefined; countStatements?: boolean },
  ) {
    if (!opts.token) {
      app.decorate('metrics', null);
      return;
    }
    const expected = digest(opts.token);
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });

    const requests = new Counter({
      name: 'forge_http_requests_total',
      help: 'Requests answered, by method, route and status code',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'forge_http_request_duration_seconds',
      help: 'Time from the request to its answer, by method and route',
      labelNames: ['method', 'route'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const pool = opts.database.pool;
    if (pool) {
      new Gauge({
        name: 'forge_db_pool_connections',
        help: 'PostgreSQL pool connections: open, idle, and requests waiting for one',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'open' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }

    const statements = opts.countStatements
      ? new Counter({
          name: 'forge_db_statements_total',
          help: 'SQL statements requests sent up to their answer (BEGIN and COMMIT included), by method and route',
          labelNames: ['method', 'route'] as const,
          registers: [registry],
        })
      : null;
    const counts = new WeakMap<FastifyRequest, StatementCount>();
    if (statements) {
      // Registered before the other plugins, so the session's look-up is counted too.
      app.addHook('onRequest', (request, reply, done) => {
        const count = { statements: 0 };
        counts.set(request, count);
        countStatements(count, done);
      });
      // The body is read outside the request's asynchronous context: enter it again after.
      app.addHook('preValidation', (request, reply, done) => {
        const count = counts.get(request);
        if (count) countStatements(count, done);
        else done();
      });
    }

    app.decorate('metrics', { registry });
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED;
      const { method } = request;
      requests.inc({ method, route, status: reply.statusCode });
      latency.observe({ method, route }, reply.elapsedTime / 1000);
      const count = counts.get(request);
      if (statements && count) statements.inc({ method, route }, count.statements);
      done();
    });
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!hasToken(request, expected)) return reply.callNotFound();
      const text = await registry.metrics();
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics' },
);
