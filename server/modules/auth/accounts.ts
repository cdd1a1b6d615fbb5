import { and, eq, ne, sql } from 'drizzle-orm';
import type { ProfileUser, User } from '../../../contract/auth.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import type { Database, Executor } from '../../db/client.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { inLocale } from '../../lib/locale.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { accountEmailIs, passwordResets, sessionUserColumns, sessions, users } from './tables.ts';

const profileColumns = { ...sessionUserColumns, phone: users.phone };

/** Whether the password is the account's. */
export async function passwordMatches(db: Database, userId: string, password: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // An unknown user costs a hash check too.
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  return Boolean(row) && ok;
}

/** The account's name, or null when there is no such account. */
export async function accountName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/**
 * Locks the account's row until the transaction ends: what one shopper changes in turn (a count
 * against a cap, a single default) is read and written under it.
 */
export async function lockAccount(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Ends every session of a user but the one kept (by the hash of its id). */
async function endSessions(tx: Executor, userId: string, keepIdHash?: string | null) {
  await tx
    .delete(sessions)
    .where(
      keepIdHash
        ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
        : eq(sessions.userId, userId),
    );
}

/**
 * Stores a new password: pending resets die, every session ends but the one kept (the caller's,
 * on a change while signed in), and the owner gets a notice, in `locale` (the language of the
 * request that changed it) or else the account's.
 */
export async function setPassword(
  tx: Executor,
  userId: string,
  passwordHash: string,
  keepSessionIdHash: string | null = null,
  locale?: Locale,
  now: Clock = systemClock,
) {
  const [user] = await tx
    .update(users)
    .set({ passwordHash, updatedAt: now() })
    .where(eq(users.id, userId))
    .returning({ name: users.name, email: users.email, locale: users.locale });
  if (!user) return;
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  await endSessions(tx, userId, keepSessionIdHash);
  const mailLocale = locale ?? user.locale;
  const l = inLocale(mailLocale);
  await enqueueMail(tx, {
    kind: 'password-changed',
    to: user.email,
    subject: l(
      'Your Forge Nutrition password was changed',
      'Le mot de passe de votre compte Forge Nutrition a été modifié',
    ),
    ...renderMail(
      {
        heading: l('Your password was changed', 'Votre mot de passe a été modifié'),
        paragraphs: [
          l(`Hi ${user.name},`, `Bonjour ${user.name},`),
          keepSessionIdHash
            ? l(
                'The password of your Forge Nutrition account was just changed, and every other device signed in to it was signed out.',
                'Le mot de passe de votre compte Forge Nutrition vient d’être modifié, et tous les autres appareils connectés à ce compte ont été déconnectés.',
              )
            : l(
                'The password of your Forge Nutrition account was just changed, and every device signed in to it was signed out.',
                'Le mot de passe de votre compte Forge Nutrition vient d’être modifié, et tous les appareils connectés à ce compte ont été déconnectés.',
              ),
          l(
            'If this was not you, reset your password at once with "Forgot password" on the login page.',
            'Si vous n’êtes pas à l’origine de ce changement, réinitialisez votre mot de passe sans tarder avec « Mot de passe oublié » sur la page de connexion.',
          ),
        ],
      },
      mailLocale,
    ),
  });
}

/**
 * Creates an account in the language it is made in; null when the address already has one
 * (nothing is changed then).
 */
export async function register(
  db: Database,
  input: { name: string; email: string; password: string; locale?: Locale },
): Promise<User | null> {
  const passwordHash = await hashPassword(input.password);
  const locale = input.locale ?? DEFAULT_LOCALE;
  const l = inLocale(locale);
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: newId('usr'), name: input.name, email: input.email, passwordHash, locale })
      .onConflictDoNothing({ target: users.email, where: sql`NOT ${users.guest}` })
      .returning(sessionUserColumns);
    if (!user) return null;
    await enqueueMail(tx, {
      kind: 'welcome',
      to: user.email,
      subject: l('Welcome to Forge Nutrition', 'Bienvenue chez Forge Nutrition'),
      ...renderMail(
        {
          heading: l('Welcome to Forge Nutrition', 'Bienvenue chez Forge Nutrition'),
          paragraphs: [
            l(`Hi ${user.name},`, `Bonjour ${user.name},`),
            l(
              'Your account is ready. You can now check out, follow your orders and manage your profile.',
              'Votre compte est prêt. Vous pouvez maintenant passer vos commandes, en suivre l’avancement et gérer votre profil.',
            ),
          ],
        },
        locale,
      ),
    });
    return user as User;
  });
}

