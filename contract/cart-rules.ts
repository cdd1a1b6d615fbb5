/**
 * The cart's limits and prices as plain values and functions, without a schema library: the PWA's
 * first pages import them, and importing `./cart.ts` would bring the full zod with its schemas
 * into those pages. `./cart.ts` builds the API's schemas from the same values.
 */

/** A cart line holds 1–20 units, and never more than the variant's stock. */
export const CART_LINE_MIN_QUANTITY = 1;
export const CART_LINE_MAX_QUANTITY = 20;
/** The most one cart line may hold given the variant's stock (0 when sold out). */
export function lineQuantityLimit(stock: number): number {
  return Math.max(0, Math.min(CART_LINE_MAX_QUANTITY, stock));
}

/** What the shopper is told when a quantity they asked for is cut to lineQuantityLimit(stock). */
export function quantityLimitText(stock: number): string {
  return stock < CART_LINE_MAX_QUANTITY
    ? `Only ${stock} in stock: you can buy at most ${stock}.`
    : `You can buy at most ${CART_LINE_MAX_QUANTITY} of an item.`;
}

/** Standard shipping is free from a $99 subtotal, otherwise $9.99. */
export const FREE_SHIPPING_THRESHOLD = 9900;
export const STANDARD_SHIPPING_PRICE = 999;

export interface CartTotalsValue {
  itemCount: number;
  subtotal: number;
  discount: number;
  shipping: number;
  total: number;
}

/**
 * Totals from lines at their prices, in cents. The server prices every cart with it; the PWA uses
 * it for an estimate from the prices the shopper has seen while changes wait to sync.
 */
export function computeCartTotals(
  lines: readonly { quantity: number; unitPrice: number }[],
  percentOff: number,
): CartTotalsValue {
  const itemCount = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
  const discount = Math.round((subtotal * percentOff) / 100);
  // Free shipping counts what the shopper pays for the goods: the subtotal after the discount, as
  // the checkout prices it (checkout-rules.ts), so the cart never promises what checkout takes back.
  const discounted = subtotal - discount;
  const shipping =
    subtotal === 0 || discounted >= FREE_SHIPPING_THRESHOLD ? 0 : STANDARD_SHIPPING_PRICE;
  return { itemCount, subtotal, discount, shipping, total: subtotal - discount + shipping };
}

/** What is still missing for free standard shipping (0 once it is free), after the discount. */
export function amountToFreeShipping(discountedSubtotal: number): number {
  return Math.max(0, FREE_SHIPPING_THRESHOLD - discountedSubtotal);
}

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
