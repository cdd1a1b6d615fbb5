import { and, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { carts, cartItems } from '../../server/modules/cart/tables.ts';
import { variants } from '../../server/modules/catalog/tables.ts';
import { HttpError } from '../../server/lib/errors.ts';
import errors from '../../server/plugins/errors.ts';
import idempotency, {
  IDEMPOTENCY_TTL_MS,
  REPLAYED_HEADER,
  STALE_CLAIM_MS,
  fingerprintOf,
} from '../../server/plugins/idempotency.ts';
import { idempotencyRecords } from '../../server/plugins/idempotency-tables.ts';
import sessions from '../../server/plugins/sessions.ts';
import { registerUser } from '../helpers/auth.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ prepare: (database) => insertCartCatalog(database.db) });
});

afterAll(() => t.close());

let keys = 0;
const newKey = () => `key-${Date.now()}-${++keys}`;
const withKey = (key: string) => ({ 'idempotency-key': key });

const addItem = (caller: Caller, key: string, quantity = 1, variantId: string = F.plenty) =>
  cartCall(
    t.app,
    'POST',
    '/cart/items',
    caller,
    { productId: variantId === F.plenty ? F.creatine : F.whey, variantId, quantity },
    withKey(key),
  );

async function quantityIn(caller: Caller, variantId: string = F.plenty): Promise<number> {
  const res = await cartCall(t.app, 'GET', '/cart', caller);
  const line = res.json().data.items.find((i: { variantId: string }) => i.variantId === variantId);
  return line?.quantity ?? 0;
}

async function newGuest(): Promise<Caller & { guestCartId: string }> {
  const res = await cartCall(
    t.app,
    'POST',
    '/cart/items',
    {},
    {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 1,
    },
  );
  return { guestCartId: res.json().data.guestCartId };
}

describe('replay', () => {
  test('same key and body → the stored answer again, marked replayed, applied once', async () => {
    const shopper = await registerUser(t.app);
    const caller = { cookie: shopper.cookie };
    const key = newKey();
    const first = await addItem(caller, key, 2);
    expect(first.statusCode).toBe(200);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await addItem(caller, key, 2);
    expect(again.statusCode).toBe(200);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(again.body).toBe(first.body);
    expect(await quantityIn(caller)).toBe(2);

    // A different key is a different change.
    await addItem(caller, newKey(), 2);
    expect(await quantityIn(caller)).toBe(4);
  });

  test("a guest's first add replayed returns the same new guest cart, not a second one", async () => {
    const before = (await t.db.select().from(carts)).length;
    const key = newKey();
    const first = await addItem({}, key);
    const again = await addItem({}, key);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json().data.guestCartId).toBe(first.json().data.guestCartId);
    expect((await t.db.select().from(carts)).length).toBe(before + 1);
  });

  test('every cart mutation honours the key', async () => {
    const guest = await newGuest();
    const item = (await addItem(guest, newKey(), 3)).json().data.items[1].itemId as string;
    const calls = [
      () => cartCall(t.app, 'PATCH', `/cart/items/${item}`, guest, { quantity: 5 }, withKey('p')),
      () => cartCall(t.app, 'DELETE', `/cart/items/${item}`, guest, undefined, withKey('d')),
      () => cartCall(t.app, 'DELETE', '/cart/discount', guest, undefined, withKey('r')),
    ];
    for (const call of calls) {
      const first = await call();
      expect(first.statusCode).toBe(200);
      const again = await call();
      expect(again.headers[REPLAYED_HEADER]).toBe('true');
      expect(again.body).toBe(first.body);
    }
    // The DELETE replay did not become a 404 for an item that is now gone.
    expect(await quantityIn(guest)).toBe(0);
  });

  test('JSON key order does not make a different request', async () => {
    const guest = await newGuest();
    const key = newKey();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { 'x-guest-cart-id': guest.guestCartId, ...withKey(key) },
      payload: { productId: F.creatine, variantId: F.plenty, quantity: 1 },
    });
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/items',
      headers: { 'x-guest-cart-id': guest.guestCartId, ...withKey(key) },
      payload: { quantity: 1, variantId: F.plenty, productId: F.creatine },
    });
    expect(reordered.headers[REPLAYED_HEADER]).toBe('true');
    expect(reordered.body).toBe(first.body);
  });

  test('the fingerprint is of the validated body: what the schema drops or trims does not count', async () => {
    const guest = await newGuest();
    const key = newKey();
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/items',
        headers: { 'x-guest-cart-id': guest.guestCartId, ...withKey(key) },
        payload,
      });
    const first = await send({ productId: F.creatine, variantId: F.plenty, quantity: 1 });
    const same = await send({
      productId: ` ${F.creatine} `,
      variantId: F.plenty,
      quantity: 1,
      unknown: [[['ignored']]],
    });
    expect(same.statusCode).toBe(200);
    expect(same.headers[REPLAYED_HEADER]).toBe('true');
    expect(same.body).toBe(first.body);
  });

  test('a refused request (4xx) is stored and replayed too: a new attempt needs a new key', async () => {
    const guest = await newGuest();
    const key = newKey();
    const refused = await addItem(guest, key, 4, F.vanilla);
    expect(refused.statusCode).toBe(409);
    await t.db.update(variants).set({ stock: 30 }).where(eq(variants.id, F.vanilla));
    try {
      const replayed = await addItem(guest, key, 4, F.vanilla);
      expect(replayed.statusCode).toBe(409);
      expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
      expect(replayed.body).toBe(refused.body);
      const fresh = await addItem(guest, newKey(), 4, F.vanilla);
      expect(fresh.statusCode).toBe(200);
    } finally {
      await t.db.update(variants).set({ stock: 3 }).where(eq(variants.id, F.vanilla));
    }
  });

  test('requests without a key are not deduplicated', async () => {
    const guest = await newGuest();
    const payload = { productId: F.creatine, variantId: F.plenty, quantity: 1 };
    await cartCall(t.app, 'POST', '/cart/items', guest, payload);
    await cartCall(t.app, 'POST', '/cart/items', guest, payload);
    expect(await quantityIn(guest)).toBe(2);
  });
});

