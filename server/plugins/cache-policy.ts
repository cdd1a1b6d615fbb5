import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const NO_STORE = 'no-store';
/** Kept, but asked about again on every use. */
export const NO_CACHE = 'no-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The answer is the same for every visitor (the catalog, search), so it may be cached; the
     * route sets its own Cache-Control if it wants one. Every other API answer is `no-store`.
     */
    publicAnswer?: boolean;
  }
}

export interface CachePolicyOptions {
  /** Answers under this path prefix are private unless their route says otherwise. */
  prefix: string;
}

/**
 * Private by default: an API answer may depend on the session cookie or the guest cart id, and a
 * shared or browser cache must never hand it to the next person on the machine or behind the same
 * proxy. So every answer under the prefix is `no-store` — routes added later included, without
 * anyone remembering to — unless its route declares `publicAnswer`. Errors are never cached, not
 * even a public route's.
 */
export default fp(
  async function cachePolicy(app: FastifyInstance, opts: CachePolicyOptions) {
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.url.startsWith(opts.prefix) &&
        (reply.statusCode >= 400 || !request.routeOptions.config.publicAnswer)
      ) {
        reply.header('cache-control', NO_STORE);
      }
      done(null, payload);
    });
  },
  { name: 'cache-policy' },
);
