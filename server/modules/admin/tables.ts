import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/tables.ts';
import { variants } from '../catalog/tables.ts';
import { orders } from '../orders/tables.ts';

/** Every stock change made by staff, with why and by whom. */
export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: text('id').primaryKey(),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** Units added (positive) or taken away (negative). */
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The request's Idempotency-Key: a retry of the same adjustment finds it, applied once. */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_adjustments_variant_idx').on(t.variantId, t.createdAt),
    uniqueIndex('stock_adjustments_variant_key').on(t.variantId, t.key),
    check('stock_adjustments_stock_after_non_negative', sql`${t.stockAfter} >= 0`),
  ],
);

/**
 * Refunds staff asked for. A row is written `pending` (under the order's lock, after checking
 * what is left) before the provider is asked, so two refunds racing cannot both count the same
 * money as still refundable; it becomes `done` once recorded, and is deleted only when the
 * provider refuses it. One whose outcome is not known (the provider did not answer, or recording
 * its answer failed) stays `pending`, holding its amount, until a retry with the same key or the
 * order jobs settle it by asking the provider again under the same key.
 */
export const staffRefunds = pgTable(
  'staff_refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    state: text('state', { enum: ['pending', 'done'] })
      .notNull()
      .default('pending'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The request's Idempotency-Key; the provider's key is derived from it. */
    key: text('key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('staff_refunds_order_key').on(t.orderId, t.key),
    check('staff_refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);
