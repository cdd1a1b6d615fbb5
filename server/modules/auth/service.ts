import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { ProfileUser, User } from '../../../contract/auth.ts';
import type { Database, Executor } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newDigitCode, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordResets, sessions, users } from './tables.ts';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_CODE_TTL_MS = 10 * 60 * 1000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const codeHash = (resetId: string, code: string) => hashToken(`${resetId}:${code}`);

const userColumns = { _id: users.id, name: users.name, email: users.email, role: users.role };
const profileColumns = { ...userColumns, phone: users.phone };

export interface AuthServiceOptions {
  db: Database;
  /** The clock; tests move it to expire tokens and codes. */
  now?: () => Date;
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, now = () => new Date() }: AuthServiceOptions) {
  /** Ends every session of a user but the one kept (by the hash of its id). */
  const endSessions = async (tx: Executor, userId: string, keepIdHash?: string | null) => {
    await tx
      .delete(sessions)
      .where(
        keepIdHash
          ? and(eq(sessions.userId, userId), ne(sessions.idHash, keepIdHash))
          : eq(sessions.userId, userId),
      );
  };

  /**
   * Stores a new password: pending resets die, every session ends but the one kept (the caller's,
   * on a change while signed in), and the owner gets a notice.
   */
  const setPassword = async (
    tx: Executor,
    userId: string,
    passwordHash: string,
    keepSessionIdHash?: string | null,
  ) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now() })
      .where(eq(users.id, userId))
      .returning({ name: users.name, email: users.email });
    if (!user) return;
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await endSessions(tx, userId, keepSessionIdHash);
    await enqueueMail(tx, {
      kind: 'password-changed',
      to: user.email,
      subject: 'Your Forge Nutrition password was changed',
      ...renderMail({
        heading: 'Your password was changed',
        paragraphs: [
          `Hi ${user.name},`,
          keepSessionIdHash
            ? 'The password of your Forge Nutrition account was just changed, and every other device signed in to it was signed out.'
            : 'The password of your Forge Nutrition account was just changed, and every device signed in to it was signed out.',
          'If this was not you, reset your password at once with "Forgot password" on the login page.',
        ],
      }),
    });
  };

  return {
    /** Creates an account; null when the address already has one (nothing is changed then). */
    async register(input: { name: string; email: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      return db.transaction(async (tx) => {
        const [user] = await tx
          .insert(users)
          .values({ id: newId('usr'), name: input.name, email: input.email, passwordHash })
          .onConflictDoNothing({ target: users.email })
          .returning(userColumns);
        if (!user) return null;
        await enqueueMail(tx, {
          kind: 'welcome',
          to: user.email,
          subject: 'Welcome to Forge Nutrition',
          ...renderMail({
            heading: 'Welcome to Forge Nutrition',
            paragraphs: [
              `Hi ${user.name},`,
              'Your account is ready. You can now check out, follow your orders and manage your profile.',
            ],
          }),
        });
        return user as User;
      });
    },

    /** The user for these credentials, or null; unknown e-mails cost as much as wrong passwords. */
    async login(email: string, password: string): Promise<User | null> {
      const [row] = await db
        .select({ ...userColumns, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      const ok = await verifyPassword(row?.passwordHash ?? null, password);
      if (!row || !ok) return null;
      const { passwordHash: _, ...user } = row;
      return user as User;
    },

    async getUser(userId: string): Promise<User | null> {
      const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId)).limit(1);
      return (user as User | undefined) ?? null;
    },

    async getProfile(userId: string): Promise<ProfileUser | null> {
      const [user] = await db
        .select(profileColumns)
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      return (user as ProfileUser | undefined) ?? null;
    },

    /** Name, and the phone when given (null clears it). */
    async updateProfile(
      userId: string,
      changes: { name: string; phone?: string | null },
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
    },

    /**
     * E-mails a reset link and a 6-digit code when the address has an account; does nothing
     * visible otherwise. Earlier unused links and codes of the account stop working.
     */
    async requestPasswordReset(email: string, resetUrl: (token: string) => string) {
      const [user] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(eq(users.email, email))
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
        await enqueueMail(tx, {
          kind: 'password-reset',
          to: user.email,
          subject: 'Reset your Forge Nutrition password',
          ...renderMail({
            heading: 'Reset your password',
            paragraphs: [
              `Hi ${user.name},`,
              `Use the button below within ${RESET_TOKEN_TTL_MS / 60_000} minutes to choose a new password, or enter this code in the app within ${RESET_CODE_TTL_MS / 60_000} minutes:`,
            ],
            code,
            action: { label: 'Choose a new password', url: resetUrl(token) },
          }),
        });
      });
    },

    /** Sets a new password with a link token; the user's id, or null for a bad or spent link. */
    async resetWithToken(token: string, password: string): Promise<string | null> {
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
        await setPassword(tx, reset.userId, passwordHash);
        return reset.userId;
      });
    },

    /**
     * Sets a new password with the e-mailed code. Each guess spends one of the code's attempts
     * before it is compared, so parallel guesses cannot get past the limit.
     */
    async resetWithCode(email: string, code: string, password: string): Promise<string | null> {
      const passwordHash = await hashPassword(password);
      const [user] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email))
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
        await setPassword(tx, reset.userId, passwordHash);
        return reset.userId;
      });
    },

    /**
     * Changes the password of a signed-in user who proved the current one. Every other session of
     * the account ends; the caller's (by the hash of its id) stays signed in.
     */
    async changePassword(
      userId: string,
      currentPassword: string,
      newPassword: string,
      keepSessionIdHash: string | null,
    ) {
      const [row] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) return false;
      const passwordHash = await hashPassword(newPassword);
      await db.transaction((tx) => setPassword(tx, userId, passwordHash, keepSessionIdHash));
      return true;
    },

    /** Creates the shop's admin account, or makes sure it is an admin with this password. */
    async ensureAdmin(email: string, password: string): Promise<'created' | 'updated' | 'kept'> {
      const [row] = await db
        .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.email, email))
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
    },
  };
}
