/**
 * Several instances of the shop on one PostgreSQL all run the order jobs. Each task runs on one
 * instance at a time (an advisory lock per task), so Stripe is asked about each payment once in
 * all, not once per instance. Two apps, each with its own pool, share a database and the Stripe
 * stand-in, which counts the calls.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { advisoryLockKey, advisoryRunAlone } from '../../server/db/advisory-lock.ts';
import { openDatabase, type DatabaseHandle } from '../../server/db/client.ts';
import type { RunAlone } from '../../server/lib/interval-job.ts';
import { webhookEvents } from '../../server/modules/payments/tables.ts';
import { insertOrder, readOrder } from '../helpers/order-fixture.ts';
import { createStripeTestApp, eventIdOf, type StripeTestApp } from '../helpers/stripe-app.ts';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

let s: StripeTestApp;
/** The second instance: its own pool on the first one's database, the same configuration. */
let other: { app: FastifyInstance; database: DatabaseHandle } | null = null;

beforeAll(async () => {
  s = await createStripeTestApp();
  if (!onPostgres) return;
  const [{ name }] = await rowsOf<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 10 });
  other = { app: await buildApp({ config: s.config, database, logger: false }), database };
  await other.app.ready();
});

afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await s?.close();
});

/** The rows of a raw query on the first instance (one at least, for the queries here). */
async function rowsOf<T>(query: SQL): Promise<[T, ...T[]]> {
  return ((await s.db.execute(query)) as unknown as { rows: [T, ...T[]] }).rows;
}

/** The advisory locks held on the test database now, by any session. */
async function advisoryLocksHeld(): Promise<number> {
  const [{ n }] = await rowsOf<{ n: number }>(sql`
    select count(*)::int as n from pg_locks
     where locktype = 'advisory'
       and database = (select oid from pg_database where datname = current_database())`);
  return n;
}

/** Ends the session holding the lock on `name`, as a failover or a pooler would, and waits for it. */
async function terminateHolder(name: string): Promise<void> {
  // A bigint key shows in pg_locks as its high and low 32 bits.
  const key = BigInt.asUintN(64, BigInt(advisoryLockKey(name)));
  const rows = await rowsOf<{ ended: boolean }>(sql`
    select pg_terminate_backend(pid, 10000) as ended from pg_locks
     where locktype = 'advisory' and objsubid = 1
       and classid = ${String(key >> 32n)}::oid and objid = ${String(key & 0xffffffffn)}::oid`);
  expect(rows).toEqual([{ ended: true }]);
}

describe.runIf(onPostgres)('two instances on one PostgreSQL', () => {
  let here: RunAlone;
  let there: RunAlone;
  beforeAll(() => {
    here = advisoryRunAlone(s.db)!;
    there = advisoryRunAlone(other!.database.db)!;
  });

  test('both running the order jobs at once ask Stripe about each payment once in all', async () => {
    // Open payments the shop has not compared with Stripe yet, half of them paid there without
    // the webhook arriving.
    const open = [];
    for (let i = 0; i < 6; i++) open.push(await s.placeOrder());
    const paid = open.filter((_, i) => i % 2 === 0);
    for (const order of paid) await s.pay(order.intent);
    // A stored webhook event, due for its retry: its order was not there when it came.
    const early = await s.browser.paymentIntents.create({
      amount: 4200,
      currency: 'cad',
      metadata: { orderId: 'ord_not_yet' },
    });
    await s.pay(early.id);
    const payload = s.intentEvent('payment_intent.succeeded', early.id);
    expect((await s.deliver(payload)).statusCode).toBe(200);
    await insertOrder(s.db, { provider: 'stripe', reference: early.id });
    await s.db
      .update(webhookEvents)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(sql`${webhookEvents.eventId} = ${eventIdOf(payload)}`);
    const before = s.standIn.requests.length;

    await Promise.all([s.app.orderJobs.runNow(), other!.app.orderJobs.runNow()]);

    const asked = s.standIn.requests
      .slice(before)
      .filter((request) => request.method === 'GET')
      .map((request) => request.path);
    for (const order of open) {
      expect(asked.filter((path) => path === `/v1/payment_intents/${order.intent}`)).toHaveLength(
        1,
      );
    }
    for (const order of paid) {
      expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
      expect(await s.confirmations(order)).toHaveLength(1);
    }
    // Tried once on delivery and once by one instance's retry.
    expect(await s.storedEvent(eventIdOf(payload))).toMatchObject({ attempts: 2 });
    expect((await s.storedEvent(eventIdOf(payload)))!.processedAt).not.toBeNull();
    expect(await advisoryLocksHeld()).toBe(0);
  });

  test('a task one instance runs is skipped by the other; a different task is not', async () => {
    const ran: string[] = [];
    const tookIt = await here('test:held', async () => {
      expect(await there('test:held', async () => void ran.push('held'))).toBe(false);
      expect(await there('test:other', async () => void ran.push('other'))).toBe(true);
    });
    expect(tookIt).toBe(true);
    expect(ran).toEqual(['other']);
    expect(await there('test:held', async () => void ran.push('held'))).toBe(true);
    expect(ran).toEqual(['other', 'held']);
  });

  test('a task that throws gives its lock back', async () => {
    const boom = new Error('boom');
    await expect(
      here('test:throws', async () => {
        throw boom;
      }),
    ).rejects.toBe(boom);
    expect(await advisoryLocksHeld()).toBe(0);
    expect(await there('test:throws', async () => undefined)).toBe(true);
  });

  test('a lock connection lost mid-task frees the lock, and the instance carries on', async () => {
    const tookIt = await here('test:lost', async () => {
      await terminateHolder('test:lost');
      expect(await there('test:lost', async () => undefined)).toBe(true);
    });
    expect(tookIt).toBe(true);
    expect(await advisoryLocksHeld()).toBe(0);
    expect(await here('test:lost', async () => undefined)).toBe(true);
    await s.app.orderJobs.runNow();
  });
});

test.skipIf(onPostgres)('on PGlite the order jobs run in this process, with no lock', async () => {
  expect(advisoryRunAlone(s.db)).toBeNull();
  const order = await s.placeOrder();
  await s.pay(order.intent);
  await s.app.orderJobs.runNow();
  expect((await readOrder(s.db, order.id)).order.status).toBe('paid');
});
