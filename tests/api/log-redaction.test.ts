import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { REDACTED } from '../../server/lib/logging.ts';
import { hashToken, newToken } from '../../server/lib/tokens.ts';
import { users } from '../../server/modules/auth/tables.ts';
import { mailOutbox } from '../../server/modules/mail/tables.ts';
import { loginUser, randomAddress, registerUser, resetMail, uniqueEmail } from '../helpers/auth.ts';
import { openTestDatabase } from '../helpers/test-app.ts';
import { F, cartCall, insertCartCatalog } from './cart-fixtures.ts';
import { TORONTO, placeOrderCall } from './checkout-fixtures.ts';

const API = '/api/v1';

let app: FastifyInstance;
let database: DatabaseHandle;
let drop: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-logs-'));
/** Every line the app logged, exactly as it would reach standard output. */
const lines: string[] = [];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await insertCartCatalog(database.db);
  // The most talkative level, so that no line that could exist escapes the check.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'trace', DATA_DIR: dataDir });
  app = await buildApp({ config, database, logStream: { write: (line) => lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Whether a secret appears in the output. A short number (a 6-digit code, a CVC) only counts where
 * it stands alone, as a logged value would: the same digits turn up inside request ids, hashes,
 * timestamps and a stack's line numbers (such as "…a737b…" in a UUID).
 */
function leaks(output: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return output.includes(secret);
  return new RegExp(`(?<![\\w:.-])${secret}(?![\\w:.-])`).test(output);
}

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload,
    headers,
    remoteAddress: randomAddress(),
  });

test('no log line holds a password, hash, token, code, card data or session id', async () => {
  /** Values that must never appear in the log. */
  const secrets: string[] = [];
  const keep = (...values: string[]) => {
    secrets.push(...values);
    return values[0]!;
  };

  // Requests carrying a session cookie, an authorization header and passwords.
  const shopper = await registerUser(app, { name: 'Logan Secretname' });
  const sessionId = shopper.cookie.split('=')[1]!;
  keep(shopper.password, sessionId, hashToken(sessionId));
  const bearer = keep(`Bearer ${newToken()}`);
  const me = await app.inject({
    url: `${API}/user/profile/me`,
    headers: { cookie: shopper.cookie, authorization: bearer },
  });
  expect(me.statusCode).toBe(200);
  const wrong = await post('/user/auth/login', {
    email: shopper.user.email,
    password: keep('Wrong-password-77'),
  });
  expect(wrong.statusCode).toBe(401);

  // A reset by e-mailed code, then one by the link's token (it travels in the URL).
  expect((await post('/user/auth/forgot-password', { email: shopper.user.email })).statusCode).toBe(
    200,
  );
  const first = await resetMail(database.db, shopper.user.email);
  keep(first.code);
  const byCode = await post('/user/auth/verify-otp-reset', {
    email: shopper.user.email,
    otp: first.code,
    password: keep('Reset-by-code-55'),
  });
  expect(byCode.statusCode).toBe(200);
  expect((await post('/user/auth/forgot-password', { email: shopper.user.email })).statusCode).toBe(
    200,
  );
  const second = await resetMail(database.db, shopper.user.email, first.mail);
  keep(second.token, hashToken(second.token));
  const byLink = await app.inject({
    method: 'PATCH',
    url: `${API}/user/auth/reset-password/${second.token}`,
    payload: { password: keep('Reset-by-link-66') },
  });
  expect(byLink.statusCode).toBe(200);

  // A guest cart id (it opens the cart) in the header and the query, and a discount code.
  const added = await cartCall(
    app,
    'POST',
    '/cart/items',
    {},
    {
      productId: F.whey,
      variantId: F.chocolate,
      quantity: 1,
    },
  );
  const guestCartId = keep(added.json().data.guestCartId as string);
  expect((await cartCall(app, 'GET', '/cart', { guestCartId })).statusCode).toBe(200);
  const discount = await cartCall(
    app,
    'POST',
    '/cart/discount',
    { guestCartId },
    {
      code: keep('SECRET-COUPON-2024'),
    },
  );
  expect(discount.statusCode).toBe(404);

  // A failing query whose parameters are a new account's name, e-mail and password hash.
  await database.db.execute(
    sql.raw(
      `ALTER TABLE users ADD CONSTRAINT log_probe CHECK (name <> 'Failing Probename') NOT VALID`,
    ),
  );
  const failingEmail = keep(uniqueEmail('failing-probe'));
  const failed = await post('/user/auth/register', {
    name: keep('Failing Probename'),
    email: failingEmail,
    password: keep('Probe-password-88'),
  });
  expect(failed.statusCode).toBe(500);

  // A failing session lookup, whose parameter is the hash of the session id in the cookie.
  const again = await loginUser(app, shopper.user.email, 'Reset-by-link-66');
  const againId = again.cookie.split('=')[1]!;
  keep(againId, hashToken(againId));
  await database.db.execute(sql.raw('ALTER TABLE sessions RENAME TO sessions_hidden'));
  try {
    const broken = await app.inject({
      url: `${API}/user/profile/me`,
      headers: { cookie: again.cookie },
    });
    expect(broken.statusCode).toBe(500);
  } finally {
    await database.db.execute(sql.raw('ALTER TABLE sessions_hidden RENAME TO sessions'));
  }

  // No route takes card data yet; a payment provider's error carrying it is logged as it would be.
  const card = { number: keep('4242424242424242'), cvc: keep('737'), exp_month: 12 };
  app.log.error(
    { err: Object.assign(new Error('card declined'), { payment_method: { card } }) },
    'payment failed',
  );

  const output = lines.join('');
  for (const secret of secrets) expect(leaks(output, secret), secret).toBe(false);
  expect(output).not.toContain('$argon2');
  // The provocations did reach the log, so the check above was not vacuous.
  expect(output).toContain('Failed query');
  expect(output).toContain('check constraint');
  expect(output).toContain(`/user/auth/reset-password/${REDACTED}`);
  expect(output).toContain('card declined');
  console.info(`${lines.length} log lines checked against ${secrets.length} secrets`);
});

/** The levels below warn (pino's numbers): what a shop logs in normal running. */
const BELOW_WARN = 40;

test("no line below warn holds a person's e-mail address, name, phone or address line", async () => {
  const from = lines.length;
  const name = 'Penelope Quillfeather';
  const email = uniqueEmail('penelope.quill');
  const phone = '(416) 555-0187';
  const line1 = '742 Evergreen Terrace';
  const personal = [
    name,
    'Penelope',
    'Quillfeather',
    email,
    encodeURIComponent(email),
    email.split('@')[0]!,
    '555-0187',
    '5550187',
    line1,
    'Evergreen',
  ];

  // A shopper registers, places an order to that address, saves it and writes to the shop.
  const shopper = await registerUser(app, { name, email });
  const added = await cartCall(app, 'POST', '/cart/items', shopper, {
    productId: F.creatine,
    variantId: F.plenty,
    quantity: 1,
  });
  expect(added.statusCode, added.body).toBe(200);
  const address = { ...TORONTO, name, line1, phone };
  const placed = await placeOrderCall(app, shopper, {
    shippingAddress: address,
    shippingMethod: 'standard',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const saved = await cartCall(app, 'POST', '/user/addresses', shopper, address);
  expect(saved.statusCode, saved.body).toBe(201);
  const contact = await post('/contact', {
    name,
    email,
    subject: 'My order',
    message: `Please ring ${phone} before delivering to ${line1}.`,
  });
  expect(contact.statusCode, contact.body).toBe(201);

  // Staff look the shopper up by every handle the order desk takes; the shop's search too.
  const staff = await registerUser(app, { name: 'Desk Staffer' });
  await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, staff.user._id));
  for (const q of [name, 'Quillfeather', email, phone]) {
    for (const path of ['/admin/orders', '/admin/orders.csv']) {
      const res = await cartCall(app, 'GET', `${path}?q=${encodeURIComponent(q)}`, staff);
      expect(res.statusCode, res.body).toBe(200);
    }
  }
  const byEmailFilter = await cartCall(
    app,
    'GET',
    `/admin/orders?status=pending_payment&q=${email}&sort=total`,
    staff,
  );
  expect(byEmailFilter.json().data.total).toBe(1);
  await app.inject({ url: `${API}/search/products?search=${encodeURIComponent(name)}` });
  await app.inject({ url: `${API}/search/suggest?q=Quillfeather` });
  // An address in a path or an unknown parameter (a mistyped link) counts as well.
  await app.inject({ url: `${API}/orders/${encodeURIComponent(email)}?contact=${email}` });

  // The mail worker delivers the welcome and contact messages (as files: no SMTP here): now, or
  // already on its own schedule (a busy host), so the outbox says they went, not this flush.
  await app.mail.flush();
  const mails = await database.db
    .select({ status: mailOutbox.status })
    .from(mailOutbox)
    .where(or(eq(mailOutbox.toAddress, email), eq(mailOutbox.replyTo, email)));
  expect(mails.length).toBeGreaterThanOrEqual(2);
  expect(mails.map((mail) => mail.status)).toEqual(mails.map(() => 'sent'));

  const written = lines.slice(from).map((line) => JSON.parse(line) as { level: number });
  const quiet = JSON.stringify(written.filter((line) => line.level < BELOW_WARN));
  for (const value of personal) expect(quiet, value).not.toContain(value);
  // Not even at warn or error does an e-mail address go out.
  expect(JSON.stringify(written)).not.toContain(email.split('@')[0]!);
  // The provocations did reach the log, so the checks above were not vacuous.
  expect(quiet).toContain('e-mail written');
  expect(quiet).toContain('/api/v1/admin/orders?q=%5Bredacted%5D');
  expect(quiet).toContain(
    '/api/v1/admin/orders?status=pending_payment&q=%5Bredacted%5D&sort=total',
  );
  expect(quiet).toContain('/api/v1/search/products?search=%5Bredacted%5D');
  expect(quiet).toContain(`/api/v1/orders/${REDACTED}?contact=%5Bredacted%5D`);
});
