import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { enqueueMail } from '../../server/modules/mail/outbox.ts';
import type { MailSender, OutgoingMail } from '../../server/modules/mail/sender.ts';
import { mailOutbox } from '../../server/modules/mail/tables.ts';
import { SHOP_NAME, renderMail } from '../../server/modules/mail/templates.ts';
import { MailWorker, retryDelayMs } from '../../server/modules/mail/worker.ts';
import { parseMail, startSmtpServer, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const silent = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silent;
  },
} as never;

async function row(t: TestApp, id: string) {
  const [found] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

/** Lets time pass for one message: its next attempt is due now. */
async function makeDue(t: TestApp, id: string) {
  await t.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.id, id));
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('retry schedule', () => {
  test('doubles from the base and is capped at an hour', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 30_000))).toEqual([
      30_000, 60_000, 120_000, 240_000,
    ]);
    expect(retryDelayMs(30, 30_000)).toBe(60 * 60 * 1000);
  });
});

describe('without SMTP_URL: .eml files under DATA_DIR/mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(() => t.close());

  test('a queued message is written as a multipart text + HTML .eml file', async () => {
    const { text, html } = renderMail({
      heading: 'Hello there',
      paragraphs: ['A first paragraph with <b>markup</b> & ampersands.'],
      code: 'FORGE-TEST-0001',
    });
    const id = await enqueueMail(t.db, {
      to: 'reader@example.com',
      subject: 'File delivery check',
      text,
      html,
      kind: 'test',
    });
    expect(await t.app.mail.flush()).toEqual({ sent: 1, retrying: 0, failed: 0 });

    const mailDir = path.join(t.config.dataDir, 'mail');
    const files = readdirSync(mailDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const file = path.join(mailDir, files[0]!);
    const sent = await row(t, id);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, deliveredTo: file, lastError: null });
    expect(sent.sentAt).toBeInstanceOf(Date);

    const mail = parseMail(readFileSync(file, 'utf8'), { from: '', to: [] });
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    expect(mail.headers.from).toBe(t.config.MAIL_FROM);
    expect(mail.headers.to).toBe('reader@example.com');
    expect(mail.subject).toBe('File delivery check');
    expect(mail.text).toContain(SHOP_NAME);
    expect(mail.text).toContain('FORGE-TEST-0001');
    expect(mail.html).toContain(SHOP_NAME);
    expect(mail.html).toContain('FORGE-TEST-0001');
    expect(mail.html).toContain('&lt;b&gt;markup&lt;/b&gt; &amp; ampersands');
  });

  test('a message given only text gets an HTML part in the shop layout', async () => {
    const id = await enqueueMail(t.db, {
      to: 'reader@example.com',
      subject: 'Text only',
      text: 'Heading line\n\nBody <paragraph>',
    });
    const queued = await row(t, id);
    expect(queued.htmlBody).toContain(SHOP_NAME);
    expect(queued.htmlBody).toContain('Body &lt;paragraph&gt;');
    expect(queued.kind).toBe('general');
    await t.app.mail.flush();
  });

  test('a message queued in a transaction that rolls back is never sent', async () => {
    const before = await t.db.$count(mailOutbox);
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'ghost@example.com', subject: 'Never', text: 'Never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.$count(mailOutbox)).toBe(before);
  });

  test('several workers at once never send one message twice', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 30; i++) {
      ids.add(await enqueueMail(t.db, { to: `n${i}@example.com`, subject: `#${i}`, text: 'x' }));
    }
    const deliveries: string[] = [];
    const sender: MailSender = {
      kind: 'file',
      async send(mail: OutgoingMail) {
        // Yield, so the other workers run while this one holds its claim.
        await new Promise((resolve) => setTimeout(resolve, 2));
        deliveries.push(mail.id);
        return `memory:${mail.id}`;
      },
      close() {},
    };
    const workers = [1, 2, 3, 4].map(
      () =>
        new MailWorker({
          db: t.db,
          sender,
          log: silent,
          pollIntervalMs: 0,
          retryBaseMs: 1000,
          maxAttempts: 3,
          batchSize: 4,
        }),
    );
    const results = await Promise.all(workers.map((worker) => worker.flush()));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(30);
    expect(deliveries).toHaveLength(30);
    expect(new Set(deliveries)).toEqual(ids);
  });

  test('a claim whose worker died is taken over once its lease ends, a live one is not', async () => {
    const stale = await enqueueMail(t.db, { to: 'a@example.com', subject: 'stale', text: 'x' });
    const live = await enqueueMail(t.db, { to: 'b@example.com', subject: 'live', text: 'x' });
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 minute'` })
      .where(eq(mailOutbox.id, stale));
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(mailOutbox.id, live));
    await t.app.mail.flush();
    expect(await row(t, stale)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await row(t, live)).toMatchObject({ status: 'sending', attempts: 1 });
  });
});

