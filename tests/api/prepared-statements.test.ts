/**
 * The shop's PostgreSQL connections prepare each statement text once and then only execute it,
 * up to PREPARED_PER_CONNECTION texts a connection (PostgreSQL only: PGlite has no pool).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PREPARED_PER_CONNECTION, PreparingClient } from '../../server/db/client.ts';

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';

describe.runIf(onPostgres)('a connection of the pool', () => {
  const client = new PreparingClient({ connectionString: process.env.TEST_DATABASE_URL });
  beforeAll(() => client.connect());
  afterAll(() => client.end());

  const preparedOnServer = async () =>
    (await client.query<{ statement: string }>('select statement from pg_prepared_statements')).rows
      .map((row) => row.statement)
      .sort();

  test('prepares a text with parameters once, and runs it again with other values', async () => {
    const first = await client.query<{ n: number }>('select $1::int + 1 as n', [1]);
    const second = await client.query<{ n: number }>('select $1::int + 1 as n', [41]);
    expect([first.rows[0]?.n, second.rows[0]?.n]).toEqual([2, 42]);
    // A text without parameters is sent as it is.
    await client.query('select 1');
    expect(await preparedOnServer()).toEqual(['select $1::int + 1 as n']);
  });

  test('keeps at most PREPARED_PER_CONNECTION texts; the others are still answered', async () => {
    for (let i = 0; i < PREPARED_PER_CONNECTION + 5; i++) {
      const res = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(res.rows[0]?.n).toBe(1 + i);
    }
    expect(await preparedOnServer()).toHaveLength(PREPARED_PER_CONNECTION);
    // The first text is still prepared, and still answers.
    expect((await client.query('select $1::int + 1 as n', [9])).rows[0]).toEqual({ n: 10 });
  });
});
