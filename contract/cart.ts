/**
 * Cart shapes shared by the API and the PWA. Money is integer cents, CAD, and always computed by
 * the server from current variant prices; a client never sends a price.
 */
import { z } from 'zod';
import { TaxonomyRef } from './catalog.ts';
import {
  CART_LINE_MAX_QUANTITY,
  CART_LINE_MIN_QUANTITY,
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_REQUIRED,
  DISCOUNT_CODE_TOO_LONG,
} from './cart-rules.ts';
import { GUEST_CART_HEADER, GUEST_CART_QUERY, IDEMPOTENCY_HEADER } from './http.ts';

export * from './cart-rules.ts';

/** A guest cart id as the server issues it (32 random bytes, base64url); anything else is refused. */
export const GuestCartId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, 'must be the guest cart id the server issued');

export const IdempotencyKey = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces');

const Quantity = z
  .number({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a number') })
  .int('must be a whole number')
  .min(CART_LINE_MIN_QUANTITY, `must be at least ${CART_LINE_MIN_QUANTITY}`)
  .max(CART_LINE_MAX_QUANTITY, `must be at most ${CART_LINE_MAX_QUANTITY}`);

const Id = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, 'is required')
    .max(100, 'is too long');

/** Every cart call may carry the guest cart id both ways; if both, they must agree. */
export const CartQuery = z.object({ [GUEST_CART_QUERY]: GuestCartId.optional() });
export const CartHeaders = z.looseObject({
  [GUEST_CART_HEADER]: GuestCartId.optional(),
  [IDEMPOTENCY_HEADER]: IdempotencyKey.optional(),
});

export const AddCartItemBody = z.object({
  productId: Id(),
  variantId: Id(),
  quantity: Quantity,
});
export type AddCartItemBody = z.infer<typeof AddCartItemBody>;

export const UpdateCartItemBody = z.object({ quantity: Quantity });
export type UpdateCartItemBody = z.infer<typeof UpdateCartItemBody>;

export const CartItemParams = z.object({ itemId: Id() });

export const MergeCartBody = z.object({ guestCartId: GuestCartId });
export type MergeCartBody = z.infer<typeof MergeCartBody>;

export const ApplyDiscountBody = z.object({
  code: z
    .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a string') })
    .trim()
    .min(1, DISCOUNT_CODE_REQUIRED)
    .max(DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_CODE_TOO_LONG),
});
export type ApplyDiscountBody = z.infer<typeof ApplyDiscountBody>;

export const CartItem = z.object({
  itemId: z.string(),
  productId: z.string(),
  variantId: z.string(),
  quantity: z.number().int(),
  name: z.string(),
  slug: z.string(),
  /** The packshot of the line's flavor (the product's first image otherwise), or null without any. */
  image: z.string().nullable(),
  brand: TaxonomyRef,
  flavor: TaxonomyRef,
  size: z.string(),
  sku: z.string(),
  /** Current price of the variant, in cents. */
  unitPrice: z.number().int(),
  compareAtPrice: z.number().int().nullable(),
  /** unitPrice × quantity, in cents. */
  lineTotal: z.number().int(),
  /** Units of this variant still in stock. */
  stock: z.number().int(),
});
export type CartItem = z.infer<typeof CartItem>;

export const CartTotals = z.object({
  /** Total quantity over all lines (the header badge). */
  itemCount: z.number().int(),
  subtotal: z.number().int(),
  /** Amount taken off by the applied discount code. */
  discount: z.number().int(),
  /** Standard shipping estimate: free from FREE_SHIPPING_THRESHOLD subtotal, 0 for an empty cart. */
  shipping: z.number().int(),
  /** subtotal − discount + shipping; taxes are added at checkout. */
  total: z.number().int(),
});
export type CartTotals = z.infer<typeof CartTotals>;

export const CartDiscount = z.object({ code: z.string(), percentOff: z.number().int() });
export type CartDiscount = z.infer<typeof CartDiscount>;

export const Cart = z.object({
  items: z.array(CartItem),
  totals: CartTotals,
  discount: CartDiscount.nullable(),
  /** Present for a guest's cart: keep it and send it with every cart call. */
  guestCartId: z.string().optional(),
});
export type Cart = z.infer<typeof Cart>;

export const CartResponse = z.object({ success: z.literal(true), data: Cart });
export type CartResponse = z.infer<typeof CartResponse>;

/** A guest line whose units did not all fit in the account's line (the per-line or stock limit). */
export const CappedCartLine = z.object({
  variantId: z.string(),
  name: z.string(),
  /** Units the two carts held together. */
  requested: z.number().int(),
  /** Units the account's line holds now. */
  quantity: z.number().int(),
  /** Units of the variant in stock, which with CART_LINE_MAX_QUANTITY set the limit. */
  stock: z.number().int(),
});
export type CappedCartLine = z.infer<typeof CappedCartLine>;

/** The merge's answer also names the lines it had to cut, so the shopper can be told. */
export const MergeCartResponse = CartResponse.extend({ capped: z.array(CappedCartLine) });
export type MergeCartResponse = z.infer<typeof MergeCartResponse>;
