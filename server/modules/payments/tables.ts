import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PaymentProviderName, PaymentStatus } from '../../../contract/orders.ts';
import { users } from '../auth/tables.ts';
import { orders } from '../orders/tables.ts';

/** An order's payment at its provider (one per order; retries reuse it). */
export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    /** The provider's id for it (Stripe's PaymentIntent id, `pi_…`); null until created there. */
    reference: text('reference'),
    status: text('status').$type<PaymentStatus>().notNull().default('requires_payment_method'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('cad'),
    clientSecret: text('client_secret'),
    lastError: text('last_error'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refunded: integer('refunded').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When something about it last changed (never bumped by a reading that changes nothing). */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Reconciliation's cursor: when it last compared this payment with its provider. */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_order_key').on(t.orderId),
    index('payments_reconciled_idx').on(t.reconciledAt),
    uniqueIndex('payments_provider_reference_key').on(t.provider, t.reference),
    index('payments_updated_idx').on(t.updatedAt),
    check('payments_refund_within_amount', sql`${t.refunded} between 0 and ${t.amount}`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** The provider's refund id (`re_…`); unique so a refund reported twice is counted once. */
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_payment_reference_key').on(t.paymentId, t.reference),
    check('refunds_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * Every provider event, stored before it is acknowledged and deduplicated by the provider's
 * event id; one that cannot be applied yet (its order not there) is retried, not dropped.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('webhook_events_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);

/**
 * A shopper's customer record at a provider (Stripe's `cus_…`), made the first time they save a
 * card: Stripe keeps saved cards on a customer, and a card can pay only with its own customer.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    uniqueIndex('payment_customers_provider_customer_key').on(t.provider, t.customerId),
  ],
);

/**
 * A card a shopper keeps for later checkouts. Only the provider's token (Stripe's `pm_…`, the
 * test provider's `test_pm_…`) and what a shopper needs to recognise the card: never its number.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<PaymentProviderName>().notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saved_payment_methods_user_token_key').on(t.userId, t.provider, t.token),
    index('saved_payment_methods_user_idx').on(t.userId, t.createdAt),
    check('saved_payment_methods_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('saved_payment_methods_exp_month', sql`${t.expMonth} between 1 and 12`),
  ],
);
