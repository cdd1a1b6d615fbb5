import { and, eq, sql, type SQL } from 'drizzle-orm';
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
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import { localeCheck } from '../../db/locale-column.ts';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased and trimmed. */
    email: text('email').notNull(),
    /** Null only for a guest, who has no password to sign in with. */
    passwordHash: text('password_hash'),
    /** Canonical (`416-555-0123`, see canonicalPhone), or null when not given. */
    phone: text('phone'),
    role: text('role', { enum: ['customer', 'admin'] })
      .notNull()
      .default('customer'),
    /**
     * A guest checkout: a shopper who gave an e-mail address instead of making an account. Each
     * guest checkout is a row of its own, with its own session, cart and orders; it shares nothing
     * with an account of the same address (only accounts' addresses are unique), and nothing
     * that looks an account up by e-mail (sign-in, resets, e-mail changes) ever finds it.
     */
    guest: boolean('guest').notNull().default(false),
    /**
     * The language the shopper last used the shop in (at registration, guest checkout, each
     * sign-in): what the account's mails are written in when no request says otherwise.
     */
    locale: text('locale').$type<Locale>().notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`NOT ${t.guest}`),
    check('users_password_unless_guest', sql`${t.guest} OR ${t.passwordHash} IS NOT NULL`),
    check('users_locale_known', localeCheck(t.locale)),
  ],
);

/** The columns of a user as sessions and the auth answers carry it (`_id` for `id`). */
export const sessionUserColumns = {
  _id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  guest: users.guest,
};

/** The account (never a guest) with this e-mail address, as a query condition. */
export function accountEmailIs(email: string): SQL {
  return and(eq(users.email, email), eq(users.guest, false))!;
}

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

/**
 * A guest's orders waiting to join the account that already has the guest's address. The link
 * goes to the account's mailbox, and the orders move only when it is opened, once: holding a
 * guest session (or an order link) proves nothing about owning the account.
 */
export const orderJoins = pgTable(
  'order_joins',
  {
    id: text('id').primaryKey(),
    guestUserId: text('guest_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountUserId: text('account_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the link token. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_joins_token_key').on(t.tokenHash),
    index('order_joins_guest_idx').on(t.guestUserId),
    index('order_joins_account_idx').on(t.accountUserId),
  ],
);
