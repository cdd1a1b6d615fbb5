import type { FastifyServerOptions } from 'fastify';

/**
 * How long the server waits on a client. Without limits a client sending its headers or body a
 * byte at a time (slowloris) holds a connection, a socket and a parser for as long as it likes.
 */
export interface ServerTimeouts {
  /** The whole header block must have arrived by then (answered 408, connection closed). */
  headersMs: number;
  /** The whole request, headers and body, must have arrived by then (408, closed). */
  requestMs: number;
  /**
   * An idle connection between two requests is closed after this. Longer than the 60 s idle time
   * common load balancers use, so the balancer closes first and never reuses a closed socket.
   */
  keepAliveMs: number;
  /** A socket with no traffic at all in either direction is closed after this. */
  idleSocketMs: number;
  /** How often the header and request limits are checked: they are enforced to this precision. */
  checkIntervalMs: number;
}

export const SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 30_000,
  keepAliveMs: 65_000,
  idleSocketMs: 70_000,
  checkIntervalMs: 1_000,
};

/** The Fastify (and underlying Node HTTP server) options that enforce the timeouts. */
export function timeoutOptions(timeouts: ServerTimeouts) {
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleSocketMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
  } satisfies FastifyServerOptions & { http: object };
}