describe('misuse', () => {
  test('same key, other body → 422 and no change', async () => {
    const guest = await newGuest();
    const key = newKey();
    await addItem(guest, key, 1);
    const other = await addItem(guest, key, 3);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      success: false,
      code: 'idempotency_key_reused',
      message:
        'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
    });
    expect(await quantityIn(guest)).toBe(1);
  });

  test('same key on another path → 422', async () => {
    const guest = await newGuest();
    const key = newKey();
    await addItem(guest, key, 1);
    const res = await cartCall(t.app, 'DELETE', '/cart/discount', guest, undefined, withKey(key));
    expect(res.statusCode).toBe(422);
  });

  test('a duplicate while the first is still in flight → 409', async () => {
    const shopper = await registerUser(t.app);
    const key = newKey();
    const body = { productId: F.creatine, variantId: F.plenty, quantity: 1 };
    await t.db.insert(idempotencyRecords).values({
      scope: `user:${shopper.user._id}`,
      key,
      fingerprint: fingerprintOf('POST', '/api/v1/cart/items', body),
      state: 'in_flight',
      claimId: 'idem_running',
      method: 'POST',
      path: '/api/v1/cart/items',
    });
    const res = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      { cookie: shopper.cookie },
      body,
      withKey(key),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A request with this Idempotency-Key is still being processed. Try again in a moment.',
    );
    // An outbox tells this retryable conflict from a refusal by it; the wait is until the claim
    // may be taken over (a claim just made: the whole STALE_CLAIM_MS).
    const seconds = Number(res.headers['retry-after']);
    expect(seconds).toBeLessThanOrEqual(STALE_CLAIM_MS / 1000);
    expect(seconds).toBeGreaterThanOrEqual(STALE_CLAIM_MS / 1000 - 2);
    expect(res.json().retryAfter).toBe(seconds);
    expect(await quantityIn({ cookie: shopper.cookie })).toBe(0);
  });

  test('a checkout retried after a crash is told when its claim can be taken over', async () => {
    const shopper = await registerUser(t.app);
    const key = newKey();
    const body = { productId: F.creatine, variantId: F.plenty, quantity: 1 };
    // The first request died 45.5 s ago, holding its claim.
    const died = new Date(Date.now() - STALE_CLAIM_MS + 14_500);
    await t.db.insert(idempotencyRecords).values({
      scope: `user:${shopper.user._id}`,
      key,
      fingerprint: fingerprintOf('POST', '/api/v1/cart/items', body),
      state: 'in_flight',
      claimId: 'idem_crashed',
      method: 'POST',
      path: '/api/v1/cart/items',
      createdAt: died,
      claimedAt: died,
    });
    const res = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      { cookie: shopper.cookie },
      body,
      withKey(key),
    );
    expect(res.statusCode).toBe(409);
    const seconds = Number(res.headers['retry-after']);
    // 14.5 s left, rounded up; a slow test run may have used a second of it.
    expect([14, 15]).toContain(seconds);
    expect(res.json()).toMatchObject({
      success: false,
      code: 'request_in_flight',
      retryAfter: seconds,
    });

    // Once the claim is stale the same request runs.
    await t.db
      .update(idempotencyRecords)
      .set({ claimedAt: new Date(Date.now() - STALE_CLAIM_MS - 1) })
      .where(eq(idempotencyRecords.key, key));
    const retried = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      { cookie: shopper.cookie },
      body,
      withKey(key),
    );
    expect(retried.statusCode).toBe(200);
  });

  test('a claim left behind by a dead request is taken over after a while', async () => {
    const shopper = await registerUser(t.app);
    const key = newKey();
    const body = { productId: F.creatine, variantId: F.plenty, quantity: 1 };
    const long = new Date(Date.now() - STALE_CLAIM_MS - 1000);
    await t.db.insert(idempotencyRecords).values({
      scope: `user:${shopper.user._id}`,
      key,
      fingerprint: fingerprintOf('POST', '/api/v1/cart/items', body),
      state: 'in_flight',
      claimId: 'idem_dead',
      method: 'POST',
      path: '/api/v1/cart/items',
      createdAt: long,
      claimedAt: long,
    });
    const res = await cartCall(
      t.app,
      'POST',
      '/cart/items',
      { cookie: shopper.cookie },
      body,
      withKey(key),
    );
    expect(res.statusCode).toBe(200);
    expect(await quantityIn({ cookie: shopper.cookie })).toBe(1);
  });

  test('a key older than a day is forgotten: the request runs again', async () => {
    const guest = await newGuest();
    const key = newKey();
    await addItem(guest, key, 1);
    await t.db
      .update(idempotencyRecords)
      .set({ createdAt: new Date(Date.now() - IDEMPOTENCY_TTL_MS - 1000) })
      .where(eq(idempotencyRecords.key, key));
    const res = await addItem(guest, key, 1);
    expect(res.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await quantityIn(guest)).toBe(2);
  });

  test.each([
    ['too long', 'k'.repeat(201)],
    ['with a space', 'two words'],
    ['with a control character', 'bad\u0007key'],
  ])('a key %s → 400', async (_what, key) => {
    const res = await addItem({}, key);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'validation',
      message: 'Idempotency-Key must be 1–200 printable characters without spaces.',
      errors: [
        {
          path: 'headers.idempotency-key',
          message: 'Idempotency-Key must be 1–200 printable characters without spaces.',
        },
      ],
    });
  });

  test('a 200-character key is fine', async () => {
    const res = await addItem({}, 'k'.repeat(200));
    expect(res.statusCode).toBe(200);
  });
});

