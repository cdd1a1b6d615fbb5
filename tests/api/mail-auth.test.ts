import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loginUser, mailsTo, randomAddress, registerUser } from '../helpers/auth.ts';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../helpers/smtp.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0' } });
});

afterAll(async () => {
  await t.close();
  await smtp.stop();
});

/** Resolves once the account's reset mail is queued: the route may queue it after answering. */
async function resetQueued(email: string, before: number) {
  const deadline = Date.now() + 10_000;
  while ((await mailsTo(t.db, email, 'password-reset')).length <= before) {
    if (Date.now() > deadline) throw new Error(`no password-reset mail queued for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function forgotPassword(
  email: string,
  headers: Record<string, string> = {},
): Promise<ReceivedMail> {
  const already = smtp.messages.length;
  const queued = (await mailsTo(t.db, email, 'password-reset')).length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/forgot-password',
    remoteAddress: randomAddress(),
    headers,
    payload: { email },
  });
  expect(res.statusCode, res.body).toBe(200);
  await resetQueued(email, queued);
  await t.app.mail.flush();
  return smtp.waitFor(
    (m) => smtp.messages.indexOf(m) >= already && m.to.includes(email) && /reset/i.test(m.subject),
  );
}

/** The reset link and the 6-digit code as a reader sees them, in both parts of the mail. */
function readResetMail(mail: ReceivedMail) {
  const link = /https?:\/\/\S+\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  expect(link, mail.text).not.toBeNull();
  expect(code, mail.text).toBeDefined();
  expect(mail.html).toContain(`href="${link![0]}"`);
  expect(mail.html).toContain(code);
  expect(mail.html).toContain('Forge Nutrition');
  return { token: link![1]!, code: code! };
}

describe('password reset over a real SMTP server', () => {
  test('the mailed link sets a new password', async () => {
    const { user } = await registerUser(t.app);
    const mail = await forgotPassword(user.email);
    expect(mail.partTypes).toEqual(['text/plain', 'text/html']);
    const { token } = readResetMail(mail);

    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/user/auth/reset-password/${token}`,
      remoteAddress: randomAddress(),
      payload: { password: 'Brand-new-pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect(loginUser(t.app, user.email, 'Brand-new-pass-1')).resolves.toBeDefined();
  });

  test('the mailed 6-digit code sets a new password', async () => {
    const { user } = await registerUser(t.app);
    const { code } = readResetMail(await forgotPassword(user.email));

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/auth/verify-otp-reset',
      remoteAddress: randomAddress(),
      payload: { email: user.email, otp: code, password: 'Other-new-pass-2' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect(loginUser(t.app, user.email, 'Other-new-pass-2')).resolves.toBeDefined();
  });
});

test('the link starts at the configured public origin, whatever Host the request names', async () => {
  // No STOREFRONT_ORIGINS and no PUBLIC_ORIGIN here: outside production the link points at the
  // server's own listen address.
  expect(t.config.STOREFRONT_ORIGINS).toEqual([]);
  expect(t.config.publicOrigin).toBe('http://localhost:8080');
  const { user } = await registerUser(t.app);
  const mail = await forgotPassword(user.email, {
    host: 'evil.example',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
  });
  const { token } = readResetMail(mail);
  expect(mail.text).toContain(`http://localhost:8080/reset-password/${token}`);
  expect(mail.text + mail.html).not.toContain('evil.example');
});
