/**
 * Back-in-stock alerts: asking for one, the answers that tell nothing about who waits, and the one
 * e-mail sent when a variant's stock goes from 0 to more by any path (a desk restock, a cancelled
 * order's release). The concurrency tests only race on PostgreSQL (`--project api-pg`): PGlite
 * runs one transaction at a time.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  STOCK_ALERT_IN_STOCK,
  STOCK_ALERT_SUBSCRIBED,
  STOCK_ALERT_UNSUBSCRIBED,
} from '../../contract/stock-alerts.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { releaseStock } from '../../server/modules/catalog/stock.ts';
import { flavors, variants } from '../../server/modules/catalog/tables.ts';
import { expireUnpaidOrders } from '../../server/modules/orders/lifecycle.ts';
import { transitionOrder } from '../../server/modules/orders/transitions.ts';
import { createTestProvider } from '../../server/modules/payments/test-provider.ts';
import { STOCK_ALERT_RATE_LIMITS } from '../../server/modules/stock-alerts/routes.ts';
import {
  STOCK_ALERT_MAIL_KINDS,
  notifyRestocked,
} from '../../server/modules/stock-alerts/service.ts';
import { stockAlerts } from '../../server/modules/stock-alerts/tables.ts';
import {
  mailsTo,
  randomAddress,
  registerUser,
  uniqueEmail,
  type SignedIn,
} from '../helpers/auth.ts';
import { captureLog } from '../helpers/capture-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog, type Caller } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall, shopperWithCart } from './checkout-fixtures.ts';

/** Sold-out variants of their own for some tests, so each test's stock is its own. */
const V = {
  race: 'var_sa_race',
  release: 'var_sa_release',
  limits: 'var_sa_limits',
  expiry: 'var_sa_expiry',
} as const;

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp({
    prepare: async (database) => {
      await insertCartCatalog(database.db);
      await database.db.insert(variants).values(
        Object.values(V).map((id, i) => ({
          id,
          productId: F.creatine,
          flavorId: 'flv_fx_plain',
          size: `${i + 2} kg`,
          sku: `FX-SA-${i}`,
          price: 1000,
          stock: 0,
        })),
      );
    },
    env: { ORDER_JOBS_INTERVAL_MS: '0', MAIL_POLL_INTERVAL_MS: '0' },
  });
  admin = await registerUser(t.app, { name: 'Staff One' });
  await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user._id));
});
afterAll(() => t.close());

const subscribe = (
  body: object,
  identifier: string = F.creatine,
  caller: Caller = { address: randomAddress() },
) => cartCall(t.app, 'POST', `/products/${identifier}/stock-alerts`, caller, body);

const unsubscribe = (token: string) =>
  cartCall(t.app, 'POST', `/stock-alerts/unsubscribe/${token}`, { address: randomAddress() });

let adjustments = 0;
/** A restock at the order desk, through its route. */
async function deskAdjust(variantId: string, body: { delta?: number; set?: number }) {
  const res = await cartCall(
    t.app,
    'POST',
    `/admin/variants/${variantId}/stock`,
    admin,
    { ...body, reason: 'Delivery' },
    { 'idempotency-key': `stock-alerts-${Date.now()}-${++adjustments}` },
  );
  expect(res.statusCode, res.body).toBe(200);
}

const setStock = (variantId: string, stock: number) =>
  t.db.update(variants).set({ stock }).where(eq(variants.id, variantId));

const waiting = (variantId: string) =>
  t.db.select().from(stockAlerts).where(eq(stockAlerts.variantId, variantId));

const alertsTo = (email: string) => mailsTo(t.db, email, STOCK_ALERT_MAIL_KINDS.restocked);

