import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { User } from '../../contract/auth.ts';
import type { Database } from '../../server/db/client.ts';
import { newToken } from '../../server/lib/tokens.ts';
import { mailOutbox, type MailRow } from '../../server/modules/mail/tables.ts';
import { SESSION_COOKIE } from '../../server/plugins/sessions.ts';

export interface SignedIn {
  user: User;
  /** Pass as the `cookie` header of `app.inject` to act as this user. */
  cookie: string;
}

export const TEST_PASSWORD = 'Correct-horse-9';

/** A fresh address per call: each test's accounts are its own. */
export const uniqueEmail = (label = 'shopper') =>
  `${label}-${newToken(6)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}@example.com`;

/**
 * A random client address, so helpers never use up the per-address rate limits of the test
 * that calls them.
 */
export const randomAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The `name=value` pair of the session cookie a response set, or null. */
export function sessionCookie(res: LightMyRequestResponse): string | null {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  return cookie && cookie.value ? `${SESSION_COOKIE}=${cookie.value}` : null;
}

function expectSignedIn(res: LightMyRequestResponse, what: string): SignedIn {
  const cookie = sessionCookie(res);
  if (res.statusCode >= 300 || !cookie) {
    throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  }
  return { user: res.json().user as User, cookie };
}

/** Registers a new account (unique e-mail unless given) and returns it signed in. */
export async function registerUser(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<SignedIn & { password: string }> {
  const password = input.password ?? TEST_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/register',
    remoteAddress: randomAddress(),
    payload: { name: input.name ?? 'Test Shopper', email: input.email ?? uniqueEmail(), password },
  });
  return { ...expectSignedIn(res, 'registerUser'), password };
}

/** Signs in an existing account. */
export async function loginUser(
  app: FastifyInstance,
  email: string,
  password: string = TEST_PASSWORD,
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/user/auth/login',
    remoteAddress: randomAddress(),
    payload: { email, password },
  });
  return expectSignedIn(res, 'loginUser');
}

/** Messages queued for an address, newest first (optionally of one kind). */
export async function mailsTo(db: Database, to: string, kind?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(
      kind
        ? and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind))
        : eq(mailOutbox.toAddress, to),
    )
    .orderBy(desc(mailOutbox.createdAt));
}

/** The reset link token and the 6-digit code of the newest password-reset mail to an address. */
export async function resetMail(db: Database, to: string, newerThan?: MailRow) {
  // forgot-password answers before it writes (equal timing for unknown addresses): wait for it.
  let mail: MailRow | undefined;
  for (let i = 0; i < 250 && !mail; i++) {
    [mail] = await mailsTo(db, to, 'password-reset');
    if (mail && mail.id === newerThan?.id) mail = undefined;
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  if (!mail) throw new Error(`no password-reset mail to ${to}`);
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
  const code = /^(\d{6})$/m.exec(mail.textBody)?.[1];
  if (!token || !code) throw new Error(`reset mail without link or code:\n${mail.textBody}`);
  return { token, code, mail };
}
