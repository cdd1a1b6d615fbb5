import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const discountCodes = pgTable(
  'discount_codes',
  {
    id: text('id').primaryKey(),
    /** Upper-case, e.g. FORGE-7KQ2-MX9P. */
    code: text('code').notNull(),
    /** The address it was issued to, lower-cased and trimmed. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    percentOff: integer('percent_off').notNull(),
    /**
     * Holds the e-mail while this is the address's current code and is cleared once the code is
     * used or expired; its unique index lets the database itself keep one live code per address,
     * even when two requests for the same address race.
     */
    liveFor: text('live_for'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    uniqueIndex('discount_codes_live_for_key').on(t.liveFor),
    index('discount_codes_email_idx').on(t.email),
    check('discount_codes_percent_off_range', sql`${t.percentOff} between 1 and 100`),
  ],
);