describe('with SMTP_URL: a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: {
        SMTP_URL: smtp.url,
        MAIL_POLL_INTERVAL_MS: '0',
        MAIL_RETRY_BASE_MS: '60000',
        MAIL_MAX_ATTEMPTS: '3',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });
  beforeEach(async () => {
    smtp.setMode('accept');
    await smtp.start();
  });

  test('the message arrives with its text and HTML parts', async () => {
    const { text, html } = renderMail({ heading: 'Over the wire', paragraphs: ['Héllo — ü'] });
    const id = await enqueueMail(t.db, { to: 'wire@example.com', subject: 'Wire ✓', text, html });
    expect(await t.app.mail.flush()).toMatchObject({ sent: 1 });
    const mail = await smtp.waitFor((m) => m.to.includes('wire@example.com'));
    expect(mail.subject).toBe('Wire ✓');
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    expect(mail.text).toContain('Héllo — ü');
    expect(mail.html).toContain(SHOP_NAME);
    expect(mail.headers['message-id']).toContain(id);
    expect((await row(t, id)).status).toBe('sent');
  });

  test('with the server down, the message waits and is delivered once it is back', async () => {
    await smtp.stop();
    const id = await enqueueMail(t.db, { to: 'later@example.com', subject: 'Later', text: 'x' });
    const startedAt = Date.now();
    expect(await t.app.mail.flush()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await row(t, id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(startedAt + 50_000);

    // Not due yet: a pass now leaves it alone.
    expect(await t.app.mail.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });

    await smtp.start();
    await makeDue(t, id);
    expect(await t.app.mail.flush()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await smtp.waitFor((m) => m.to.includes('later@example.com'));
    expect(await row(t, id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  test('a temporary refusal (421) is retried with a doubled wait', async () => {
    smtp.setMode('temporary');
    const id = await enqueueMail(t.db, { to: 'busy@example.com', subject: 'Busy', text: 'x' });
    await t.app.mail.flush();
    const first = await row(t, id);
    await makeDue(t, id);
    const secondAt = Date.now();
    await t.app.mail.flush();
    const second = await row(t, id);
    expect(second).toMatchObject({ status: 'pending', attempts: 2 });
    expect(second.lastError).toContain('421');
    expect(second.nextAttemptAt.getTime()).toBeGreaterThan(secondAt + 110_000);
    expect(second.nextAttemptAt.getTime()).toBeGreaterThan(first.nextAttemptAt.getTime());

    smtp.setMode('accept');
    await makeDue(t, id);
    await t.app.mail.flush();
    await smtp.waitFor((m) => m.to.includes('busy@example.com'));
    expect(await row(t, id)).toMatchObject({ status: 'sent', attempts: 3 });
  });

  test('a permanent refusal (5xx) fails the message at once', async () => {
    smtp.setMode('permanent');
    const id = await enqueueMail(t.db, { to: 'nobody@example.com', subject: 'No', text: 'x' });
    expect(await t.app.mail.flush()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    const failed = await row(t, id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.lastError).toContain('550');
  });

  test('a message is given up after MAIL_MAX_ATTEMPTS tries', async () => {
    await smtp.stop();
    const id = await enqueueMail(t.db, { to: 'gone@example.com', subject: 'Gone', text: 'x' });
    const outcomes = [];
    for (let i = 0; i < 3; i++) {
      await makeDue(t, id);
      outcomes.push(await t.app.mail.flush());
    }
    expect(outcomes.map((o) => (o.failed ? 'failed' : o.retrying ? 'retrying' : 'none'))).toEqual([
      'retrying',
      'retrying',
      'failed',
    ]);
    expect(await row(t, id)).toMatchObject({ status: 'failed', attempts: 3 });
    await makeDue(t, id);
    expect(await t.app.mail.flush()).toEqual({ sent: 0, retrying: 0, failed: 0 });
  });
});

describe('the background worker', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer({ down: true });
    t = await createTestApp({
      env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '25', MAIL_RETRY_BASE_MS: '100' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  test('SMTP down: the coupon request still succeeds and the code arrives once SMTP is back', async () => {
    const email = 'comeback@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coupon/request',
      payload: { name: 'Casey Comeback', email },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Your discount code has been sent to your email!',
    });

    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const id = queued!.id;
    await until(async () => {
      const current = await row(t, id);
      return current.attempts >= 1 && current.status === 'pending' ? current : undefined;
    }, 'a failed first attempt');
    expect(smtp.messages).toHaveLength(0);

    await smtp.start();
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mail.text).toMatch(/FORGE-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    const sent = await until(async () => {
      const current = await row(t, id);
      return current.status === 'sent' ? current : undefined;
    }, 'the row to be marked sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  });
});
