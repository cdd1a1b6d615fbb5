import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, LOCALES, pathInLocale } from '../../../contract/locale.ts';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../search/sql.ts';
import type { SitemapSource } from './sources.ts';
import type { SitemapAlternate, SitemapEntry } from './xml.ts';

/** The most URLs (`<url>` entries) one sitemap may hold, by the sitemaps protocol. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * How many of a source's rows one child sitemap takes when it may hold `maxUrls` URLs. A row is one
 * page in every language (`/product/x` and `/fr/product/x`), each its own `<url>` entry, so a child
 * takes `maxUrls / LOCALES.length` rows (24,999 at 50,000 with an odd limit rounded down): the
 * rows are still numbered and cut by the database, and a row's twins always share a child.
 */
export function rowsPerChild(maxUrls: number): number {
  const rows = Math.floor(maxUrls / LOCALES.length);
  if (rows < 1) {
    throw new RangeError(
      `A sitemap of ${maxUrls} URLs cannot hold a page's ${LOCALES.length} languages`,
    );
  }
  return rows;
}

/** One child sitemap: a run of one source's rows, between two keys, each in every language. */
export interface SitemapChild {
  /** `products-2`: served at `/sitemaps/products-2.xml`. */
  name: string;
  source: SitemapSource;
  /** The first and last key of the run (in the database's order of keys). */
  first: string;
  last: string;
  /** The latest lastmod of its pages, or null when none has one. */
  lastmod: string | null;
}

/** A timestamptz as a W3C datetime in UTC to the second, done in SQL so both drivers agree. */
const w3cDatetime = (value: SQL) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The runs of `rowsPerChild(maxUrls)` rows a source splits into, numbered from 1, each with its first and last
 * key and latest lastmod. The database numbers the rows and sums each run up, so however large
 * the table, only one short row per child sitemap comes back.
 */
async function planSource(
  db: Executor,
  source: SitemapSource,
  maxUrls: number,
): Promise<SitemapChild[]> {
  const rows = rowsPerChild(maxUrls);
  const runs = await queryRows<{
    page: number;
    first: string;
    last: string;
    lastmod: string | null;
  }>(
    db,
    sql`select ((n - 1) / ${rows}::int)::int + 1 as page,
        min(key) as first, max(key) as last, ${w3cDatetime(sql`max(lastmod)`)} as lastmod
      from (select key, lastmod, row_number() over (order by key) as n from (${source.rows}) r) numbered
      group by 1 order by 1`,
  );
  return runs.map((run) => ({
    name: `${source.kind}-${run.page}`,
    source,
    first: run.first,
    last: run.last,
    lastmod: run.lastmod,
  }));
}

/** Every child sitemap of every source, in the sources' order; a source with no rows has none. */
export async function planSitemaps(
  db: Executor,
  sources: readonly SitemapSource[],
  maxUrls: number,
): Promise<SitemapChild[]> {
  const plans = await Promise.all(sources.map((source) => planSource(db, source, maxUrls)));
  return plans.flat();
}

/**
 * The pages of one child sitemap: its source's rows between its first and last key (read by key,
 * so a product's run comes off the slug index), at most `rowsPerChild(maxUrls)` of them even if
 * rows were added in between since the plan was made. Each row gives one entry per language, the
 * English first, each naming all of the row's twins (`x-default` is the English one).
 */
export async function childPages(
  db: Executor,
  child: SitemapChild,
  maxUrls: number,
  origin: string,
): Promise<SitemapEntry[]> {
  const rows = await queryRows<{ key: string; lastmod: string | null }>(
    db,
    sql`select key, ${w3cDatetime(sql`lastmod`)} as lastmod from (${child.source.rows}) r
      where key between ${child.first} and ${child.last}
      order by key limit ${rowsPerChild(maxUrls)}`,
  );
  return rows.flatMap((row) => {
    const path = child.source.path(row.key);
    const alternates: SitemapAlternate[] = [
      ...LOCALES.map((locale) => ({
        hreflang: locale,
        href: `${origin}${pathInLocale(path, locale)}`,
      })),
      { hreflang: 'x-default', href: `${origin}${pathInLocale(path, DEFAULT_LOCALE)}` },
    ];
    return LOCALES.map((locale) => ({
      loc: `${origin}${pathInLocale(path, locale)}`,
      lastmod: row.lastmod,
      alternates,
    }));
  });
}

/** Where a child sitemap is served, absolute on the shop's origin. */
export function childLocation(origin: string, child: SitemapChild): string {
  return `${origin}/sitemaps/${child.name}.xml`;
}
