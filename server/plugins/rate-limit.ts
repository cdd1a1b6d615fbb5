import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/errors.ts';

/**
 * Fixed-window request counters. Routes call `app.rateLimit.check(request, rule)` once per key
 * they limit on (the client address, the e-mail or the account), so one rule can never be dodged by
 * changing the other key.
 */

export interface RateLimitRule {
  /** Names the counter family, e.g. 'login:address' or 'login:email'. */
  name: string;
  /** What is counted; the client address when omitted. Hashed before it is stored. */
  key?: string;
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
  /** The 429 message; a default naming the wait is used otherwise. */
  message?: string;
}

export type RateLimitWindow = Pick<RateLimitRule, 'max' | 'windowMs'>;

/**
 * The limits of one guessable endpoint. The subject is what is being guessed at: an account's
 * e-mail, a signed-in account, a cart.
 */
export interface RateLimitSet {
  /** Per client address, whatever the subject: one client trying many subjects. */
  address?: RateLimitWindow;
  /**
   * Per subject and client address together: one client guessing at one subject. It stops that
   * client without stopping anyone else, so the subject's owner still gets in from elsewhere.
   */
  subjectAndAddress?: RateLimitWindow;
  /**
   * Per subject, whatever the address: guessing spread over many clients. Counted only for
   * requests the other two let through, so a client already stopped cannot use it up; keep it
   * several times `subjectAndAddress`, since reaching it stops the owner too.
   */
  subject?: RateLimitWindow;
}

export interface RateLimitHit {
  /** Hits in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  resetInMs: number;
}

export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  close(): Promise<void>;
}

export interface RateLimiter {
  /** Counts one hit; throws a 429 HttpError with Retry-After once the rule's max is passed. */
  check(request: FastifyRequest, rule: RateLimitRule): Promise<void>;
  /**
   * Checks a request against each limit of a set, in the order address, subject and address,
   * subject; the first one passed throws its 429 and the later ones are not counted.
   */
  checkSet(
    request: FastifyRequest,
    name: string,
    set: RateLimitSet,
    subject?: string,
  ): Promise<void>;
  /** Counts one hit and reports whether it is still allowed, without throwing. */
  hit(
    rule: Omit<RateLimitRule, 'key' | 'message'> & { key: string },
  ): Promise<RateLimitHit & { allowed: boolean }>;
  /** 'redis' when counters are shared through REDIS_URL, 'memory' otherwise. */
  readonly storeKind: 'memory' | 'redis';
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimit: RateLimiter;
  }
}

/** Counters in this process: right for one instance, and the fallback while Redis is away. */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  return {
    async hit(key, windowMs) {
      const at = now();
      if (at >= nextSweep) {
        // Dropping finished windows now and then keeps the map as small as the live traffic.
        for (const [k, w] of windows) if (w.resetAt <= at) windows.delete(k);
        nextSweep = at + 60_000;
      }
      let window = windows.get(key);
      if (!window || window.resetAt <= at) {
        window = { count: 0, resetAt: at + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - at };
    },
    async close() {
      windows.clear();
    },
  };
}

/** Counters shared by every API instance through Redis. */
export function createRedisStore(url: string, prefix = 'forge:rl:'): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while Redis is unreachable, so the limiter can fall back instead of stalling login.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  // ioredis reconnects by itself; without a listener an outage would crash the process.
  redis.on('error', () => {});
  const connecting = redis.connect().catch(() => {});
  return {
    async hit(key, windowMs) {
      await connecting;
      const redisKey = prefix + key;
      // SET NX starts the window with its expiry; INCR keeps that expiry, so the window is fixed.
      const results = await redis
        .multi()
        .set(redisKey, '0', 'PX', windowMs, 'NX')
        .incr(redisKey)
        .pttl(redisKey)
        .exec();
      if (!results) throw new Error('rate-limit transaction aborted');
      for (const [err] of results) if (err) throw err;
      const count = Number(results[1]?.[1]);
      const ttl = Number(results[2]?.[1]);
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async close() {
      await connecting;
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

export interface RateLimitOptions {
  redisUrl?: string | undefined;
  /** Prefix of Redis keys; tests pass a unique one. */
  prefix?: string;
  /** Replaces the store entirely (tests). */
  store?: RateLimitStore;
}

const digest = (value: string) =>
  createHash('sha256').update(value.toLowerCase()).digest('base64url').slice(0, 22);

export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: RateLimitOptions) {
    const redisStore =
      !opts.store && opts.redisUrl ? createRedisStore(opts.redisUrl, opts.prefix) : undefined;
    const primary = opts.store ?? redisStore ?? createMemoryStore();
    const fallback = createMemoryStore();
    let warned = false;

    const count = async (key: string, windowMs: number): Promise<RateLimitHit> => {
      try {
        const result = await primary.hit(key, windowMs);
        warned = false;
        return result;
      } catch (err) {
        // A Redis outage must not lock every shopper out; per-instance counters still hold.
        if (!warned) app.log.error({ err }, 'rate-limit store failed; counting in memory');
        warned = true;
        return fallback.hit(key, windowMs);
      }
    };

    const limiter: RateLimiter = {
      storeKind: redisStore ? 'redis' : 'memory',
      async hit(rule) {
        const result = await count(`${rule.name}:${digest(rule.key)}`, rule.windowMs);
        return { ...result, allowed: result.count <= rule.max };
      },
      async check(request, rule) {
        const key = rule.key ?? request.ip;
        const result = await limiter.hit({ ...rule, key });
        if (result.allowed) return;
        const seconds = Math.max(1, Math.ceil(result.resetInMs / 1000));
        throw new HttpError(
          429,
          'rate_limited',
          rule.message ?? `Too many attempts. Please wait ${waitText(seconds)} and try again.`,
          { retryAfter: seconds },
          { 'retry-after': String(seconds) },
        );
      },
      async checkSet(request, name, set, subject) {
        if (set.address) await limiter.check(request, { name: `${name}:address`, ...set.address });
        if (subject === undefined) return;
        if (set.subjectAndAddress) {
          await limiter.check(request, {
            name: `${name}:subject+address`,
            // A line break cannot occur in an address, so no two pairs share a key.
            key: `${subject}\n${request.ip}`,
            ...set.subjectAndAddress,
          });
        }
        if (set.subject) {
          await limiter.check(request, { name: `${name}:subject`, key: subject, ...set.subject });
        }
      },
    };

    app.decorate('rateLimit', limiter);
    app.addHook('onClose', async () => {
      await primary.close();
      await fallback.close();
    });
  },
  { name: 'rate-limit' },
);
