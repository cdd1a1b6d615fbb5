import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * Runs a raw query and returns its rows. Both drivers (PGlite and node-postgres) answer
 * `execute` with an object carrying `rows`; the shared Database type leaves it as unknown.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: Executor,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