/**
 * A guest checkout's user: a row of its own for this e-mail address, whether or not an account
 * has the address, so the answer tells nobody which addresses are customers and the guest never
 * reaches the account. It has no password: it lives as long as its session.
 */
export async function createGuest(
  db: Database,
  input: { name: string; email: string; locale?: Locale },
) {
  const [user] = await db
    .insert(users)
    .values({
      id: newId('usr'),
      name: input.name,
      email: input.email,
      guest: true,
      locale: input.locale ?? DEFAULT_LOCALE,
    })
    .returning(sessionUserColumns);
  return user as User;
}

/**
 * The user for these credentials, or null; unknown e-mails cost as much as wrong passwords. A
 * sign-in in a language (`locale`) makes it the account's, for the mails no request asks for.
 */
export async function login(
  db: Database,
  email: string,
  password: string,
  locale?: Locale,
): Promise<User | null> {
  const [row] = await db
    .select({ ...sessionUserColumns, passwordHash: users.passwordHash, locale: users.locale })
    .from(users)
    .where(accountEmailIs(email))
    .limit(1);
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  if (!row || !ok) return null;
  const { passwordHash: _, locale: kept, ...user } = row;
  if (locale && locale !== kept) {
    await db.update(users).set({ locale }).where(eq(users.id, user._id));
  }
  return user as User;
}

export async function getProfile(db: Database, userId: string): Promise<ProfileUser | null> {
  const [user] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  return (user as ProfileUser | undefined) ?? null;
}

/** Name, and the phone when given (null clears it). */
export async function updateProfile(
  db: Database,
  userId: string,
  changes: { name: string; phone?: string | null },
  now: Clock = systemClock,
): Promise<ProfileUser | null> {
  const [user] = await db
    .update(users)
    .set({
      name: changes.name,
      ...(changes.phone !== undefined ? { phone: changes.phone } : {}),
      updatedAt: now(),
    })
    .where(eq(users.id, userId))
    .returning(profileColumns);
  return (user as ProfileUser | undefined) ?? null;
}

/**
 * Changes the password of a signed-in user who proved the current one. Every other session of
 * the account ends; the caller's (by the hash of its id) stays signed in.
 */
export async function changePassword(
  db: Database,
  userId: string,
  currentPassword: string,
  newPassword: string,
  keepSessionIdHash: string | null,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<boolean> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) return false;
  const passwordHash = await hashPassword(newPassword);
  await db.transaction((tx) =>
    setPassword(tx, userId, passwordHash, keepSessionIdHash, locale, now),
  );
  return true;
}

/** Creates the shop's admin account, or makes sure it is an admin with this password. */
export async function ensureAdmin(
  db: Database,
  email: string,
  password: string,
  now: Clock = systemClock,
): Promise<'created' | 'updated' | 'kept'> {
  const [row] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(accountEmailIs(email))
    .limit(1);
  if (!row) {
    await db.insert(users).values({
      id: newId('usr'),
      name: 'Shop admin',
      email,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    return 'created';
  }
  const samePassword = await verifyPassword(row.passwordHash, password);
  if (samePassword && row.role === 'admin') return 'kept';
  const passwordHash = samePassword ? row.passwordHash : await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ role: 'admin', passwordHash, updatedAt: now() })
      .where(eq(users.id, row.id));
    // A changed admin password must not leave old sessions signed in.
    if (!samePassword) await endSessions(tx, row.id);
  });
  return 'updated';
}
