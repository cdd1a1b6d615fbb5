import { sql } from 'drizzle-orm';
import { LOCALES, type Locale } from '../../../contract/locale.ts';
import type { Executor } from '../../db/client.ts';
import { localizedField } from '../catalog/localized.ts';
import { normalizeForIndex, words } from './normalize.ts';
import { queryRows } from './sql.ts';

const BATCH = 1000;

interface SourceRow extends Record<string, unknown> {
  id: string;
  name: string;
  description: string;
  tags: string[] | null;
  brand: string | null;
  categories: string[] | null;
  flavors: string[] | null;
}

/** Each language's document lives in its own column; a language's dictionary is made from it. */
const VECTOR_COLUMN: Record<Locale, string> = {
  'en-CA': 'search_vector',
  'fr-CA': 'search_vector_fr',
};

/** The products' texts in `locale`: the French where a product has them, else the English. */
function readTexts(tx: Executor, locale: Locale, productIds?: string[]) {
  const filter = productIds
    ? sql`where p.id in (select jsonb_array_elements_text(${JSON.stringify(productIds)}::jsonb))`
    : sql``;
  const name = (alias: string) => localizedField(alias, 'name', locale);
  return queryRows<SourceRow>(
    tx,
    sql`
      select p.id, ${name('p')} as name, ${localizedField('p', 'description', locale)} as description,
        p.tags,
        (select ${name('b')} from brands b where b.id = p.brand_id) as brand,
        (select array_agg(${name('c')} order by c.name) from product_categories pc
           join categories c on c.id = pc.category_id where pc.product_id = p.id) as categories,
        (select array_agg(distinct ${name('f')}) from variants v
           join flavors f on f.id = v.flavor_id where v.product_id = p.id and v.is_active) as flavors
      from products p ${filter}`,
  );
}

/**
 * Rebuilds the full-text document of the given products (all when omitted) and the dictionary of
 * catalog words used for typo correction. Text is normalised here in JS (accents, case,
 * compounds) so the 'simple' configuration is enough and PGlite needs no unaccent extension.
 * Weights: name A, brand and categories B, flavors and tags C, description D.
 */
export async function rebuildSearchIndex(db: Executor, productIds?: string[]): Promise<void> {
  if (productIds && productIds.length === 0) return;
  await db.transaction(async (tx) => {
    for (const locale of LOCALES) {
      await rebuildDocuments(tx, locale, await readTexts(tx, locale, productIds));
      await rebuildDictionary(tx, locale);
    }
  });
  announceIndexRebuilt(productIds);
}

async function rebuildDocuments(tx: Executor, locale: Locale, rows: SourceRow[]): Promise<void> {
  const column = sql.raw(VECTOR_COLUMN[locale]);
  for (let start = 0; start < rows.length; start += BATCH) {
    const documents = rows.slice(start, start + BATCH).map((row) => ({
      id: row.id,
      a: normalizeForIndex(row.name),
      b: normalizeForIndex([row.brand ?? '', ...(row.categories ?? [])].join(' ')),
      c: normalizeForIndex([...(row.flavors ?? []), ...(row.tags ?? [])].join(' ')),
      d: normalizeForIndex(row.description),
    }));
    await tx.execute(sql`
        update products p set ${column} =
            setweight(to_tsvector('simple', v.a), 'A')
          || setweight(to_tsvector('simple', v.b), 'B')
          || setweight(to_tsvector('simple', v.c), 'C')
          || setweight(to_tsvector('simple', v.d), 'D')
        from json_to_recordset(${JSON.stringify(documents)}::json)
          as v(id text, a text, b text, c text, d text)
        where p.id = v.id`);
  }
}

/**
 * The dictionary holds the words shoppers search by — names, brands, categories, flavors, tags —
 * with the number of active products carrying each, plus the taxonomy's own words (a category
 * with no product yet is still a word worth correcting to).
 */
async function rebuildDictionary(tx: Executor, locale: Locale): Promise<void> {
  await tx.execute(sql`delete from search_terms where locale = ${locale}`);
  const vectors = `select ${VECTOR_COLUMN[locale]} from products where is_active`;
  await tx.execute(sql`
    insert into search_terms (locale, term, frequency)
    select ${locale}, word, ndoc from ts_stat(${vectors}, 'ABC')`);
  const name = (alias: string) => localizedField(alias, 'name', locale);
  const rows = await queryRows<{ name: string }>(
    tx,
    sql`
    select ${name('c')} as name from categories c
    union all select ${name('b')} from brands b
    union all select ${name('f')} from flavors f`,
  );
  const taxonomyWords = [...new Set(rows.flatMap((row) => words(row.name)))];
  if (taxonomyWords.length > 0) {
    await tx.execute(sql`
      insert into search_terms (locale, term, frequency)
      select ${locale}, jsonb_array_elements_text(${JSON.stringify(taxonomyWords)}::jsonb), 0
      on conflict (locale, term) do nothing`);
  }
}

/** The products whose entries were rebuilt, or undefined for all of them. */
type Listener = (productIds: readonly string[] | undefined) => void;
const listeners = new Set<Listener>();

/**
 * Lets this process's query side catch up as soon as the index changes, before the database's
 * change notification (which also reaches other processes) comes back.
 */
export function onSearchIndexRebuilt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function announceIndexRebuilt(productIds: readonly string[] | undefined): void {
  for (const listener of listeners) listener(productIds);
}
