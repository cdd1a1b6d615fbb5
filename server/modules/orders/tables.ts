import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import type { Address, OrderStatus, ShippingMethod, TaxLine } from '../../../contract/orders.ts';
import { ORDER_NUMBER_START } from '../../../contract/orders.ts';
import { PAID_ORDER_STATUSES } from '../../../contract/checkout-rules.ts';
import { localeCheck } from '../../db/locale-column.ts';
import { users } from '../auth/tables.ts';
import { products, variants } from '../catalog/tables.ts';
import { discountCodes } from '../discounts/tables.ts';

/**
 * An order whose units count as sold (orders/sales.ts): the paid statuses, as SQL (the sales
 * count's statement repeats the partial index's condition word for word).
 */
export const SOLD_CONDITION = sql.raw(
  `status in (${PAID_ORDER_STATUSES.map((status) => `'${status}'`).join(', ')})`,
);

/** The short number a shopper sees (FN-10482); the id stays opaque. */
export const orderNumbers = pgSequence('order_number_seq', { startWith: ORDER_NUMBER_START });

/**
 * An order with everything it was sold on copied in (addresses, prices, discount, taxes), so it
 * reads the same whatever later happens to the catalog, the code or the account.
 */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** Null once the account is deleted: the order stays for the books. */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: text('status').$type<OrderStatus>().notNull().default('pending_payment'),
    /** The Idempotency-Key of the checkout attempt that placed it: one order per attempt, ever. */
    checkoutKey: text('checkout_key').notNull(),
    shippingMethod: text('shipping_method').$type<ShippingMethod>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    discountCodeId: text('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    discountCode: text('discount_code'),
    percentOff: integer('percent_off').notNull().default(0),
    itemCount: integer('item_count').notNull(),
    subtotal: integer('subtotal').notNull(),
    discount: integer('discount').notNull(),
    shipping: integer('shipping').notNull(),
    taxes: jsonb('taxes').$type<TaxLine[]>().notNull(),
    total: integer('total').notNull(),
    /** An unpaid order is cancelled at this time and its stock and code released. */
    payBy: timestamp('pay_by', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /**
     * The client address that placed it, kept only while it waits for payment (it bounds the
     * unpaid orders one address may hold) and cleared when it is paid or closed.
     */
    placedFrom: text('placed_from'),
    /**
     * Whether its units are in its products' `sold_count` (orders/sales.ts): they join once it
     * is paid and leave if it is cancelled or refunded afterwards.
     */
    salesCounted: boolean('sales_counted').notNull().default(false),
    /** The language the order was placed in: its mails and invoice are written in it. */
    locale: text('locale').$type<Locale>().notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    // The bound on unpaid orders counts them per account and per client address.
    index('orders_unpaid_placed_from_idx')
      .on(t.placedFrom)
      .where(sql`${t.status} = 'pending_payment'`),
    index('orders_unpaid_user_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'pending_payment'`),
    uniqueIndex('orders_user_checkout_key').on(t.userId, t.checkoutKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('orders_unpaid_pay_by_idx')
      .on(t.payBy)
      .where(sql`${t.status} = 'pending_payment'`),
    // The orders whose count and status disagree: the few the sales count has still to settle.
    index('orders_sales_to_count_idx')
      .on(t.id)
      .where(sql`${t.salesCounted} <> (${SOLD_CONDITION})`),
    check('orders_total_not_negative', sql`${t.total} >= 0`),
    check('orders_locale_known', localeCheck(t.locale)),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: text('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    brand: text('brand').notNull(),
    flavor: text('flavor').notNull(),
    size: text('size').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    lineTotal: integer('line_total').notNull(),
  },
  (t) => [
    uniqueIndex('order_items_order_position_key').on(t.orderId, t.position),
    index('order_items_variant_idx').on(t.variantId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** The order's history: every state change and notable step, with who did it. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** placed, paid, processing, shipped, delivered, cancelled, refunded, payment_failed, … */
    type: text('type').notNull(),
    /** The status the order moved to, when the event moved it. */
    status: text('status').$type<OrderStatus>(),
    note: text('note'),
    /** shopper, staff, system or provider. */
    actor: text('actor').notNull(),
    actorId: text('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * A link to one order that works without signing in (the order e-mails carry it): whoever holds
 * the token reads the order — status, lines, totals, tracking, invoice — and nothing else. Only
 * the token's SHA-256 is kept; a link lasts ORDER_LINK_TTL_MS unless revoked before.
 */
export const orderLinks = pgTable(
  'order_links',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_links_token_key').on(t.tokenHash),
    index('order_links_order_idx').on(t.orderId),
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
