import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Every e-mail the shop sends, written in the same transaction as the change that caused it and
 * delivered later by the mail worker, so a slow or failing mail server never fails a request.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** What the message is for (`coupon`, `password-reset`, ...): for logs and tests. */
    kind: text('kind').notNull().default('general'),
    toAddress: text('to_address').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`, the claim's lease: a worker that died mid-send lets the row be reclaimed. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Where the message went: the SMTP message id, or the path of the `.eml` file. */
    deliveredTo: text('delivered_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_kind_to_idx').on(t.kind, t.toAddress),
    check('mail_outbox_attempts_non_negative', sql`${t.attempts} >= 0`),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;
