/**
 * Rows inserted as one JSON parameter (server/db/json-rows.ts) read back as Drizzle's own insert
 * writes them, on PGlite and on PostgreSQL: texts with quotes and accents, integers, nulls,
 * `timestamptz` to the millisecond and `jsonb` objects and arrays read back equal; one statement
 * text serves any number of rows, also built once with the rows as a placeholder.
 */
import { eq, sql } from 'drizzle-orm';
import { PgDialect, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client.ts';
import { sqlBuiltOnce } from '../../server/db/built-once.ts';
import { insertJsonRows, insertedColumns, jsonRows } from '../../server/db/json-rows.ts';
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

const COLUMNS = insertedColumns(samples);
const insertAsJson = (rows: Sample[]) =>
  insertJsonRows(samples, COLUMNS, jsonRows(samples, COLUMNS, rows));

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
  await database.db.execute(insertAsJson(rows));
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
  const one = dialect.sqlToQuery(insertAsJson([sample('a', 0)]));
  const three = dialect.sqlToQuery(insertAsJson([0, 1, 2].map((i) => sample('b', i))));
  expect(three.sql).toBe(one.sql);
  expect(one.params).toHaveLength(1);

  const result = (await database.db.execute(
    sql`with first as (${insertAsJson([sample('cte', 0)])})
      ${insertAsJson([sample('cte', 1)])} returning ${samples.position}`,
  )) as unknown as { rows: { position: number }[] };
  expect(result.rows).toEqual([{ position: 1 }]);
  expect((await readBatch('cte')).map((row) => row.id)).toEqual(['cte-0', 'cte-1']);
});

test('built once, the rows travel in the placeholder; omitted columns take their defaults', async () => {
  const withoutNote = insertedColumns(samples, ['note']);
  const insert = sqlBuiltOnce<{ rows: string }, { id: string }>(
    (_db, p) => sql`${insertJsonRows(samples, withoutNote, p('rows'))} returning ${samples.id}`,
  );
  const first = await insert(database.db, {
    rows: jsonRows(samples, withoutNote, [sample('once', 0), sample('once', 1)]),
  });
  const second = await insert(database.db, {
    rows: jsonRows(samples, withoutNote, [sample('once', 2)]),
  });
  expect([...first, ...second].map((row) => row.id)).toEqual(['once-0', 'once-1', 'once-2']);
  const written = await readBatch('once');
  expect(written).toEqual([0, 1, 2].map((i) => ({ ...sample('once', i), note: null })));
});

test('a key that is no column of the table is refused before anything is sent', () => {
  expect(() => jsonRows(samples, [...COLUMNS, 'colour'], [sample('x', 0)])).toThrow(
    'json_rows_samples has no column for colour',
  );
  expect(() => insertJsonRows(samples, ['colour'], '[]')).toThrow(
    'json_rows_samples has no column for colour',
  );
});