async function unsubscribeToken(email: string): Promise<string> {
  const [mail] = await mailsTo(t.db, email, STOCK_ALERT_MAIL_KINDS.confirmation);
  const token = /\/stock-alerts\/unsubscribe\/([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no unsubscribe link to ${email}`);
  return token;
}

async function subscribed(variantId: string, product: string = F.creatine): Promise<string> {
  const email = uniqueEmail('waiting');
  const res = await subscribe({ variantId, email }, product);
  expect(res.statusCode, res.body).toBe(202);
  return email;
}

describe('asking for an alert', () => {
  test('202 with the same answer for a new and a repeated address; one row, one confirmation', async () => {
    const email = uniqueEmail('twice');
    const first = await subscribe({ variantId: F.unflavored, email });
    const again = await subscribe({ variantId: F.unflavored, email: ` ${email.toUpperCase()} ` });
    expect(first.statusCode, first.body).toBe(202);
    expect(again.statusCode, again.body).toBe(202);
    expect(first.json()).toEqual({ success: true, message: STOCK_ALERT_SUBSCRIBED });
    expect(again.body).toBe(first.body);
    const rows = (await waiting(F.unflavored)).filter((row) => row.email === email);
    expect(rows).toHaveLength(1);
    // Only the token's hash is stored.
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const confirmations = await mailsTo(t.db, email, STOCK_ALERT_MAIL_KINDS.confirmation);
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]!.textBody).toContain('FX Creatine (Unflavored');
    expect(confirmations[0]!.textBody).toContain(
      `${t.config.publicOrigin}/stock-alerts/unsubscribe/`,
    );
  });

  test('by slug, and signed in, it is the same', async () => {
    const shopper = await registerUser(t.app);
    const res = await subscribe(
      { variantId: F.unflavored, email: shopper.user.email },
      'fx-creatine',
      { cookie: shopper.cookie, address: randomAddress() },
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(STOCK_ALERT_SUBSCRIBED);
  });

  test('400 naming the field for a bad e-mail or a missing variant', async () => {
    const bad = await subscribe({ variantId: F.unflavored, email: 'not-an-address' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'body.email' })]);
    const missing = await subscribe({ email: uniqueEmail() });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().errors).toEqual([expect.objectContaining({ path: 'body.variantId' })]);
  });

  test('409 naming body.variantId when the variant is in stock; nothing is stored', async () => {
    const email = uniqueEmail('instock');
    const res = await subscribe({ variantId: F.plenty, email });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      message: STOCK_ALERT_IN_STOCK,
      errors: [{ path: 'body.variantId', message: STOCK_ALERT_IN_STOCK }],
    });
    expect(await waiting(F.plenty)).toEqual([]);
    expect(await mailsTo(t.db, email)).toEqual([]);
  });

  test('404 for an unknown or hidden product, or a variant that is not of the product', async () => {
    const email = uniqueEmail();
    for (const [identifier, variantId] of [
      ['no-such-product', F.unflavored],
      [F.hidden, F.hiddenVariant],
      [F.creatine, F.chocolate],
      [F.creatine, 'var_missing'],
      [F.whey, F.retired],
    ] as const) {
      const res = await subscribe({ variantId, email }, identifier);
      expect(res.statusCode, `${identifier} ${variantId}: ${res.body}`).toBe(404);
    }
    expect(await mailsTo(t.db, email)).toEqual([]);
  });
});

describe('the alert', () => {
  test('a desk restock from 0 mails each waiting address once, with the links, and ends the alerts', async () => {
    await setStock(F.unflavored, 0);
    const [ann, bob] = [await subscribed(F.unflavored), await subscribed(F.unflavored)];
    await deskAdjust(F.unflavored, { delta: 5 });

    const [size] = await t.db
      .select({ size: variants.size, flavor: flavors.slug })
      .from(variants)
      .innerJoin(flavors, eq(flavors.id, variants.flavorId))
      .where(eq(variants.id, F.unflavored));
    for (const email of [ann, bob]) {
      const mails = await alertsTo(email);
      expect(mails).toHaveLength(1);
      const query = new URLSearchParams({ flavor: size!.flavor, size: size!.size });
      expect(mails[0]!.subject).toBe(`Back in stock: FX Creatine (Unflavored, ${size!.size})`);
      expect(mails[0]!.textBody).toContain(
        `${t.config.publicOrigin}/product/fx-creatine?${query.toString()}`,
      );
      expect(mails[0]!.htmlBody).toContain('/product/fx-creatine?');
    }
    expect(await waiting(F.unflavored)).toEqual([]);

    // Sold out and restocked again: nobody waits any more, nobody is mailed.
    await deskAdjust(F.unflavored, { set: 0 });
    await deskAdjust(F.unflavored, { delta: 2 });
    expect(await alertsTo(ann)).toHaveLength(1);
    expect(await alertsTo(bob)).toHaveLength(1);
  });

  test('a restock from 3 to 5 mails nobody', async () => {
    await setStock(F.unflavored, 0);
    const email = await subscribed(F.unflavored);
    // Stock that arrived without passing through the stock module (a fixture) is not a restock.
    await setStock(F.unflavored, 3);
    await deskAdjust(F.unflavored, { set: 5 });
    expect(await alertsTo(email)).toEqual([]);
    expect(await waiting(F.unflavored)).toHaveLength(1);
    await t.db.delete(stockAlerts).where(eq(stockAlerts.email, email));
  });

  test("a cancelled order's release of the last units mails the waiting address", async () => {
    await setStock(F.vanilla, 2);
    const shopper = await shopperWithCart(t.app, [
      { productId: F.whey, variantId: F.vanilla, quantity: 2 },
    ]);
    const placed = await placeOrderCall(t.app, shopper, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const email = await subscribed(F.vanilla, F.whey);
    const orderId = placed.json().data.order.id as string;
    await t.db.transaction((tx) =>
      transitionOrder(tx, orderId, { to: 'cancelled', actor: 'system' }),
    );
    expect(await alertsTo(email)).toHaveLength(1);
    expect((await alertsTo(email))[0]!.textBody).toContain('FX Gold Whey (Vanilla, 2 lb)');
    expect(await waiting(F.vanilla)).toEqual([]);
  });

  test("an unpaid order's expiry releasing the last units mails the waiting address", async () => {
    await setStock(V.expiry, 1);
    const shopper = await shopperWithCart(t.app, [
      { productId: F.creatine, variantId: V.expiry, quantity: 1 },
    ]);
    const placed = await placeOrderCall(t.app, shopper, {
      shippingAddress: TORONTO,
      shippingMethod: 'standard',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const email = await subscribed(V.expiry);
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    const { log } = captureLog();
    expect(await expireUnpaidOrders(t.db, createTestProvider(t.db), log, later)).toBe(1);
    expect(await alertsTo(email)).toHaveLength(1);
    expect(await waiting(V.expiry)).toEqual([]);
  });

  test('a release from 0 mails; a release onto stock does not', async () => {
    const email = await subscribed(V.release);
    await t.db.transaction((tx) => releaseStock(tx, [{ variantId: V.release, quantity: 1 }]));
    // The variant is in stock now: a new request is refused, so nobody else can wait for it.
    expect((await subscribe({ variantId: V.release, email: uniqueEmail() })).statusCode).toBe(409);
    await t.db.transaction((tx) => releaseStock(tx, [{ variantId: V.release, quantity: 1 }]));
    expect(await alertsTo(email)).toHaveLength(1);
  });

  test('unsubscribing stops the alert; the link then answers 404 naming params.token', async () => {
    await setStock(F.unflavored, 0);
    const email = await subscribed(F.unflavored);
    const token = await unsubscribeToken(email);
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: STOCK_ALERT_UNSUBSCRIBED });
    expect(await waiting(F.unflavored)).toEqual([]);
    await deskAdjust(F.unflavored, { delta: 1 });
    expect(await alertsTo(email)).toEqual([]);

    const used = await unsubscribe(token);
    expect(used.statusCode, used.body).toBe(404);
    expect(used.json().errors).toEqual([expect.objectContaining({ path: 'params.token' })]);
    const unknown = await unsubscribe('not-a-real-token');
    expect(unknown.statusCode).toBe(404);
  });
});

test("the account's data export lists its address's alerts; deleting it ends them", async () => {
  await setStock(F.unflavored, 0);
  const shopper = await registerUser(t.app);
  const other = await subscribed(F.unflavored);
  const mine = await subscribe({ variantId: F.unflavored, email: shopper.user.email }, F.creatine, {
    cookie: shopper.cookie,
    address: randomAddress(),
  });
  expect(mine.statusCode, mine.body).toBe(202);
  const exported = await cartCall(t.app, 'GET', '/user/profile/me/export', shopper);
  expect(exported.statusCode, exported.body).toBe(200);
  const alerts = (exported.json() as { stockAlerts: Record<string, unknown>[] }).stockAlerts;
  expect(alerts).toEqual([
    {
      variantId: F.unflavored,
      email: shopper.user.email,
      locale: 'en-CA',
      createdAt: expect.any(String),
    },
  ]);
  const res = await cartCall(t.app, 'POST', '/user/profile/me/delete', shopper, {
    password: shopper.password,
  });
  expect(res.statusCode, res.body).toBe(200);
  const left = (await waiting(F.unflavored)).map((row) => row.email);
  expect(left).toContain(other);
  expect(left).not.toContain(shopper.user.email);
  await t.db.delete(stockAlerts).where(eq(stockAlerts.variantId, F.unflavored));
});

describe('rate limits', () => {
  test('the limits are pinned', () => {
    expect(STOCK_ALERT_RATE_LIMITS).toEqual({
      subscribe: {
        address: { max: 20, windowMs: 60 * 60_000 },
        subject: { max: 10, windowMs: 60 * 60_000 },
      },
      unsubscribe: { address: { max: 30, windowMs: 15 * 60_000 } },
    });
  });

  test('one client address is stopped after its limit (429), another is not', async () => {
    const address = randomAddress();
    const { max } = STOCK_ALERT_RATE_LIMITS.subscribe.address;
    for (let i = 0; i < max; i++) {
      const res = await subscribe(
        { variantId: V.limits, email: uniqueEmail('limit') },
        F.creatine,
        { address },
      );
      expect(res.statusCode, res.body).toBe(202);
    }
    const over = await subscribe({ variantId: V.limits, email: uniqueEmail() }, F.creatine, {
      address,
    });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect((await subscribe({ variantId: V.limits, email: uniqueEmail() })).statusCode).toBe(202);
  });

  test('one e-mail address is stopped after its limit, whatever the client', async () => {
    const email = uniqueEmail('inbox');
    const { max } = STOCK_ALERT_RATE_LIMITS.subscribe.subject;
    for (let i = 0; i < max; i++) {
      expect((await subscribe({ variantId: V.limits, email })).statusCode).toBe(202);
    }
    expect((await subscribe({ variantId: V.limits, email })).statusCode).toBe(429);
  });
});

describe('racing restocks (on PostgreSQL they run at the same time)', () => {
  const SUBSCRIBERS = 3;

  test('two desk restocks from 0 at once: one e-mail per waiting address', async () => {
    await setStock(V.race, 0);
    const emails: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) emails.push(await subscribed(V.race));
    await Promise.all([deskAdjust(V.race, { delta: 2 }), deskAdjust(V.race, { delta: 3 })]);
    for (const email of emails) expect(await alertsTo(email)).toHaveLength(1);
    expect(await waiting(V.race)).toEqual([]);
  });

  test('two releases from 0 at once: one e-mail per waiting address', async () => {
    await setStock(V.race, 0);
    const emails: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) emails.push(await subscribed(V.race));
    await Promise.all(
      [1, 2].map(() =>
        t.db.transaction((tx) => releaseStock(tx, [{ variantId: V.race, quantity: 1 }])),
      ),
    );
    for (const email of emails) expect(await alertsTo(email)).toHaveLength(1);
  });

  test('two transactions taking the same alerts at once: the second finds them gone', async () => {
    await setStock(V.race, 0);
    const emails: string[] = [];
    for (let i = 0; i < SUBSCRIBERS; i++) emails.push(await subscribed(V.race));
    // Stock put back without the stock module's hook, so both callers below see it in stock.
    await setStock(V.race, 4);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let took!: () => void;
    const taken = new Promise<void>((resolve) => (took = resolve));
    const first = t.db.transaction(async (tx) => {
      await notifyRestocked(tx, [V.race]);
      took();
      // Keeps its deletions uncommitted while the second transaction runs.
      await held;
    });
    await taken;
    const second = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await notifyRestocked(tx, [V.race]);
    });
    // On PostgreSQL the second waits on the first's row locks; let it get there, then commit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();
    await Promise.all([first, second]);
    for (const email of emails) expect(await alertsTo(email)).toHaveLength(1);
  });
});
