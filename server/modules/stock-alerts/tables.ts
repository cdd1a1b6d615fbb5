import { check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import { localeCheck } from '../../db/locale-column.ts';
import { variants } from '../catalog/tables.ts';

/**
 * Addresses waiting for a sold-out variant. A row lives until its one alert is queued (deleted in
 * the same transaction) or its owner follows the unsubscribe link; only the link token's hash is
 * kept, so a copy of the database cannot stop anyone's alert.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: text('id').primaryKey(),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased, so one inbox waits once per variant. */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The language the alert was asked for in: its mails are written in it. */
    locale: text('locale').$type<Locale>().notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_alerts_variant_email_key').on(t.variantId, t.email),
    uniqueIndex('stock_alerts_token_hash_key').on(t.tokenHash),
    check('stock_alerts_locale_known', localeCheck(t.locale)),
  ],
);
