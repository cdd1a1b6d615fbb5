import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CART_LINE_MAX_QUANTITY, CART_LINE_MIN_QUANTITY } from '../../../contract/cart.ts';
import { users } from '../auth/tables.ts';
import { products, variants } from '../catalog/tables.ts';
import { discountCodes } from '../discounts/tables.ts';

/** A cart belongs either to an account or to a guest, never both. */
export const carts = pgTable(
  'carts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the guest cart id: the id itself is a bearer secret and is never stored. */
    guestIdHash: text('guest_id_hash'),
    discountCodeId: text('discount_code_id').references(() => discountCodes.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_user_key').on(t.userId),
    uniqueIndex('carts_guest_id_hash_key').on(t.guestIdHash),
    index('carts_updated_idx').on(t.updatedAt),
    check('carts_one_owner', sql`(${t.userId} is null) <> (${t.guestIdHash} is null)`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    cartId: text('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_variant_key').on(t.cartId, t.variantId),
    index('cart_items_variant_idx').on(t.variantId),
    check(
      'cart_items_quantity_range',
      sql`${t.quantity} between ${sql.raw(String(CART_LINE_MIN_QUANTITY))} and ${sql.raw(String(CART_LINE_MAX_QUANTITY))}`,
    ),
  ],
);
