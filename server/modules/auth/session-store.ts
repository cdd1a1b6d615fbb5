/** The session rows behind the session cookie (server/plugins/sessions.ts). */
import { and, eq, gt, lt } from 'drizzle-orm';
import { builtOnce, type Placeholders } from '../../db/built-once.ts';
import type { Executor } from '../../db/client.ts';
import { sessionUserColumns, sessions, users } from './tables.ts';

// Every signed-in request reads this, so its text is built once.
const sessionUser = builtOnce((db, p: Placeholders<{ idHash: string; at: Date }>) =>
  db
    .select(sessionUserColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.idHash, p('idHash')), gt(sessions.expiresAt, p('at'))))
    .limit(1),
);

/** The user of a live session, by the hash of its id. */
export async function findSessionUser(db: Executor, idHash: string, at: Date) {
  const [row] = await sessionUser(db, { idHash, at });
  return row;
}

export async function insertSession(
  db: Executor,
  session: { idHash: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(session);
}

export async function deleteSession(db: Executor, idHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function deleteExpiredSessions(db: Executor, at: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, at));
}

/** Ends every session of a user but the one kept (by the hash of its id), one row at a time. */
export async function deleteSessionsOf(
  tx: Executor,
  userId: string,
  keepIdHash?: string | null,
): Promise<void> {
  const rows = await tx
    .select({ idHash: sessions.idHash })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  for (const { idHash } of rows) {
    if (idHash !== keepIdHash) await deleteSession(tx, idHash);
  }
}
