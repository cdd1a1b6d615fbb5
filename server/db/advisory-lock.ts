import { createHash } from 'node:crypto';
import pg from 'pg';
import type { RunAlone } from '../lib/interval-job.ts';
import type { Database } from './client.ts';

/**
 * The advisory lock key of a name: the first 64 bits of its SHA-256, the same in every instance
 * and, unlike PostgreSQL's internal hashtext(), the same on every server version.
 */
export function advisoryLockKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Keeps a task to one instance at a time on a PostgreSQL database: a session advisory lock on the
 * task's key, tried (never waited for) on a pooled connection held for the task alone, so that
 * instances not getting it skip the task rather than queue behind it. A session lock ends with its
 * connection: an instance that dies or loses that connection mid-task leaves nothing held.
 *
 * Null for PGlite: one process owns that database, and its single connection is granted every
 * advisory lock it asks for, so a lock there would keep nothing apart.
 */
export function advisoryRunAlone(db: Database): RunAlone | null {
  // Drizzle keeps the client it was made with: the pool for PostgreSQL (client.ts).
  const pool = (db as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return null;
  return async (name, task) => {
    const key = advisoryLockKey(name);
    const client = await pool.connect();
    // A connection whose lock statement failed (lost, or in an unknown state) is closed instead of
    // going back to the pool: closing it is what frees a lock it may still hold. Its loss itself
    // is reported by the listener every pooled connection gets (client.ts), not by a crash.
    let broken: Error | undefined;
    const query = (text: string) =>
      client.query<{ done: boolean }>(text, [key]).catch((err: Error) => {
        broken = err;
        throw err;
      });
    try {
      const [row] = (await query('select pg_try_advisory_lock($1::bigint) as done')).rows;
      if (!row?.done) return false;
      try {
        await task();
      } finally {
        // Failing, it leaves the connection broken (closed below); the task's own error, if any,
        // is the one to report.
        await query('select pg_advisory_unlock($1::bigint) as done').catch(() => undefined);
      }
      return true;
    } finally {
      client.release(broken);
    }
  };
}
