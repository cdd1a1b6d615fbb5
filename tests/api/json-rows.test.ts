/**
 * insertAsJson (server/db/json-rows.ts) writes what Drizzle's own insert writes, on PGlite and on
 * PostgreSQL: texts with quotes and accents, integers, nulls, `timestamptz` to the millisecond and
 * `jsonb` objects and arrays read back equal, and one statement text serves any number of rows.
 */
import { eq, sql } from 'drizzle-orm';
import { PgDialect, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { insertAsJson } from '../../server/db/json-rows.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

const samples = pgTable('json_rows_samples', {
  id: text('id').primaryKey(),
  batch: text('batch').notNull(),
  position: integer('position').notNull(),
  note: text('note'),
  placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
  address: jsonb('address').$type<{ city: string; lines: string[] }>(),
  taxes: jsonb('taxes').$type<{ name: string; amount: number }[]>().notNull(),
});
type Sample = typeof samples.$inferInsert;

let database: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.db.execute(sql`create table json_rows_samples (
    id text primary key, batch text not null, position integer not null, note text,
    placed_at timestamptz not null, address jsonb, taxes jsonb not null)`);
});
afterAll(async () => {
  await database.close();
  await drop();
});

const sample = (batch: string, position: number, overrides: Partial<Sample> = {}): Sample => ({
  id: `${batch}-${position}`,
  batch,
  position,
  note: `L’été « ${position} » "quoted" \\ back\nslash 🍫`,
  placedAt: new Date(Date.UTC(2026, 10, 29, 13, 45, 7, 123 + position)),
  address: { city: 'Montréal', lines: ['100 rue Sainte-Catherine O', 'app. 4'] },
  taxes: [
    { name: 'TPS', amount: 450 },
    { name: 'TVQ', amount: 898 },
  ],
  ...overrides,
});

async function readBatch(batch: string) {
  return database.db
    .select()
    .from(samples)
    .where(eq(samples.batch, batch))
    .orderBy(samples.position);
}

test('rows read back as Drizzle’s own insert writes them', async () => {
  const rows = [
    sample('json', 0),
    sample('json', 1, { note: null, address: null }),
    sample('json', 2, { taxes: [] }),
  ];
  await database.db.execute(insertAsJson(samples, rows));
  const mirrored = rows.map((row) => ({ ...row, id: `drizzle-${row.position}`, batch: 'drizzle' }));
  await database.db.insert(samples).values(mirrored);

  const written = await readBatch('json');
  expect(written).toEqual(rows);
  const content = ({ position, note, placedAt, address, taxes }: Sample) => ({
    position,
    note,
    placedAt,
    address,
    taxes,
  });
  expect(written.map(content)).toEqual((await readBatch('drizzle')).map(content));
});

test('one statement text for one row or many; in a larger statement, with returning', async () => {
  const dialect = new PgDialect();
  const one = dialect.sqlToQuery(insertAsJson(samples, [sample('a', 0)]));
  const three = dialect.sqlToQuery(
    insertAsJson(
      samples,
      [0, 1, 2].map((i) => sample('b', i)),
    ),
  );
  expect(three.sql).toBe(one.sql);
  expect(one.params).toHaveLength(1);

  const result = (await database.db.execute(
    sql`with first as (${insertAsJson(samples, [sample('cte', 0)])})
      ${insertAsJson(samples, [sample('cte', 1)])} returning ${samples.position}`,
  )) as unknown as { rows: { position: number }[] };
  expect(result.rows).toEqual([{ position: 1 }]);
  expect((await readBatch('cte')).map((row) => row.id)).toEqual(['cte-0', 'cte-1']);
});

test('a key that is no column of the table is refused before anything is sent', () => {
  const wrong = { ...sample('x', 0), colour: 'red' } as Sample;
  expect(() => insertAsJson(samples, [wrong])).toThrow(
    'json_rows_samples has no column for colour',
  );
  expect(() => insertAsJson(samples, [])).toThrow('needs at least one row');
});
