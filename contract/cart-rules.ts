/**
 * The cart's limits and prices (DESIGN §5) as plain values, without a schema library: the PWA's
 * first pages import them, and importing `./cart.ts` would bring the full zod with its schemas
 * into those pages. `./cart.ts` builds the API's schemas from the same values.
 */

/** DESIGN §5: a cart line holds 1–20 units, and never more than the variant's stock. */
export const CART_LINE_MIN_QUANTITY = 1;
export const CART_LINE_MAX_QUANTITY = 20;
/** DESIGN §5: standard shipping is free from a $99 subtotal, otherwise $9.99. */
export const FREE_SHIPPING_THRESHOLD = 9900;
export const STANDARD_SHIPPING_PRICE = 999;

/** A discount code as a shopper types it: 1–40 characters once trimmed. */
export const DISCOUNT_CODE_MAX_LENGTH = 40;
export const DISCOUNT_CODE_REQUIRED = 'Enter a discount code';
export const DISCOUNT_CODE_TOO_LONG = `must be at most ${DISCOUNT_CODE_MAX_LENGTH} characters`;

/** The trimmed code, or the message the discount-code field shows (the API's own rule). */
export function checkDiscountCode(input: string): { code: string } | { error: string } {
  const code = input.trim();
  if (code.length === 0) return { error: DISCOUNT_CODE_REQUIRED };
  if (code.length > DISCOUNT_CODE_MAX_LENGTH) return { error: DISCOUNT_CODE_TOO_LONG };
  return { code };
}