describe('scope', () => {
  test("one shopper's key never returns another's answer", async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const key = 'shared-key-1';
    const aRes = await addItem({ cookie: a.cookie }, key, 2);
    const bRes = await addItem({ cookie: b.cookie }, key, 2);
    expect(bRes.statusCode).toBe(200);
    expect(bRes.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(bRes.json().data.items[0].itemId).not.toBe(aRes.json().data.items[0].itemId);
    expect(await quantityIn({ cookie: a.cookie })).toBe(2);
    expect(await quantityIn({ cookie: b.cookie })).toBe(2);
  });

  test("one guest's key never returns another guest's answer", async () => {
    const a = await newGuest();
    const b = await newGuest();
    const key = 'shared-key-2';
    await addItem(a, key, 1);
    const bRes = await addItem(b, key, 1);
    expect(bRes.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(bRes.json().data.guestCartId).toBe(b.guestCartId);
    expect(await quantityIn(b)).toBe(1);
  });
});

describe('concurrency', () => {
  async function burst(caller: Caller, key: string, n = 20) {
    return Promise.all(Array.from({ length: n }, () => addItem(caller, key, 1)));
  }

  function expectOneChange(results: Awaited<ReturnType<typeof burst>>) {
    const fresh = results.filter((r) => r.statusCode === 200 && !r.headers[REPLAYED_HEADER]);
    expect(fresh).toHaveLength(1);
    for (const res of results) {
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.body).toBe(fresh[0]?.body);
    }
  }

  test('20 parallel requests with one key from a signed-in shopper → one change', async () => {
    const shopper = await registerUser(t.app);
    const results = await burst({ cookie: shopper.cookie }, newKey());
    expectOneChange(results);
    expect(await quantityIn({ cookie: shopper.cookie })).toBe(1);
  });

  test('20 parallel requests with one key from a guest → one change', async () => {
    const guest = await newGuest();
    const results = await burst(guest, newKey());
    expectOneChange(results);
    expect(await quantityIn(guest)).toBe(1);
  });

  test('20 parallel first adds with one key → one guest cart', async () => {
    const before = (await t.db.select().from(carts)).length;
    const results = await burst({}, newKey());
    expectOneChange(results);
    expect((await t.db.select().from(carts)).length).toBe(before + 1);
  });

  test('20 parallel adds with different keys all apply, none lost', async () => {
    const shopper = await registerUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => addItem({ cookie: shopper.cookie }, newKey(), 1)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await quantityIn({ cookie: shopper.cookie })).toBe(20);
    const [cart] = await t.db.select().from(carts).where(eq(carts.userId, shopper.user._id));
    const lines = await t.db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart?.id ?? ''), eq(cartItems.variantId, F.plenty)));
    expect(lines).toHaveLength(1);
  });
});

