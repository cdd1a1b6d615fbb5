import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { newToken } from '../../server/lib/tokens.ts';
import errors from '../../server/plugins/errors.ts';
import rateLimit, {
  createMemoryStore,
  createRedisStore,
  type RateLimitOptions,
} from '../../server/plugins/rate-limit.ts';

const redisUrl = process.env.TEST_REDIS_URL;

/** A bare app with one limited route: 3 per minute per address, 2 per minute per e-mail. */
async function limitedApp(options: RateLimitOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, trustProxy: true });
  await app.register(errors);
  await app.register(rateLimit, options);
  app.post<{ Body: { email: string } }>('/limited', async (request) => {
    await app.rateLimit.check(request, { name: 'demo:address', max: 3, windowMs: 60_000 });
    await app.rateLimit.check(request, {
      name: 'demo:email',
      key: request.body.email,
      max: 2,
      windowMs: 60_000,
      message: 'Too many requests for this e-mail.',
    });
    return { success: true };
  });
  await app.ready();
  return app;
}

const post = (app: FastifyInstance, email: string, address = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/limited', payload: { email }, remoteAddress: address });

function limitBehaviour(name: string, options: () => RateLimitOptions) {
  describe(name, () => {
    let app: FastifyInstance;
    afterAll(() => app?.close());

    test('the per-key limit answers 429 with Retry-After and the rule message', async () => {
      app = await limitedApp(options());
      expect((await post(app, 'a@example.com', '10.0.0.1')).statusCode).toBe(200);
      expect((await post(app, 'A@example.com', '10.0.0.2')).statusCode).toBe(200);
      const third = await post(app, 'a@example.com', '10.0.0.3');
      expect(third.statusCode).toBe(429);
      const retryAfter = Number(third.headers['retry-after']);
      expect(third.json()).toEqual({
        success: false,
        code: 'rate_limited',
        message: 'Too many requests for this e-mail.',
        retryAfter,
      });
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    test('the per-address limit holds whatever e-mail is sent', async () => {
      const address = '10.0.1.9';
      for (const i of [1, 2, 3]) {
        expect((await post(app, `u${i}@example.com`, address)).statusCode).toBe(200);
      }
      const fourth = await post(app, 'u4@example.com', address);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().message).toMatch(
        /^Too many attempts\. Please wait \d+ (seconds?|minutes?) and try again\.$/,
      );
      expect(fourth.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await post(app, 'u5@example.com', '10.0.1.10')).statusCode).toBe(200);
    });
  });
}

limitBehaviour('memory store', () => ({}));

describe.runIf(redisUrl)('redis store', () => {
  const prefix = `forge-test:${newToken(8)}:`;
  limitBehaviour('through the plugin', () => ({ redisUrl, prefix }));

  test('two instances share one counter', async () => {
    const sharedPrefix = `forge-test:${newToken(8)}:`;
    const one = createRedisStore(redisUrl!, sharedPrefix);
    const two = createRedisStore(redisUrl!, sharedPrefix);
    try {
      expect((await one.hit('k', 5000)).count).toBe(1);
      expect((await two.hit('k', 5000)).count).toBe(2);
      const third = await one.hit('k', 5000);
      expect(third.count).toBe(3);
      expect(third.resetInMs).toBeGreaterThan(0);
      expect(third.resetInMs).toBeLessThanOrEqual(5000);
    } finally {
      await one.close();
      await two.close();
    }
  });

  test('the window ends by itself', async () => {
    const store = createRedisStore(redisUrl!, `forge-test:${newToken(8)}:`);
    try {
      expect((await store.hit('short', 50)).count).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect((await store.hit('short', 50)).count).toBe(1);
    } finally {
      await store.close();
    }
  });
});

describe('fallback and windows', () => {
  test('a memory window resets once it is over', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    expect((await store.hit('k', 1000)).count).toBe(1);
    expect(await store.hit('k', 1000)).toEqual({ count: 2, resetInMs: 1000 });
    now += 999;
    expect(await store.hit('k', 1000)).toEqual({ count: 3, resetInMs: 1 });
    now += 1;
    expect(await store.hit('k', 1000)).toEqual({ count: 1, resetInMs: 1000 });
  });

  test('an unreachable Redis falls back to counting in memory', async () => {
    const app = await limitedApp({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unused:' });
    try {
      expect(app.rateLimit.storeKind).toBe('redis');
      expect((await post(app, 'b@example.com')).statusCode).toBe(200);
      expect((await post(app, 'b@example.com')).statusCode).toBe(200);
      expect((await post(app, 'b@example.com')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });
});
