/**
 * French for a catalog seeded before the catalog had languages. The migration that added the
 * `translations` columns left them empty and French search unbuilt, so such a shop's French pages
 * read English. At start, `translateSeededCatalog` writes the seed's French into every row the
 * seed made that still reads as the seed wrote it and has no translations yet, then builds French
 * search. It never overwrites a translation, and never touches a row the shop added or whose
 * English it changed (that row's French would translate a text it no longer has).
 */
import { count, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  brands,
  categories,
  flavors,
  products,
  searchTerms,
  variants,
} from '../modules/catalog/tables.ts';
import { rebuildSearchIndex } from '../modules/search/indexer.ts';
import { queryRows } from '../modules/search/sql.ts';
import type { Database, Executor } from './client.ts';
import { CATEGORIES } from './seed-data.ts';
import { generateCatalog } from './seed.ts';

/** Rows written per statement: each row's texts travel as array elements. */
const BATCH = 1_000;

const untranslated = (table: { translations: PgColumn }) =>
  sql`${table.translations} = '{}'::jsonb`;

/**
 * Sets `translations` on the rows of `table` whose key and English text are each row's in `rows`,
 * where it is still empty. Answers how many rows it wrote.
 */
async function fillWhereUnchanged(
  tx: Executor,
  table: PgTable & { translations: PgColumn },
  key: SQLWrapper,
  english: SQLWrapper,
  rows: { key: string; english: string; translations: unknown }[],
): Promise<number> {
  let written = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const keys = sql.param(batch.map((row) => row.key));
    const texts = sql.param(batch.map((row) => row.english));
    const values = sql.param(batch.map((row) => JSON.stringify(row.translations)));
    const updated = await queryRows(
      tx,
      sql`update ${table} set translations = seed.translations::jsonb
        from unnest(${keys}::text[], ${texts}::text[], ${values}::text[])
          as seed(key, english, translations)
        where ${key} = seed.key and ${english} = seed.english and ${untranslated(table)}
        returning 1`,
    );
    written += updated.length;
  }
  return written;
}

/** A row's English name and description as one text, to compare with the seed's (below). */
const nameAndDescription = (table: { name: PgColumn; description: PgColumn }) =>
  sql`${table.name} || E'\\n' || ${table.description}`;
/** A seed row's name and description as `nameAndDescription` joins them. */
const seedNameAndDescription = (row: { name: string; description?: string | null }) =>
  `${row.name}\n${row.description ?? ''}`;

/** Whether anything the seed makes is untranslated, or French search was never built (no words). */
async function somethingToDo(db: Executor): Promise<boolean> {
  const seedCategorySlugs = CATEGORIES.map((category) => category.slug);
  const [row] = await queryRows<{ todo: boolean }>(
    db,
    sql`select exists (select 1 from ${categories} where ${untranslated(categories)}
        and ${categories.slug} = any(${sql.param(seedCategorySlugs)}::text[]))
      or (exists (select 1 from ${products})
        and not exists (select 1 from ${searchTerms} where ${eq(searchTerms.locale, 'fr-CA')}))
      as todo`,
  );
  return Boolean(row?.todo);
}

export interface SeedTranslationResult {
  /** Rows given the seed's French, by table. */
  written: Record<'categories' | 'brands' | 'flavors' | 'products' | 'variants', number>;
}

/**
 * Writes the seed's French where it is missing (see the module's comment) and builds French
 * search; null when there was nothing to do, which costs one query. Safe to run on every start
 * and from several instances at once: each row is written only while it is still untranslated.
 */
export async function translateSeededCatalog(db: Database): Promise<SeedTranslationResult | null> {
  if (!(await somethingToDo(db))) return null;
  const [counted] = await db.select({ n: count() }).from(products);
  // The seed makes the same catalog for the same number of products, so a seeded shop's rows are
  // those of a catalog of its size (a product added since is simply not among them).
  const catalog = generateCatalog({ products: counted?.n ?? 0 });

  const rowsOf = <Row extends { slug: string; translations?: unknown }>(
    rows: Row[],
    english: (row: Row) => string,
  ) =>
    rows.map((row) => ({ key: row.slug, english: english(row), translations: row.translations }));
  return db.transaction(async (tx) => {
    // Statistics as the rows are now, so each batch is looked up by its key's index rather than
    // by scanning the table (stale statistics can take almost every row for translated).
    await tx.execute(sql`analyze ${categories}, ${brands}, ${flavors}, ${products}, ${variants}`);
    const written = {
      categories: await fillWhereUnchanged(
        tx,
        categories,
        categories.slug,
        nameAndDescription(categories),
        rowsOf(catalog.categories, seedNameAndDescription),
      ),
      brands: await fillWhereUnchanged(
        tx,
        brands,
        brands.slug,
        brands.description,
        rowsOf(catalog.brands, (row) => row.description ?? ''),
      ),
      flavors: await fillWhereUnchanged(
        tx,
        flavors,
        flavors.slug,
        nameAndDescription(flavors),
        rowsOf(catalog.flavors, seedNameAndDescription),
      ),
      products: await fillWhereUnchanged(
        tx,
        products,
        products.slug,
        products.description,
        rowsOf(catalog.products, (row) => row.description ?? ''),
      ),
      // A variant by its SKU, which the seed derives from the product's place and the size.
      variants: await fillWhereUnchanged(
        tx,
        variants,
        variants.sku,
        variants.size,
        catalog.variants.map((row) => ({
          key: row.sku,
          english: row.size,
          translations: row.translations,
        })),
      ),
    };
    await rebuildSearchIndex(tx);
    return { written };
  });
}
