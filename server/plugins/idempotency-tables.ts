import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per (owner, Idempotency-Key): claimed before the work runs, then holding the answer
 * that a repeat of the request gets back. Rows are swept after a day.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    /** Whose key it is (`user:…`, `guest:<hash>`, `anon:<address>`): keys never cross owners. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and the request body as sent. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state', { enum: ['in_flight', 'completed'] }).notNull(),
    /** Changes with every claim, so a request that lost its claim cannot overwrite the new one. */
    claimId: text('claim_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_records_pkey', columns: [t.scope, t.key] }),
    index('idempotency_records_created_idx').on(t.createdAt),
  ],
);
