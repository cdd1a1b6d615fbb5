/** The check that keeps a `locale` column to the shop's languages (contract/locale.ts). */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LOCALES } from '../../contract/locale.ts';

export function localeCheck(column: AnyPgColumn): SQL {
  return sql`${column} IN (${sql.raw(LOCALES.map((locale) => `'${locale}'`).join(', '))})`;
}
