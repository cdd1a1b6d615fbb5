import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { shopToday, type ConsultationBody } from '../../contract/engagement.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { ENGAGEMENT_RATE_LIMITS } from '../../server/modules/engagement/routes.ts';
import { consultationBookings, contactMessages } from '../../server/modules/engagement/tables.ts';
import { mailOutbox } from '../../server/modules/mail/tables.ts';
import { mailsTo, randomAddress, registerUser, uniqueEmail } from '../helpers/auth.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const SHOP_ADDRESS = 'team@forge.test';
const COUPON_SENT = 'Your discount code has been sent to your email!';
const DAY_MS = 24 * 60 * 60 * 1000;

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0', SHOP_CONTACT_EMAIL: SHOP_ADDRESS },
  });
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const post = (
  url: string,
  payload: Record<string, unknown>,
  options: { address?: string; cookie?: string } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    remoteAddress: options.address ?? randomAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

function expectFieldError(res: LightMyRequestResponse, path: string, message: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json();
  expect(body.success).toBe(false);
  expect(body.errors).toContainEqual({ path, message });
  expect(body.message).toContain(message);
}

function expectRateLimited(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toMatchObject({
    success: false,
    code: 'rate_limited',
    message: expect.stringMatching(/wait/i),
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
}

const daysFromToday = (days: number) => {
  const at = new Date(`${shopToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/**
 * Table values kept short enough for test titles: 'x×101' is 101 x's, and a few words stand
 * for dates relative to today in the shop's time zone.
 */
function expand(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const repeated = /^(.)×(\d+)$/.exec(value);
  if (repeated) return repeated[1]!.repeat(Number(repeated[2]));
  const relative: Record<string, number> = { today: 0, yesterday: -1, 'in 181 days': 181 };
  return value in relative ? daysFromToday(relative[value]!) : value;
}

test('the three calls are listed in the OpenAPI document', async () => {
  const doc = (await t.app.inject('/api/v1/openapi.json')).json();
  expect(doc.paths['/api/v1/coupon/request']?.post).toBeDefined();
  expect(doc.paths['/api/v1/contact']?.post).toBeDefined();
  expect(doc.paths['/api/v1/consultations']?.post?.requestBody).toBeDefined();
});

describe('POST /coupon/request', () => {
  test('issues a 10 % single-use code valid 30 days and e-mails it', async () => {
    const email = uniqueEmail('coupon');
    const before = Date.now();
    const res = await post('/coupon/request', { name: 'Riley Lifter', email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: COUPON_SENT });

    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.email, email));
    expect(code).toMatchObject({ percentOff: 10, usedAt: null, name: 'Riley Lifter' });
    const validFor = code!.expiresAt.getTime() - before;
    expect(validFor).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * DAY_MS + 60_000);

    // Queued by the request itself, before any worker ran.
    const [queued] = await mailsTo(t.db, email, 'coupon');
    expect(queued).toMatchObject({ status: 'pending', attempts: 0 });
    expect(queued!.textBody).toContain(code!.code);

    await t.app.mail.flush();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/10% discount code/);
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(code!.code);
      expect(part).toContain('Forge Nutrition');
    }
    expect(mail.text).toContain('Hi Riley Lifter,');
  });

  test('asking again with the same address re-sends the same code', async () => {
    const email = uniqueEmail('again');
    expect((await post('/coupon/request', { name: 'Sam', email })).statusCode).toBe(200);
    const again = await post('/coupon/request', {
      name: 'Sam',
      email: `  ${email.toUpperCase()} `,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ success: true, message: COUPON_SENT });

    const codes = await t.db.select().from(discountCodes).where(eq(discountCodes.email, email));
    expect(codes).toHaveLength(1);
    await t.app.mail.flush();
    const sent = await Promise.all([
      smtp.waitFor((m) => m.to.includes(email)),
      // The SMTP client lower-cases the domain, the local part stays as typed.
      smtp.waitFor((m) => m.to.some((to) => to !== email && to.toLowerCase() === email)),
    ]);
    for (const mail of sent) expect(mail.text).toContain(codes[0]!.code);
  });

  test('client-sent discount fields are ignored', async () => {
    const email = uniqueEmail('greedy');
    const res = await post('/coupon/request', {
      name: 'Greedy',
      email,
      code: 'FREEFOREVER',
      percentOff: 100,
      expiresAt: '2099-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    const [code] = await t.db.select().from(discountCodes).where(eq(discountCodes.email, email));
    expect(code!.code).not.toBe('FREEFOREVER');
    expect(code!.percentOff).toBe(10);
    expect(code!.expiresAt.getTime()).toBeLessThan(Date.now() + 31 * DAY_MS);
  });

  test.each([
    [{ email: 'a@example.com' }, 'body.name', 'Full name is required'],
    [{ name: '   ', email: 'a@example.com' }, 'body.name', 'Full name is required'],
    [
      { name: 'x×101', email: 'a@example.com' },
      'body.name',
      'Full name must be at most 100 characters',
    ],
    [{ name: 'Ann' }, 'body.email', 'Email is required'],
    [{ name: 'Ann', email: '' }, 'body.email', 'Email is required'],
    [{ name: 'Ann', email: 'not-an-email' }, 'body.email', 'Enter a valid email address'],
    [{ name: 'Ann', email: 'ann@example' }, 'body.email', 'Enter a valid email address'],
    [{ name: 'Ann', email: 'ann smith@example.com' }, 'body.email', 'Enter a valid email address'],
  ])('rejects %o with "%s: %s" and writes nothing', async (payload, path, message) => {
    const codesBefore = await t.db.$count(discountCodes);
    const mailsBefore = await t.db.$count(mailOutbox);
    const body = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, expand(v)]));
    expectFieldError(await post('/coupon/request', body), path, message);
    expect(await t.db.$count(discountCodes)).toBe(codesBefore);
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  test('an address can ask only a few times an hour, from any client', async () => {
    const email = uniqueEmail('often');
    const { max } = ENGAGEMENT_RATE_LIMITS.coupon.email;
    for (let i = 0; i < max; i++) {
      expect((await post('/coupon/request', { name: 'Often', email })).statusCode).toBe(200);
    }
    expectRateLimited(await post('/coupon/request', { name: 'Often', email }));
    expect(await mailsTo(t.db, email, 'coupon')).toHaveLength(max);
  });

  test('one client can ask only a few times an hour, whatever the address', async () => {
    const address = randomAddress();
    const { max } = ENGAGEMENT_RATE_LIMITS.coupon.address;
    for (let i = 0; i < max; i++) {
      const res = await post(
        '/coupon/request',
        { name: 'Spray', email: uniqueEmail() },
        { address },
      );
      expect(res.statusCode).toBe(200);
    }
    const email = uniqueEmail('blocked');
    expectRateLimited(await post('/coupon/request', { name: 'Spray', email }, { address }));
    expect(await mailsTo(t.db, email)).toHaveLength(0);
  });
});

describe('POST /contact', () => {
  const valid = () => ({
    name: 'Jordan Reps',
    email: uniqueEmail('contact'),
    subject: 'Question about whey',
    message: 'Is the vanilla whey isolate lactose free?',
  });

  test('stores the message, confirms it to the sender and notifies the shop', async () => {
    const input = valid();
    const res = await post('/contact', input);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.stringMatching(/thanks/i) });
    expect(body.data._id).toMatch(/^msg_/);

    const [stored] = await t.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, body.data._id));
    expect(stored).toMatchObject({ ...input, userId: null });

    await t.app.mail.flush();
    const confirmation = await smtp.waitFor((m) => m.to.includes(input.email));
    expect(confirmation.text).toContain('Hi Jordan Reps,');
    expect(confirmation.text).toContain(body.data._id);
    expect(confirmation.html).toContain('Forge Nutrition');
    // The sender's free text is never mailed back to the address they typed.
    expect(confirmation.text).not.toContain(input.message);

    const notice = await smtp.waitFor(
      (m) => m.to.includes(SHOP_ADDRESS) && m.text.includes(body.data._id),
    );
    expect(notice.subject).toBe('Contact form: Question about whey');
    expect(notice.headers['reply-to']).toBe(input.email);
    expect(notice.text).toContain(input.message);
    expect(notice.html).toContain('Is the vanilla whey isolate lactose free?');
  });

  test('a signed-in sender is linked to the account; client-sent ids and dates are ignored', async () => {
    const { user, cookie } = await registerUser(t.app);
    const res = await post(
      '/contact',
      {
        ...valid(),
        email: user.email,
        _id: 'msg_chosen',
        id: 'msg_chosen',
        userId: 'usr_someone_else',
        createdAt: '2001-01-01T00:00:00Z',
      },
      { cookie },
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    expect(id).not.toBe('msg_chosen');
    const [stored] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored!.userId).toBe(user._id);
    expect(stored!.createdAt.getFullYear()).toBeGreaterThan(2001);
  });

  test('a line break in the subject never reaches the mail headers', async () => {
    const input = { ...valid(), subject: 'Hello\r\nBcc: victim@example.com' };
    const res = await post('/contact', input);
    expect(res.statusCode).toBe(201);
    await t.app.mail.flush();
    const notice = await smtp.waitFor(
      (m) => m.text.includes(res.json().data._id) && m.to.includes(SHOP_ADDRESS),
    );
    expect(notice.to).toEqual([SHOP_ADDRESS]);
    expect(notice.subject).toBe('Contact form: Hello Bcc: victim@example.com');
    expect(notice.headers.bcc).toBeUndefined();
  });

  test.each([
    ['name', undefined, 'Name is required'],
    ['name', ' ', 'Name is required'],
    ['name', 'n×101', 'Name must be at most 100 characters'],
    ['email', undefined, 'Email is required'],
    ['email', 'jordan@', 'Enter a valid email address'],
    ['subject', undefined, 'Subject is required'],
    ['subject', '', 'Subject is required'],
    ['subject', 's×151', 'Subject must be at most 150 characters'],
    ['message', undefined, 'Message is required'],
    ['message', 'Too short', 'Message must be at least 10 characters'],
    ['message', 'm×5001', 'Message must be at most 5000 characters'],
  ])('rejects %s = %j with "%s" and stores nothing', async (field, value, message) => {
    const before = await t.db.$count(contactMessages);
    const mailsBefore = await t.db.$count(mailOutbox);
    const payload: Record<string, unknown> = { ...valid(), [field]: expand(value) };
    if (value === undefined) delete payload[field];
    expectFieldError(await post('/contact', payload), `body.${field}`, message);
    expect(await t.db.$count(contactMessages)).toBe(before);
    expect(await t.db.$count(mailOutbox)).toBe(mailsBefore);
  });

  test('the message and its e-mails are one transaction: if a mail cannot be queued, nothing is stored', async () => {
    await t.db.execute(sql`
      create function refuse_contact_notice() returns trigger language plpgsql as $$
      begin
        if new.kind = 'contact-notification' then raise exception 'outbox refused'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`
      create trigger refuse_contact_notice before insert on mail_outbox
      for each row execute function refuse_contact_notice()`);
    try {
      const input = valid();
      const res = await post('/contact', input);
      expect(res.statusCode).toBe(500);
      expect(await t.db.$count(contactMessages, eq(contactMessages.email, input.email))).toBe(0);
      expect(await mailsTo(t.db, input.email)).toHaveLength(0);
    } finally {
      await t.db.execute(sql`drop trigger refuse_contact_notice on mail_outbox`);
      await t.db.execute(sql`drop function refuse_contact_notice()`);
    }
  });

  test('rate-limited per address and per client', async () => {
    const input = valid();
    for (let i = 0; i < ENGAGEMENT_RATE_LIMITS.contact.email.max; i++) {
      expect((await post('/contact', input)).statusCode).toBe(201);
    }
    expectRateLimited(await post('/contact', input));

    const address = randomAddress();
    for (let i = 0; i < ENGAGEMENT_RATE_LIMITS.contact.address.max; i++) {
      expect((await post('/contact', valid(), { address })).statusCode).toBe(201);
    }
    expectRateLimited(await post('/contact', valid(), { address }));
  });
});

