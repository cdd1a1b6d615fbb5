/**
 * The owner of stock (`server/modules/catalog/stock.ts`) called directly on a fresh database:
 * reserving every line or none, putting units back, the desk's adjustments at 0 and at the
 * 10,000,000-unit ceiling, and each product in stock exactly while an active variant has stock.
 *
 * The cart fixtures' whey has chocolate (50 left), vanilla (3 left) and a withdrawn 5 lb (10
 * left, not for sale). Its creatine has an empty variant and one with 500.
 */
import { eq, inArray, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import type { Executor } from '../../server/db/client.ts';
import { products, variants } from '../../server/modules/catalog/tables.ts';
import {
  adjustVariantStock,
  releaseStock,
  reserveStock,
} from '../../server/modules/catalog/stock.ts';
import { cartCatalogDatabase, F } from './cart-fixtures.ts';

const db = cartCatalogDatabase();
const dialect = new PgDialect();

/** Back to the fixture's shelves before every test. */
beforeEach(async () => {
  const shelf: [string, number][] = [
    [F.chocolate, 50],
    [F.vanilla, 3],
    [F.retired, 10],
    [F.unflavored, 0],
    [F.plenty, 500],
  ];
  for (const [id, stock] of shelf) {
    await db().update(variants).set({ stock }).where(eq(variants.id, id));
  }
});

async function stockOf(...ids: string[]) {
  const rows = await db()
    .select({ id: variants.id, stock: variants.stock })
    .from(variants)
    .where(inArray(variants.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.stock]));
}

async function inStock(productId: string) {
  const [row] = await db()
    .select({ inStock: products.inStock })
    .from(products)
    .where(eq(products.id, productId));
  return row!.inStock;
}

describe('reserveStock', () => {
  test('takes every line off the shelf', async () => {
    const short = await db().transaction((tx) =>
      reserveStock(tx, [
        { variantId: F.vanilla, quantity: 3 },
        { variantId: F.chocolate, quantity: 5 },
        { variantId: F.plenty, quantity: 120 },
      ]),
    );
    expect(short).toEqual([]);
    expect(await stockOf(F.vanilla, F.chocolate, F.plenty)).toEqual({
      [F.vanilla]: 0,
      [F.chocolate]: 45,
      [F.plenty]: 380,
    });
    expect(await inStock(F.whey)).toBe(true);
    expect(await inStock(F.creatine)).toBe(true);
  });

  test("taking a product's last units puts it out of stock; a withdrawn variant's do not count", async () => {
    const take = (lines: { variantId: string; quantity: number }[]) =>
      db().transaction((tx) => reserveStock(tx, lines));
    expect(await take([{ variantId: F.chocolate, quantity: 50 }])).toEqual([]);
    expect(await inStock(F.whey)).toBe(true);
    expect(await take([{ variantId: F.vanilla, quantity: 3 }])).toEqual([]);
    expect(await inStock(F.whey)).toBe(false);
    await db().transaction((tx) => releaseStock(tx, [{ variantId: F.vanilla, quantity: 1 }]));
    expect(await inStock(F.whey)).toBe(true);
  });

  test('answers each short line with what is left, an unknown variant with 0', async () => {
    const answer = await reserveShortAndRollBack([
      { variantId: F.vanilla, quantity: 4 },
      { variantId: F.chocolate, quantity: 5 },
      { variantId: F.unflavored, quantity: 1 },
      { variantId: 'var_fx_nowhere', quantity: 2 },
    ]);
    // In variant-id order: the order every caller locks rows in.
    expect(answer).toEqual([
      { variantId: F.unflavored, requested: 1, available: 0 },
      { variantId: 'var_fx_nowhere', requested: 2, available: 0 },
      { variantId: F.vanilla, requested: 4, available: 3 },
    ]);
    expect(await stockOf(F.vanilla, F.chocolate)).toEqual({ [F.vanilla]: 3, [F.chocolate]: 50 });
  });

  test('a line of exactly what is left is not short', async () => {
    expect(await reserveShortAndRollBack([{ variantId: F.vanilla, quantity: 3 }])).toEqual([]);
  });
});

/** Reserves inside a transaction that is then rolled back, and answers the short lines. */
async function reserveShortAndRollBack(lines: { variantId: string; quantity: number }[]) {
  let answer: Awaited<ReturnType<typeof reserveStock>> = [];
  await db()
    .transaction(async (tx) => {
      answer = await reserveStock(tx, lines);
      tx.rollback();
    })
    .catch(() => {});
  return answer;
}

