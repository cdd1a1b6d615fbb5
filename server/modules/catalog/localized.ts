/**
 * Catalog texts in the shopper's language. A row's own columns are its English; its `translations`
 * hold the other languages' texts (tables.ts), and a text not translated reads as the English.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';

/** A translated text column of a table, for a query built with the table's columns. */
export function localized(column: AnyColumn, translations: AnyColumn, locale: Locale): SQL<string> {
  if (locale === DEFAULT_LOCALE) return sql<string>`${column}`;
  return sql<string>`coalesce(${translations} -> ${locale} ->> ${column.name}, ${column})`;
}

/** The same for a JSON column (the nutrition label): the translation's JSON or the English. */
export function localizedJson<T>(
  column: AnyColumn,
  translations: AnyColumn,
  locale: Locale,
): SQL<T> {
  if (locale === DEFAULT_LOCALE) return sql<T>`${column}`;
  return sql<T>`coalesce(${translations} -> ${locale} -> ${FIELD_OF[column.name] ?? column.name}, ${column})`;
}

/**
 * A translated text of a row named by its alias in hand-written SQL (`c` for `categories c`):
 * `localizedField('c', 'name', locale)` reads `c.name` in that language.
 */
export function localizedField(alias: string, field: string, locale: Locale): SQL<string> {
  const column = sql.raw(`${alias}.${field}`);
  if (locale === DEFAULT_LOCALE) return sql<string>`${column}`;
  return sql<string>`coalesce(${sql.raw(alias)}.translations -> ${locale} ->> ${field}, ${column})`;
}

/** Translation keys are the columns' TypeScript names where they differ from the SQL ones. */
const FIELD_OF: Record<string, string> = { nutrition_facts: 'nutritionFacts' };
