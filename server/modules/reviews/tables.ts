import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';
import { products } from '../catalog/tables.ts';

/**
 * Shoppers' reviews. A product's `rating` and `reviewCount` are the average and count of its
 * visible rows (hidden_at null), recomputed in the transaction that changes any of them.
 * The seed's reviews have no account (user_id null); every review written through the API has
 * one, and an account reviews a product at most once (it edits that review instead).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** As shown: first name and last initial, taken from the account's name when written. */
    author: text('author').notNull(),
    verifiedPurchase: boolean('verified_purchase').notNull().default(false),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_product_user_key').on(t.productId, t.userId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_created_idx').on(t.createdAt.desc()),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