describe('releaseStock', () => {
  test('puts units back and skips an unknown variant', async () => {
    await db().transaction((tx) =>
      releaseStock(tx, [
        { variantId: F.vanilla, quantity: 2 },
        { variantId: 'var_fx_nowhere', quantity: 7 },
        { variantId: F.retired, quantity: 4 },
        { variantId: F.unflavored, quantity: 6 },
      ]),
    );
    expect(await stockOf(F.vanilla, F.retired, F.unflavored)).toEqual({
      [F.vanilla]: 5,
      [F.retired]: 14,
      [F.unflavored]: 6,
    });
    expect(await inStock(F.whey)).toBe(true);
    expect(await inStock(F.creatine)).toBe(true);
  });

  test('nothing to put back is fine', async () => {
    await db().transaction((tx) => releaseStock(tx, []));
    expect(await stockOf(F.vanilla)).toEqual({ [F.vanilla]: 3 });
  });
});

describe('one statement text for any number of lines', () => {
  /** The SQL texts `change` sends through the transaction's `execute`. */
  async function textsOf(change: (tx: Executor) => Promise<unknown>) {
    const texts: string[] = [];
    await db()
      .transaction(async (tx) => {
        const execute = tx.execute.bind(tx);
        const spy = vi.spyOn(tx, 'execute').mockImplementation((query) => {
          texts.push(dialect.sqlToQuery((query as SQLWrapper).getSQL()).sql);
          return execute(query);
        });
        await change(tx);
        spy.mockRestore();
        tx.rollback();
      })
      .catch(() => {});
    return texts;
  }
  const lines = [
    { variantId: F.vanilla, quantity: 1 },
    { variantId: F.chocolate, quantity: 2 },
    { variantId: F.plenty, quantity: 3 },
  ];

  test.each([
    ['reserveStock', reserveStock],
    ['releaseStock', releaseStock],
  ])('%s sends the same text for one line and three', async (_name, change) => {
    const ofOne = await textsOf((tx) => change(tx, lines.slice(0, 1)));
    const ofThree = await textsOf((tx) => change(tx, lines));
    expect(ofOne.length).toBeGreaterThan(0);
    expect(ofThree[0]).toBe(ofOne[0]);
  });
});

describe('adjustVariantStock', () => {
  const adjust = (variantId: string, change: { delta?: number; set?: number }) =>
    db().transaction((tx) => adjustVariantStock(tx, variantId, change));

  test('adds, takes away and sets', async () => {
    expect(await adjust(F.vanilla, { delta: 7 })).toEqual({ before: 3, after: 10 });
    expect(await adjust(F.vanilla, { delta: -4 })).toEqual({ before: 10, after: 6 });
    expect(await adjust(F.vanilla, { set: 12 })).toEqual({ before: 6, after: 12 });
    expect(await stockOf(F.vanilla)).toEqual({ [F.vanilla]: 12 });
  });

  test('no change answers the same stock on both sides', async () => {
    expect(await adjust(F.vanilla, {})).toEqual({ before: 3, after: 3 });
    expect(await adjust(F.vanilla, { delta: 0 })).toEqual({ before: 3, after: 3 });
    expect(await stockOf(F.vanilla)).toEqual({ [F.vanilla]: 3 });
  });

  test('down to exactly 0, never below', async () => {
    await expect(adjust(F.vanilla, { delta: -4 })).rejects.toMatchObject({
      statusCode: 409,
      message: 'Stock cannot go below 0: 3 in stock, so at most 3 can be taken away.',
      details: { stock: 3 },
    });
    await expect(adjust(F.vanilla, { set: -1 })).rejects.toMatchObject({ statusCode: 409 });
    expect(await stockOf(F.vanilla)).toEqual({ [F.vanilla]: 3 });
    expect(await adjust(F.vanilla, { delta: -3 })).toEqual({ before: 3, after: 0 });
    expect(await inStock(F.whey)).toBe(true);
    expect(await adjust(F.chocolate, { set: 0 })).toEqual({ before: 50, after: 0 });
    expect(await inStock(F.whey)).toBe(false);
    expect(await adjust(F.chocolate, { set: 2 })).toEqual({ before: 0, after: 2 });
    expect(await inStock(F.whey)).toBe(true);
  });

  test('up to exactly 10,000,000 units, never above', async () => {
    await expect(adjust(F.chocolate, { delta: 9_999_951 })).rejects.toMatchObject({
      statusCode: 409,
      message:
        'A variant holds at most 10000000 units: 50 in stock, so at most 9999950 can be added.',
      details: { stock: 50 },
    });
    await expect(adjust(F.chocolate, { set: 10_000_001 })).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(await adjust(F.chocolate, { delta: 9_999_950 })).toEqual({
      before: 50,
      after: 10_000_000,
    });
    expect(await stockOf(F.chocolate)).toEqual({ [F.chocolate]: 10_000_000 });
  });

  test('an unknown variant → 404', async () => {
    await expect(adjust('var_fx_nowhere', { delta: 1 })).rejects.toMatchObject({
      statusCode: 404,
      message: 'That variant does not exist.',
    });
  });
});