describe('the plugin on its own', () => {
  let app: FastifyInstance;
  let failNext = true;
  let runs = 0;
  let release: (() => void) | null = null;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(errors);
    await app.register(sessions, { db: t.db, crossSite: false });
    await app.register(idempotency, { db: t.db });
    app.post('/flaky', { config: { idempotent: true } }, async () => {
      runs++;
      if (failNext) {
        failNext = false;
        throw new Error('database went away');
      }
      return { ok: true, runs };
    });
    app.post('/slow', { config: { idempotent: true } }, async () => {
      runs++;
      await new Promise<void>((resolve) => (release = resolve));
      return { done: true };
    });
    app.post('/throttled', { config: { idempotent: true } }, async () => {
      runs++;
      throw new HttpError(429, 'rate_limited', 'Slow down');
    });
    app.post('/plain', async () => ({ runs: ++runs }));
    await app.ready();
  });

  afterAll(() => app.close());

  const post = (url: string, key: string, payload: object = { a: 1 }) =>
    app.inject({ method: 'POST', url, payload, headers: withKey(key) });

  test('old records are swept when keys are claimed', async () => {
    const old = new Date(Date.now() - IDEMPOTENCY_TTL_MS - 60_000);
    await t.db.insert(idempotencyRecords).values({
      scope: 'anon:old',
      key: 'ancient',
      fingerprint: 'x',
      state: 'completed',
      claimId: 'idem_old',
      method: 'POST',
      path: '/x',
      createdAt: old,
      claimedAt: old,
    });
    await post('/plain-keyless-route-is-not-idempotent', newKey());
    expect(
      await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, 'ancient')),
    ).toHaveLength(1);
    await post('/flaky', newKey(), { warmup: true });
    expect(
      await t.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, 'ancient')),
    ).toHaveLength(0);
  });

  test('a 5xx releases the key, so the retry runs and succeeds', async () => {
    failNext = true;
    runs = 0;
    const key = newKey();
    const failed = await post('/flaky', key);
    expect(failed.statusCode).toBe(500);
    const retried = await post('/flaky', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(retried.json()).toEqual({ ok: true, runs: 2 });
    const replayed = await post('/flaky', key);
    expect(replayed.headers[REPLAYED_HEADER]).toBe('true');
    expect(runs).toBe(2);
  });

  test('a 429 releases the key too', async () => {
    runs = 0;
    const key = newKey();
    await post('/throttled', key);
    const again = await post('/throttled', key);
    expect(again.statusCode).toBe(429);
    expect(again.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(runs).toBe(2);
  });

  test('while the first runs, a duplicate gets 409; afterwards, the replay', async () => {
    runs = 0;
    const key = newKey();
    const first = post('/slow', key);
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    const duplicate = await post('/slow', key);
    expect(duplicate.statusCode).toBe(409);
    const finish = release as () => void;
    finish();
    expect((await first).statusCode).toBe(200);
    const replay = await post('/slow', key);
    expect(replay.headers[REPLAYED_HEADER]).toBe('true');
    expect(replay.json()).toEqual({ done: true });
    expect(runs).toBe(1);
  });

  test('a client that hangs up while the work runs does not free the key: the retry waits, then gets the replay', async () => {
    runs = 0;
    release = null;
    const key = newKey();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const hangUp = new AbortController();
    const first = fetch(`${address}/slow`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...withKey(key) },
      body: JSON.stringify({ a: 1 }),
      signal: hangUp.signal,
    }).catch((error: unknown) => error);
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    hangUp.abort();
    expect(await first).toBeInstanceOf(Error);
    // The server noticing the hang-up (onRequestAbort) must not release the claim of a request whose
    // work is still running: a retry would do the work a second time.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const duringWork = await post('/slow', key);
    expect(duringWork.statusCode).toBe(409);
    const finish = release as () => void;
    finish();
    await expect.poll(async () => (await post('/slow', key)).headers[REPLAYED_HEADER]).toBe('true');
    expect(runs).toBe(1);
  });

  test('routes without the option ignore the header', async () => {
    runs = 0;
    const key = newKey();
    await post('/plain', key);
    const again = await post('/plain', key);
    expect(again.json()).toEqual({ runs: 2 });
  });
});
