import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Locale } from '../../../contract/locale.ts';
import type { Database } from '../../db/client.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { inLocale } from '../../lib/locale.ts';
import { hashToken, newDigitCode, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { setPassword } from './accounts.ts';
import { hashPassword } from './passwords.ts';
import { accountEmailIs, passwordResets, users } from './tables.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const codeHash = (resetId: string, code: string) => hashToken(`${resetId}:${code}`);

/**
 * E-mails a reset link and a 6-digit code when the address has an account; does nothing
 * visible otherwise. Earlier unused links and codes of the account stop working. The mail and its
 * link are in `locale` (the language of the request that asked), or else the account's.
 */
export async function requestPasswordReset(
  db: Database,
  email: string,
  resetUrl: (token: string, locale: Locale) => string,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<void> {
  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(accountEmailIs(email))
    .limit(1);
  if (!user) return;
  const id = newId('pwr');
  const token = newToken(32);
  const code = newDigitCode(6);
  const at = now();
  await db.transaction(async (tx) => {
    // The account's earlier requests die, and everyone's expired ones are swept while here.
    await tx
      .delete(passwordResets)
      .where(or(eq(passwordResets.userId, user.id), lt(passwordResets.tokenExpiresAt, at)));
    await tx.insert(passwordResets).values({
      id,
      userId: user.id,
      tokenHash: hashToken(token),
      codeHash: codeHash(id, code),
      tokenExpiresAt: new Date(at.getTime() + RESET_TOKEN_TTL_MS),
      codeExpiresAt: new Date(at.getTime() + RESET_CODE_TTL_MS),
    });
    const mailLocale = locale ?? user.locale;
    const l = inLocale(mailLocale);
    const linkMinutes = RESET_TOKEN_TTL_MS / 60_000;
    const codeMinutes = RESET_CODE_TTL_MS / 60_000;
    await enqueueMail(tx, {
      kind: 'password-reset',
      to: user.email,
      subject: l(
        'Reset your Forge Nutrition password',
        'Réinitialisez votre mot de passe Forge Nutrition',
      ),
      ...renderMail(
        {
          heading: l('Reset your password', 'Réinitialisez votre mot de passe'),
          paragraphs: [
            l(`Hi ${user.name},`, `Bonjour ${user.name},`),
            l(
              `Use the button below within ${linkMinutes} minutes to choose a new password, or enter this code in the app within ${codeMinutes} minutes:`,
              `Utilisez le bouton ci-dessous d’ici ${linkMinutes} minutes pour choisir un nouveau mot de passe, ou entrez ce code dans l’application d’ici ${codeMinutes} minutes\u00a0:`,
            ),
          ],
          code,
          action: {
            label: l('Choose a new password', 'Choisir un nouveau mot de passe'),
            url: resetUrl(token, mailLocale),
          },
        },
        mailLocale,
      ),
    });
  });
}

/** Sets a new password with a link token; the user's id, or null for a bad or spent link. */
export async function resetWithToken(
  db: Database,
  token: string,
  password: string,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now() })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.tokenExpiresAt, now()),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await setPassword(tx, reset.userId, passwordHash, null, locale, now);
    return reset.userId;
  });
}

/**
 * Sets a new password with the e-mailed code. Each guess spends one of the code's attempts
 * before it is compared, so parallel guesses cannot get past the limit.
 */
export async function resetWithCode(
  db: Database,
  email: string,
  code: string,
  password: string,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<string | null> {
  const passwordHash = await hashPassword(password);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(accountEmailIs(email))
    .limit(1);
  if (!user) return null;
  const latest = db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(eq(passwordResets.userId, user.id))
    .orderBy(desc(passwordResets.createdAt))
    .limit(1);
  const [attempt] = await db
    .update(passwordResets)
    .set({ codeAttempts: sql`${passwordResets.codeAttempts} + 1` })
    .where(
      and(
        sql`${passwordResets.id} = (${latest})`,
        isNull(passwordResets.usedAt),
        gt(passwordResets.codeExpiresAt, now()),
        lt(passwordResets.codeAttempts, RESET_CODE_MAX_ATTEMPTS),
      ),
    )
    .returning({ id: passwordResets.id, codeHash: passwordResets.codeHash });
  if (!attempt) return null;
  const given = Buffer.from(codeHash(attempt.id, code));
  if (!timingSafeEqual(given, Buffer.from(attempt.codeHash))) return null;
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now() })
      .where(and(eq(passwordResets.id, attempt.id), isNull(passwordResets.usedAt)))
      .returning({ userId: passwordResets.userId });
    if (!reset) return null;
    await setPassword(tx, reset.userId, passwordHash, null, locale, now);
    return reset.userId;
  });
}
