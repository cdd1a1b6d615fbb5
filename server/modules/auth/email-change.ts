/**
 * Changing an account's e-mail address: a link to the new address, a notice to the old one, and
 * the change itself once the link is opened.
 */
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Locale } from '../../../contract/locale.ts';
import type { Database } from '../../db/client.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { inLocale } from '../../lib/locale.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { passwordMatches } from './accounts.ts';
import { accountEmailIs, emailChanges, passwordResets, users } from './tables.ts';

/** How long the confirmation link of an e-mail change works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export type EmailChangeRequest =
  { ok: true } | { ok: false; reason: 'wrong-password' | 'taken' | 'same' | 'no-user' };

export type EmailChangeConfirm =
  { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' };

async function emailTaken(db: Database, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(accountEmailIs(email)).limit(1);
  return Boolean(row);
}

/**
 * Stores a pending change and e-mails the link to the new address, and a notice to the old
 * one. Earlier pending changes of the account stop working. Both mails are in `locale` (the
 * language of the request), or else the account's.
 */
export async function requestEmailChange(
  db: Database,
  userId: string,
  newEmail: string,
  password: string,
  confirmUrl: (token: string, locale: Locale) => string,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<EmailChangeRequest> {
  if (!(await passwordMatches(db, userId, password)))
    return { ok: false, reason: 'wrong-password' };
  const [user] = await db
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return { ok: false, reason: 'no-user' };
  if (user.email === newEmail) return { ok: false, reason: 'same' };
  if (await emailTaken(db, newEmail)) return { ok: false, reason: 'taken' };
  const token = newToken(32);
  const at = now();
  const mailLocale = locale ?? user.locale;
  const l = inLocale(mailLocale);
  const hours = EMAIL_CHANGE_TTL_MS / 3_600_000;
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChanges)
      .where(or(eq(emailChanges.userId, userId), lt(emailChanges.expiresAt, at)));
    await tx.insert(emailChanges).values({
      id: newId('emc'),
      userId,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    await enqueueMail(tx, {
      kind: 'email-change-confirm',
      to: newEmail,
      subject: l(
        'Confirm your new Forge Nutrition e-mail address',
        'Confirmez votre nouvelle adresse courriel Forge Nutrition',
      ),
      ...renderMail(
        {
          heading: l(
            'Confirm your new e-mail address',
            'Confirmez votre nouvelle adresse courriel',
          ),
          paragraphs: [
            l(`Hi ${user.name},`, `Bonjour ${user.name},`),
            l(
              `Open the link below within ${hours} hours to use this address for your Forge Nutrition account. Until then your account keeps its current address.`,
              `Ouvrez le lien ci-dessous d’ici ${hours} heures pour utiliser cette adresse avec votre compte Forge Nutrition. D’ici là, votre compte garde son adresse actuelle.`,
            ),
            l(
              'If you did not ask for this, ignore this message.',
              'Si vous n’avez rien demandé, ne tenez pas compte de ce message.',
            ),
          ],
          action: {
            label: l('Confirm this address', 'Confirmer cette adresse'),
            url: confirmUrl(token, mailLocale),
          },
        },
        mailLocale,
      ),
    });
    await enqueueMail(tx, {
      kind: 'email-change-notice',
      to: user.email,
      subject: l(
        'A change of your Forge Nutrition e-mail address was requested',
        'Un changement de votre adresse courriel Forge Nutrition a été demandé',
      ),
      ...renderMail(
        {
          heading: l('E-mail change requested', 'Changement d’adresse courriel demandé'),
          paragraphs: [
            l(`Hi ${user.name},`, `Bonjour ${user.name},`),
            l(
              `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only once the link sent to that address is opened.`,
              `Une personne connectée à votre compte a demandé de remplacer son adresse courriel par ${newEmail}. Le changement ne se fera qu’une fois ouvert le lien envoyé à cette adresse.`,
            ),
            l(
              'If this was not you, change your password at once; the account keeps this address until the link is opened.',
              `Si ce n’était pas vous, changez votre mot de passe sans tarder${'\u00a0'}; le compte garde cette adresse tant que le lien n’est pas ouvert.`,
            ),
          ],
        },
        mailLocale,
      ),
    });
  });
  return { ok: true };
}

/** Applies a pending change once; the account's e-mail changes only here. */
export async function confirmEmailChange(
  db: Database,
  token: string,
  now: Clock = systemClock,
): Promise<EmailChangeConfirm> {
  const at = now();
  return db.transaction(async (tx): Promise<EmailChangeConfirm> => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.tokenHash, hashToken(token)))
      .limit(1);
    if (!change) return { ok: false, reason: 'invalid' };
    if (change.usedAt) return { ok: false, reason: 'used' };
    if (change.expiresAt <= at) return { ok: false, reason: 'expired' };
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(accountEmailIs(change.newEmail))
      .limit(1);
    // The address got an account since the request; the unique index backs this up.
    if (owner) return { ok: false, reason: 'taken' };
    const [spent] = await tx
      .update(emailChanges)
      .set({ usedAt: at })
      .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt)))
      .returning({ id: emailChanges.id });
    if (!spent) return { ok: false, reason: 'used' };
    const [updated] = await tx
      .update(users)
      .set({ email: change.newEmail, updatedAt: at })
      .where(eq(users.id, change.userId))
      .returning({ id: users.id });
    if (!updated) return { ok: false, reason: 'invalid' };
    // Reset links mailed to the old address die with it.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, change.userId));
    return { ok: true, email: change.newEmail };
  });
}