describe('POST /consultations', () => {
  const valid = (): ConsultationBody => ({
    name: 'Morgan Strong',
    email: uniqueEmail('consult'),
    phone: '+1 (416) 555-0134',
    goal: 'build-muscle',
    experienceLevel: 'intermediate',
    preferredDate: daysFromToday(7),
    preferredTime: '14:30',
    message: 'I train four times a week and want a supplement plan.',
  });

  test('books the request, confirms it to the client and notifies the shop', async () => {
    const input = valid();
    const res = await post('/consultations', { ...input });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: expect.stringMatching(/consultation/i) });
    expect(body.data._id).toMatch(/^cons_/);

    const [stored] = await t.db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.id, body.data._id));
    expect(stored).toMatchObject({ ...input, status: 'requested', userId: null });

    await t.app.mail.flush();
    const confirmation = await smtp.waitFor((m) => m.to.includes(input.email));
    expect(confirmation.subject).toContain('consultation');
    expect(confirmation.text).toContain('Build muscle');
    expect(confirmation.text).toContain('Intermediate');
    expect(confirmation.text).toContain('14:30');
    expect(confirmation.html).toContain('Forge Nutrition');
    expect(confirmation.text).not.toContain(input.message!);

    const notice = await smtp.waitFor(
      (m) => m.to.includes(SHOP_ADDRESS) && m.text.includes(body.data._id),
    );
    expect(notice.headers['reply-to']).toBe(input.email);
    expect(notice.text).toContain(input.phone);
    expect(notice.text).toContain(input.message!);
  });

  test('the message is optional; a client-sent status is ignored', async () => {
    const { message: _message, ...input } = valid();
    const res = await post('/consultations', { ...input, status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(201);
    const [stored] = await t.db
      .select()
      .from(consultationBookings)
      .where(eq(consultationBookings.id, res.json().data._id));
    expect(stored).toMatchObject({ status: 'requested', message: '' });
  });

  test.each([
    ['name', undefined, 'Name is required'],
    ['email', 'morgan.example.com', 'Enter a valid email address'],
    ['phone', undefined, 'Phone number is required'],
    ['phone', 'call me', 'Enter a valid phone number'],
    ['phone', '12345', 'Enter a valid phone number'],
    ['goal', undefined, 'Choose a goal'],
    [
      'goal',
      'get-huge',
      'Choose a goal: Build muscle, Lose weight, Improve performance, Endurance, General health',
    ],
    ['experienceLevel', undefined, 'Choose your experience level'],
    ['experienceLevel', 'guru', 'Choose your experience level: Beginner, Intermediate, Advanced'],
    ['preferredDate', undefined, 'Preferred date is required'],
    ['preferredDate', 'next friday', 'Enter a date like 2026-05-31'],
    ['preferredDate', '2027-02-30', 'Enter a date like 2026-05-31'],
    ['preferredDate', 'today', 'Choose a date in the future'],
    ['preferredDate', 'yesterday', 'Choose a date in the future'],
    ['preferredDate', 'in 181 days', 'Choose a date within the next 180 days'],
    ['preferredTime', undefined, 'Preferred time is required'],
    ['preferredTime', '2pm', 'Enter a time like 14:30'],
    ['preferredTime', '07:30', 'Choose a time between 09:00 and 18:00'],
    ['preferredTime', '18:01', 'Choose a time between 09:00 and 18:00'],
    ['message', 'm×2001', 'Message must be at most 2000 characters'],
  ])('rejects %s = %j with "%s" and books nothing', async (field, value, message) => {
    const given = expand(value);
    const payload: Record<string, unknown> = { ...valid(), [field]: given };
    if (given === undefined) delete payload[field];
    const before = await t.db.$count(consultationBookings);
    expectFieldError(await post('/consultations', payload), `body.${field}`, message);
    expect(await t.db.$count(consultationBookings)).toBe(before);
  });

  test('the furthest bookable day and the opening hours are accepted', async () => {
    for (const [preferredDate, preferredTime] of [
      [daysFromToday(180), '09:00'],
      [daysFromToday(1), '18:00'],
    ] as const) {
      const res = await post('/consultations', { ...valid(), preferredDate, preferredTime });
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  test('rate-limited per address and per client', async () => {
    const input = valid();
    for (let i = 0; i < ENGAGEMENT_RATE_LIMITS.consultation.email.max; i++) {
      expect((await post('/consultations', input)).statusCode).toBe(201);
    }
    expectRateLimited(await post('/consultations', input));
    expect(
      await t.db.$count(consultationBookings, and(eq(consultationBookings.email, input.email))),
    ).toBe(ENGAGEMENT_RATE_LIMITS.consultation.email.max);

    const address = randomAddress();
    for (let i = 0; i < ENGAGEMENT_RATE_LIMITS.consultation.address.max; i++) {
      expect((await post('/consultations', valid(), { address })).statusCode).toBe(201);
    }
    expectRateLimited(await post('/consultations', valid(), { address }));
  });
});
