/**
 * A statement built once answers what Drizzle's builder answers for the same values, run after run
 * with other values, on the pool and on a transaction's own connection.
 */
import { and, asc, eq, gt, gte, sql, type Placeholder } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  builtOnce,
  builtOncePer,
  sqlBuiltOncePer,
  type Placeholders,
} from '../../server/db/built-once.ts';
import type { Database, DatabaseHandle, Executor } from '../../server/db/client.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import { queryRows } from '../../server/modules/search/sql.ts';
import { openTestDatabase } from '../helpers/test-app.ts';
import { F, insertCartCatalog } from './cart-fixtures.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
const db = (): Database => database.db;

const DAY_MS = 24 * 60 * 60 * 1000;
const now = Date.now();
/** When each fixture product was added: whey ten days ago, creatine five, hidden one. */
const addedDaysAgo = { [F.whey]: 10, [F.creatine]: 5, [F.hidden]: 1 };

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await insertCartCatalog(db());
  for (const [id, days] of Object.entries(addedDaysAgo)) {
    await db()
      .update(products)
      .set({ createdAt: new Date(now - days * DAY_MS) })
      .where(eq(products.id, id));
  }
});
afterAll(async () => {
  await database.close();
  await drop();
});

/**
 * Products added since a time, each with its variants of at least some stock: a left join (a
 * product without such a variant has a null `variant`), a timestamp, an array and an order.
 */
function stockedSince(
  executor: Executor,
  leastStock: number | Placeholder,
  since: Date | Placeholder,
) {
  return executor
    .select({
      product: { id: products.id, images: products.images, createdAt: products.createdAt },
      variant: { sku: variants.sku, stock: variants.stock },
    })
    .from(products)
    .leftJoin(variants, and(eq(variants.productId, products.id), gte(variants.stock, leastStock)))
    .where(gt(products.createdAt, since))
    .orderBy(asc(products.id), asc(variants.sku));
}

const daysAgo = (days: number) => new Date(now - days * DAY_MS);
/** Values that give different rows each: every product or some, every variant or none. */
const runs = [
  { leastStock: 0, since: daysAgo(30) },
  { leastStock: 11, since: daysAgo(30) },
  { leastStock: 1_000, since: daysAgo(7) },
  { leastStock: 3, since: daysAgo(2) },
  { leastStock: 0, since: daysAgo(0) },
];

describe('a statement built once', () => {
  const built = builtOnce((executor, p: Placeholders<{ leastStock: number; since: Date }>) =>
    stockedSince(executor, p('leastStock'), p('since')),
  );

  test('answers the rows of the builder given the same values, run after run', async () => {
    const answers = [];
    for (const values of runs) {
      const expected = await stockedSince(db(), values.leastStock, values.since);
      const rows = await built(db(), values);
      expect(rows).toEqual(expected);
      answers.push(rows);
    }
    // The runs differ from each other, so no run's values stuck to the text.
    expect(new Set(answers.map((rows) => JSON.stringify(rows))).size).toBe(runs.length);
    // A product without a matching variant reads a null variant, as Drizzle maps a left join.
    expect(answers[1]).toContainEqual(
      expect.objectContaining({
        product: expect.objectContaining({ id: F.hidden }),
        variant: null,
      }),
    );
    expect(answers[0]?.[0]?.product.createdAt).toBeInstanceOf(Date);
  });

  test("runs on a transaction's own connection, seeing what it has not yet committed", async () => {
    const newProduct = 'prod_fx_built_once';
    const rollback = new Error('roll back');
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(products).values({
          id: newProduct,
          slug: 'fx-built-once',
          name: 'FX Built Once',
          brandId: 'brand_fx',
        });
        const inside = await built(tx, { leastStock: 0, since: daysAgo(0.5) });
        expect(inside.map((row) => row.product.id)).toEqual([newProduct]);
        // PGlite has one connection, which the transaction holds; on PostgreSQL the pool's
        // other connections do not see the uncommitted product.
        if (database.driver === 'postgres') {
          expect(await built(db(), { leastStock: 0, since: daysAgo(0.5) })).toEqual([]);
        }
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await built(db(), { leastStock: 0, since: daysAgo(0.5) })).toEqual([]);
  });

  test('builds one text per key, each answering as its own builder', async () => {
    type Order = 'newest' | 'oldest';
    const ordered = (executor: Executor, order: Order, since: Date | Placeholder) =>
      executor
        .select({ id: products.id })
        .from(products)
        .where(gt(products.createdAt, since))
        .orderBy(order === 'newest' ? sql`${products.createdAt} desc` : asc(products.createdAt));
    const perOrder = builtOncePer((order: Order, executor, p: Placeholders<{ since: Date }>) =>
      ordered(executor, order, p('since')),
    );
    for (const order of ['newest', 'oldest', 'newest'] as const) {
      const since = daysAgo(order === 'newest' ? 30 : 7);
      expect(await perOrder(order, db(), { since })).toEqual(await ordered(db(), order, since));
    }
    expect((await perOrder('newest', db(), { since: daysAgo(30) })).map((row) => row.id)).toEqual([
      F.hidden,
      F.creatine,
      F.whey,
    ]);
  });
});

describe('a raw statement built once', () => {
  type Kind = 'stocked' | 'all';
  /** Each product's units over its variants of at least `leastStock`, added since a time. */
  const units = (kind: Kind, leastStock: number | Placeholder, since: Date | Placeholder) =>
    sql`with shelf as (
        select ${variants.productId} as id, sum(${variants.stock})::int as units from ${variants}
        where ${variants.stock} >= ${leastStock} group by ${variants.productId}
      )
      select ${products.id} as id, ${products.createdAt} as created_at, shelf.units
      from ${products} ${kind === 'stocked' ? sql`join` : sql`left join`} shelf
        on shelf.id = ${products.id}
      where ${products.createdAt} > ${since}
      order by ${products.id}`;
  const perKind = sqlBuiltOncePer(
    (kind: Kind, _executor, p: Placeholders<{ leastStock: number; since: Date }>) =>
      units(kind, p('leastStock'), p('since')),
  );

  test('answers the rows db.execute answers, run after run, one text per key', async () => {
    const answers = [];
    for (const kind of ['stocked', 'all'] as const) {
      for (const values of runs) {
        const rows = await perKind(kind, db(), values);
        expect(rows).toEqual(await queryRows(db(), units(kind, values.leastStock, values.since)));
        answers.push(JSON.stringify(rows));
      }
    }
    // Different values and keys answer differently: neither stuck to a text.
    expect(new Set(answers).size).toBeGreaterThan(runs.length);
    const all = await perKind('all', db(), runs[0]!);
    expect(all.map((row) => row.id)).toEqual([F.creatine, F.hidden, F.whey]);
  });
});
