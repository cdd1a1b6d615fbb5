/**
 * What a checkout costs: the shopper's cart (or a buy-now line) at today's prices, with its live
 * discount code, where it ships and the taxes there. Quotes and placed orders are both priced
 * here, so they never disagree.
 */
import type { AddCartItemBody } from '../../../contract/cart.ts';
import {
  computeOrderTotals,
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
  type Address,
  type PricedLine,
  type Quote,
  type ShippingMethod,
} from '../../../contract/orders.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, badRequest, unauthorized } from '../../lib/errors.ts';
import { findOwnAddress } from '../addresses/service.ts';
import {
  findCart,
  readCartLines,
  readCheckoutCart,
  readVariantLine,
  type CartOwner,
} from '../cart/service.ts';
import { discountCodeById } from '../discounts/service.ts';

/** An order body or a quote body, once validated (addresses canonical). */
export interface CheckoutTarget {
  shippingAddress?: Address | undefined;
  addressId?: string | undefined;
  /** Quotes only: a wallet shares the region before the full address. */
  shippingProvince?: string | undefined;
  shippingMethod: ShippingMethod;
  buyNow?: AddCartItemBody | undefined;
}

/** Whose cart a checkout prices: the account's, or (quotes only) a guest cart's. */
type CheckoutShopper = { userId: string; owner?: never } | { userId: null; owner: CartOwner };

export interface PricedCart {
  /** The cart priced, to empty once ordered; null for a buy-now line. */
  cartId: string | null;
  /** The version of an account's cart row as it was read (`readCheckoutCart`); null otherwise. */
  cartVersion: string | null;
  lines: (PricedLine & { stock: number })[];
  discount: { id: string; code: string; percentOff: number } | null;
  /** The cart holds a code that another order has used since it was applied. */
  usedCode: boolean;
  /** Null when only a province was given (a quote). */
  shippingAddress: Address | null;
  province: string;
}

export class EmptyCartError extends HttpError {
  constructor() {
    super(409, 'cart_empty', 'Your cart is empty. Add something to it before checking out.');
  }
}

async function shippingTo(tx: Executor, userId: string | null, target: CheckoutTarget) {
  if (target.shippingProvince) {
    return { shippingAddress: null, province: target.shippingProvince };
  }
  if (target.addressId && !userId) throw unauthorized('sign_in_required');
  const shippingAddress = target.addressId
    ? await findOwnAddress(tx, userId!, target.addressId)
    : target.shippingAddress!;
  // The schema checks a typed address; a saved one may predate the rule. Taxes follow the address.
  if (!postalCodeMatchesProvince(shippingAddress.postalCode, shippingAddress.province)) {
    throw badRequest(
      'validation',
      postalCodeMismatchMessage(shippingAddress.postalCode, shippingAddress.province),
      target.addressId ? 'body.addressId' : 'body.shippingAddress.postalCode',
    );
  }
  return { shippingAddress, province: shippingAddress.province };
}

const priceLine = (row: Awaited<ReturnType<typeof readCartLines>>[number]) => ({
  productId: row.productId,
  variantId: row.variantId,
  quantity: row.quantity,
  name: row.name,
  slug: row.slug,
  image: row.image,
  brand: row.brandName,
  flavor: row.flavorName,
  size: row.size,
  sku: row.sku,
  unitPrice: row.unitPrice,
  lineTotal: row.unitPrice * row.quantity,
  stock: row.stock,
});

/** A buy-now line at today's price; a variant no longer on sale is refused, naming it. */
async function priceBuyNow(tx: Executor, line: AddCartItemBody, locale: Locale) {
  const row = await readVariantLine(tx, line, locale);
  if (!row) throw badRequest('validation', 'is not for sale (any more)', 'body.buyNow.variantId');
  return priceLine({ ...row, itemId: '' });
}

/** A guest's cart, as `readCheckoutCart` answers an account's (a guest's is only quoted). */
async function readGuestCart(tx: Executor, owner: CartOwner, locale: Locale) {
  const found = await findCart(tx, owner);
  if (!found) return null;
  return { ...found, version: null, lines: await readCartLines(tx, found.id, locale) };
}

const NO_CART = { cartId: null, cartVersion: null, lines: [], discount: null, usedCode: false };

/**
 * The shopper's cart (or buy-now line) at today's prices, with the cart's live discount code and
 * where it ships. Quotes and orders are both priced from this, so they never disagree. Lines are
 * named in `locale` (an order keeps them as its shopper read them). Nothing is locked: an
 * account's cart carries the version its lines were read at, which a placement checks.
 */
export async function priceCart(
  tx: Executor,
  shopper: CheckoutShopper,
  target: CheckoutTarget,
  locale: Locale,
): Promise<PricedCart> {
  const shipping = await shippingTo(tx, shopper.userId, target);
  if (target.buyNow) {
    const line = await priceBuyNow(tx, target.buyNow, locale);
    return { ...NO_CART, lines: [line], ...shipping };
  }
  // A guest's cart is only ever quoted; an account's is read with its version, for placement.
  const cart =
    shopper.userId === null
      ? await readGuestCart(tx, shopper.owner, locale)
      : await readCheckoutCart(tx, shopper.userId, locale);
  if (!cart) return { ...NO_CART, ...shipping };
  const lines = cart.lines.map(priceLine);
  let discount: PricedCart['discount'] = null;
  let usedCode = false;
  if (cart.discountCodeId) {
    const code = await discountCodeById(tx, cart.discountCodeId);
    usedCode = Boolean(code?.usedAt);
    if (code && !code.usedAt && code.expiresAt > new Date()) {
      discount = { id: code.id, code: code.code, percentOff: code.percentOff };
    }
  }
  return { cartId: cart.id, cartVersion: cart.version, lines, discount, usedCode, ...shipping };
}

export const totalsOf = (priced: PricedCart, shippingMethod: ShippingMethod) =>
  computeOrderTotals({
    lines: priced.lines,
    percentOff: priced.discount?.percentOff ?? 0,
    shippingMethod,
    province: priced.province,
  });

const publicLine = ({ stock: _stock, ...line }: PricedLine & { stock: number }): PricedLine => line;

export async function quoteCheckout(
  db: Database,
  shopper: CheckoutShopper,
  body: CheckoutTarget,
  locale: Locale,
): Promise<Quote> {
  const priced = await priceCart(db, shopper, body, locale);
  if (priced.lines.length === 0) throw new EmptyCartError();
  return {
    lines: priced.lines.map(publicLine),
    shippingMethod: body.shippingMethod,
    shippingAddress: priced.shippingAddress,
    province: priced.province,
    discount: priced.discount && {
      code: priced.discount.code,
      percentOff: priced.discount.percentOff,
    },
    totals: totalsOf(priced, body.shippingMethod),
  };
}
