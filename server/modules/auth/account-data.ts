/**
 * What the auth module keeps about an account, for its data export and its deletion (the profile
 * module runs both across every module, in its one transaction).
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChanges, passwordResets, sessionUserColumns, sessions, users } from './tables.ts';

/** The account as its data export shows it: no password hash, no token. */
export async function exportAccountOf(db: Executor, userId: string) {
  const [user] = await db
    .select({
      ...sessionUserColumns,
      phone: users.phone,
      locale: users.locale,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user;
}

/**
 * Locks the account's row until the transaction ends (an order placed meanwhile waits for it)
 * and answers its e-mail address, or undefined when there is no such account.
 */
export async function lockAccountEmail(tx: Executor, userId: string) {
  const [account] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return account?.email;
}

/** Ends every session and drops pending e-mail changes and password resets of the account. */
export async function deleteSignInDataOf(tx: Executor, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/** Deletes the account's row, last: what other modules keep of it is gone by then. */
export async function deleteUser(tx: Executor, userId: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, userId));
}
