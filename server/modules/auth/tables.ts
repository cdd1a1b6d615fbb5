import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Canonical (`416-555-0123`, see canonicalPhone), or null when not given. */
    phone: text('phone'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie value: a leaked table does not leak live sessions. */
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * One row per forgot-password request: a link token (1 hour) and a 6-digit code (10 minutes),
 * both stored only as hashes. The row is spent by whichever is used first.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link token. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the row id and the code: the id salts the small code space. */
    codeHash: text('code_hash').notNull(),
    /** Code guesses so far, the right one included; the code dies at the limit. */
    codeAttempts: integer('code_attempts').notNull().default(0),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_resets_token_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * A requested e-mail change, waiting for the link sent to the new address. Only the token's
 * SHA-256 is stored; the account's e-mail changes when the link is opened, once.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased and trimmed, like users.email. */
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('email_changes_token_key').on(t.tokenHash),
    index('email_changes_user_idx').on(t.userId),
  ],
);
