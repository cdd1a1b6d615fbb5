/**
 * A catalog seeded before the catalog had languages gets the seed's French at start: every row the
 * seed made and the shop left as it was, never a translation someone wrote, a row whose English
 * changed, or a row the shop added; then French search is built.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database, DatabaseHandle } from '../../server/db/client.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { translateSeededCatalog } from '../../server/db/seed-translations.ts';
import {
  brands,
  categories,
  flavors,
  products,
  searchTerms,
  variants,
} from '../../server/modules/catalog/tables.ts';
import { openTestDatabase } from '../helpers/test-app.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
const db = (): Database => database.db;

const PRODUCTS = 40;

/** Every catalog row's translations, by table and id. */
async function allTranslations(executor: Database) {
  const of = async (table: typeof categories | typeof brands | typeof flavors | typeof products) =>
    Object.fromEntries(
      (
        await executor
          .select({ id: table.id, translations: table.translations })
          .from(table)
          .orderBy(asc(table.id))
      ).map((row) => [row.id, row.translations]),
    );
  return {
    categories: await of(categories),
    brands: await of(brands),
    flavors: await of(flavors),
    products: await of(products),
    variants: Object.fromEntries(
      (await executor.select({ id: variants.id, t: variants.translations }).from(variants)).map(
        (row) => [row.id, row.t],
      ),
    ),
  };
}

const frenchTerms = async () =>
  (
    await db()
      .select({ term: searchTerms.term })
      .from(searchTerms)
      .where(eq(searchTerms.locale, 'fr-CA'))
      .orderBy(asc(searchTerms.term))
  ).map((row) => row.term);

let seeded: Awaited<ReturnType<typeof allTranslations>>;
let seededTerms: string[];

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await seedCatalog(db(), { products: PRODUCTS });
  seeded = await allTranslations(db());
  seededTerms = await frenchTerms();
});
afterAll(async () => {
  await database.close();
  await drop();
});

test('a seeded catalog with French has nothing to do', async () => {
  expect(await translateSeededCatalog(db())).toBeNull();
});

test("an older catalog gets the seed's French where the shop left the seed's English", async () => {
  const [edited, handTranslated] = Object.keys(seeded.products);
  // As the migration left an older database: no translations, no French search.
  for (const table of [categories, brands, flavors, products, variants]) {
    await db().update(table).set({ translations: {} });
  }
  await db().update(products).set({ searchVectorFr: null });
  await db().delete(searchTerms).where(eq(searchTerms.locale, 'fr-CA'));
  // What the shop did since: a product's English rewritten, another translated by hand, a
  // category of its own.
  await db()
    .update(products)
    .set({ description: 'Our own words for it.' })
    .where(eq(products.id, edited!));
  const ownFrench = { 'fr-CA': { description: 'Notre propre traduction.' } };
  await db()
    .update(products)
    .set({ translations: ownFrench })
    .where(eq(products.id, handTranslated!));
  await db().insert(categories).values({ id: 'cat_own', slug: 'own', name: 'Our Picks' });

  const result = await translateSeededCatalog(db());

  const after = await allTranslations(db());
  const expected = {
    ...seeded,
    categories: { ...seeded.categories, cat_own: {} },
    products: { ...seeded.products, [edited!]: {}, [handTranslated!]: ownFrench },
  };
  expect(after).toEqual(expected);
  expect(result).toEqual({
    written: {
      categories: Object.keys(seeded.categories).length,
      brands: Object.keys(seeded.brands).length,
      flavors: Object.keys(seeded.flavors).length,
      products: PRODUCTS - 2,
      variants: Object.keys(seeded.variants).length,
    },
  });
  // French search is built again: every product has its French document, and French words
  // correct to French.
  const [unindexed] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(sql`${products.searchVectorFr} is null`);
  expect(unindexed?.n).toBe(0);
  expect(await frenchTerms()).toEqual(expect.arrayContaining(['vanille', 'proteine']));
  expect((await frenchTerms()).length).toBeGreaterThan(seededTerms.length / 2);

  // Once done, the next start has nothing to do, though the shop's own rows stay English.
  expect(await translateSeededCatalog(db())).toBeNull();
});
