import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  SHOPPER_CANCELLABLE,
  computeOrderTotals,
  formatOrderNumber,
  postalCodeMatchesProvince,
  postalCodeMismatchMessage,
  type Address,
  type Order,
  type OrderLink,
  type OrderSummary,
  type OrdersPage,
  type PaymentProviderName,
  type PlaceOrderBody,
  type PricedLine,
  type Quote,
  type ReorderResult,
  type ShippingMethod,
} from '../../../contract/orders.ts';
import { CART_LINE_MAX_QUANTITY } from '../../../contract/cart-rules.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { findOwnAddress, saveAddressOnce } from '../addresses/service.ts';
import type { AddCartItemBody } from '../../../contract/cart.ts';
import { users } from '../auth/tables.ts';
import {
  addItem,
  findCart,
  getCart,
  readCartLines,
  readVariantLine,
  type CartOwner,
} from '../cart/service.ts';
import { cartItems, carts } from '../cart/tables.ts';
import { products, variants } from '../catalog/tables.ts';
import { reserveStock } from '../catalog/stock.ts';
import { redeemDiscountCode } from '../discounts/service.ts';
import { discountCodes } from '../discounts/tables.ts';
import { paymentDto } from '../payments/completion.ts';
import { payments } from '../payments/tables.ts';
import { orderEvents, orderItems, orders } from './tables.ts';
import { recordOrderEvent } from './transitions.ts';

type OrderRow = typeof orders.$inferSelect;

/** An order body or a quote body, once validated (addresses canonical). */
interface CheckoutTarget {
  shippingAddress?: Address | undefined;
  addressId?: string | undefined;
  /** Quotes only: a wallet shares the region before the full address. */
  shippingProvince?: string | undefined;
  shippingMethod: ShippingMethod;
  buyNow?: AddCartItemBody | undefined;
}

/** Whose cart a checkout prices: the account's, or (quotes only) a guest cart's. */
type CheckoutShopper = { userId: string; owner?: never } | { userId: null; owner: CartOwner };

interface PricedCart {
  /** The cart priced, to empty once ordered; null for a buy-now line. */
  cartId: string | null;
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
    super(409, 'Your cart is empty. Add something to it before checking out.', {
      reason: 'empty_cart',
    });
  }
}

async function shippingTo(tx: Executor, userId: string | null, target: CheckoutTarget) {
  if (target.shippingProvince) {
    return { shippingAddress: null, province: target.shippingProvince };
  }
  if (target.addressId && !userId) throw unauthorized();
  const shippingAddress = target.addressId
    ? await findOwnAddress(tx, userId!, target.addressId)
    : target.shippingAddress!;
  // The schema checks a typed address; a saved one may predate the rule. Taxes follow the address.
  if (!postalCodeMatchesProvince(shippingAddress.postalCode, shippingAddress.province)) {
    throw badRequest(
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
async function priceBuyNow(tx: Executor, line: AddCartItemBody) {
  const row = await readVariantLine(tx, line);
  if (!row) throw badRequest('is not for sale (any more)', 'body.buyNow.variantId');
  return priceLine({ ...row, itemId: '' });
}

/**
 * The shopper's cart (or buy-now line) at today's prices, with the cart's live discount code and
 * where it ships. Quotes and orders are both priced from this, so they never disagree. With
 * `lock` the cart row is locked for the rest of the transaction (placement).
 */
async function priceCart(
  tx: Executor,
  shopper: CheckoutShopper,
  target: CheckoutTarget,
  lock = false,
): Promise<PricedCart> {
  const shipping = await shippingTo(tx, shopper.userId, target);
  if (target.buyNow) {
    const line = await priceBuyNow(tx, target.buyNow);
    return { cartId: null, lines: [line], discount: null, usedCode: false, ...shipping };
  }
  const owner: CartOwner =
    shopper.userId === null ? shopper.owner : { kind: 'user', userId: shopper.userId };
  const cart = await findCart(tx, owner, lock);
  if (!cart) return { cartId: null, lines: [], discount: null, usedCode: false, ...shipping };
  const lines = (await readCartLines(tx, cart.id)).map(priceLine);
  let discount: PricedCart['discount'] = null;
  let usedCode = false;
  if (cart.discountCodeId) {
    const [code] = await tx
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        percentOff: discountCodes.percentOff,
        usedAt: discountCodes.usedAt,
        expiresAt: discountCodes.expiresAt,
      })
      .from(discountCodes)
      .where(eq(discountCodes.id, cart.discountCodeId));
    usedCode = Boolean(code?.usedAt);
    if (code && !code.usedAt && code.expiresAt > new Date()) {
      discount = { id: code.id, code: code.code, percentOff: code.percentOff };
    }
  }
  return { cartId: cart.id, lines, discount, usedCode, ...shipping };
}

const totalsOf = (priced: PricedCart, shippingMethod: ShippingMethod) =>
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
): Promise<Quote> {
  const priced = await priceCart(db, shopper, body);
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

interface ShortLine {
  variantId: string;
  name: string;
  requested: number;
  available: number;
}

/**
 * Takes every line's units off the shelf, or none (the stock module locks variants in a fixed
 * order, so two orders never deadlock). Any line short makes a 409 naming each short line and
 * what is left; the caller's transaction is then rolled back, so nothing stays reserved.
 */
async function reserveLines(tx: Executor, lines: PricedCart['lines']): Promise<void> {
  const shortLines = await reserveStock(tx, lines);
  if (shortLines.length === 0) return;
  const short: ShortLine[] = shortLines.map((line) => {
    const priced = lines.find((candidate) => candidate.variantId === line.variantId)!;
    return { ...line, name: `${priced.name} (${priced.flavor}, ${priced.size})` };
  });
  const what = short
    .map((line) =>
      line.available === 0 ? `${line.name}: sold out` : `${line.name}: only ${line.available} left`,
    )
    .join('; ');
  throw conflict(`Some items in your cart are no longer in stock as ordered. ${what}.`, {
    reason: 'out_of_stock',
    lines: short,
  });
}

export interface PlaceOrderInput {
  user: SessionUser;
  checkoutKey: string;
  body: CheckoutTarget &
    Omit<PlaceOrderBody, 'shippingAddress' | 'billingAddress'> & {
      billingAddress?: Address | undefined;
    };
  paymentWindowMs: number;
  provider: PaymentProviderName;
  /** The client address placing it (bounds the unpaid orders one address may hold). */
  clientAddress: string;
  /** The most unpaid orders one account and one client address may hold. */
  unpaidBound: { account: number; address: number };
}

export class TooManyUnpaidOrdersError extends HttpError {
  constructor(scope: 'account' | 'address', limit: number) {
    super(
      409,
      scope === 'account'
        ? `You already have ${limit} orders waiting for payment. Pay or cancel one of them (under Your orders) before placing another.`
        : `Too many orders from your network are waiting for payment (${limit}). Pay or cancel one of them before placing another.`,
      { reason: 'too_many_unpaid', limit },
    );
  }
}

/**
 * Refuses a new order while the account or the client address already holds the most unpaid
 * orders allowed. Called under the cart's lock, so one account's placements are counted in turn.
 */
async function checkUnpaidBound(
  tx: Executor,
  userId: string,
  clientAddress: string,
  bound: PlaceOrderInput['unpaidBound'],
) {
  const [counted] = await tx
    .select({
      account: sql<number>`count(*) filter (where ${orders.userId} = ${userId})::int`,
      address: sql<number>`count(*) filter (where ${orders.placedFrom} = ${clientAddress})::int`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending_payment'),
        or(eq(orders.userId, userId), eq(orders.placedFrom, clientAddress)),
      ),
    );
  if ((counted?.account ?? 0) >= bound.account) {
    throw new TooManyUnpaidOrdersError('account', bound.account);
  }
  if ((counted?.address ?? 0) >= bound.address) {
    throw new TooManyUnpaidOrdersError('address', bound.address);
  }
}

/**
 * Places the shopper's cart (or a buy-now line, leaving the cart as it is) as an order, in one
 * transaction: prices it, reserves every line's stock (all or none), redeems the discount code
 * once, copies names, prices and addresses into the order, empties the cart and opens the payment. One checkout attempt (its Idempotency-Key)
 * makes at most one order, ever: the same key finds the order it made.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ orderId: string }> {
  const { user, checkoutKey, body } = input;
  const existing = await findAttemptOrder(db, user._id, checkoutKey);
  if (existing) return { orderId: existing };
  try {
    return await db.transaction(async (tx) => {
      const priced = await priceCart(tx, { userId: user._id }, body, true);
      if (priced.lines.length === 0) throw new EmptyCartError();
      // A buy-now order has no cart row to lock: the shopper's row keeps their placements in turn.
      if (!priced.cartId) await lockUser(tx, user._id);
      const shippingAddress = priced.shippingAddress!;
      await checkUnpaidBound(tx, user._id, input.clientAddress, input.unpaidBound);
      await reserveLines(tx, priced.lines);
      if (
        priced.usedCode ||
        (priced.discount && !(await redeemDiscountCode(tx, priced.discount.id)))
      ) {
        throw conflict(
          `Your discount code has just been used on another order, so it was taken off your cart. Check the new total and place your order again.`,
          { reason: 'discount_used' },
        );
      }
      const totals = totalsOf(priced, body.shippingMethod);
      const id = newId('ord');
      const now = new Date();
      await tx.insert(orders).values({
        id,
        userId: user._id,
        email: user.email,
        checkoutKey,
        shippingMethod: body.shippingMethod,
        shippingAddress,
        billingAddress: body.billingAddress ?? shippingAddress,
        discountCodeId: priced.discount?.id ?? null,
        discountCode: priced.discount?.code ?? null,
        percentOff: priced.discount?.percentOff ?? 0,
        itemCount: totals.itemCount,
        subtotal: totals.subtotal,
        discount: totals.discount,
        shipping: totals.shipping,
        taxes: totals.taxes,
        total: totals.total,
        payBy: new Date(now.getTime() + input.paymentWindowMs),
        placedFrom: input.clientAddress,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(orderItems).values(
        priced.lines.map((line, position) => ({
          id: newId('oitem'),
          orderId: id,
          position,
          productId: line.productId,
          variantId: line.variantId,
          name: line.name,
          slug: line.slug,
          image: line.image,
          brand: line.brand,
          flavor: line.flavor,
          size: line.size,
          sku: line.sku,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          lineTotal: line.lineTotal,
        })),
      );
      await recordOrderEvent(tx, id, {
        type: 'placed',
        status: 'pending_payment',
        actor: 'shopper',
        actorId: user._id,
      });
      if (priced.cartId) {
        await tx.delete(cartItems).where(eq(cartItems.cartId, priced.cartId));
        await tx
          .update(carts)
          .set({ discountCodeId: null, updatedAt: now })
          .where(eq(carts.id, priced.cartId));
      }
      // A guest checkout keeps no addresses (it has no profile to offer them from).
      if (body.saveAddress && body.shippingAddress && !user.guest) {
        await saveAddressOnce(tx, user._id, body.shippingAddress);
      }
      await tx.insert(payments).values({
        id: newId('pay'),
        orderId: id,
        provider: input.provider,
        amount: totals.total,
      });
      return { orderId: id };
    });
  } catch (err) {
    if (err instanceof HttpError && err.details.reason === 'discount_used') {
      await forgetUsedCode(db, user._id);
    }
    // Two requests of one attempt racing past the idempotency claim (after its record expired):
    // the unique (user, checkout key) index lets one in, and the other finds its order.
    const raced = await findAttemptOrder(db, user._id, checkoutKey);
    if (raced) return { orderId: raced };
    throw err;
  }
}

async function lockUser(tx: Executor, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Takes a code that another order used off the shopper's cart, so the next try prices without it. */
async function forgetUsedCode(db: Database, userId: string) {
  await db
    .update(carts)
    .set({ discountCodeId: null, updatedAt: new Date() })
    .where(
      and(
        eq(carts.userId, userId),
        sql`exists (select 1 from discount_codes where discount_codes.id = ${carts.discountCodeId} and discount_codes.used_at is not null)`,
      ),
    );
}

async function findAttemptOrder(db: Executor, userId: string, checkoutKey: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, checkoutKey)));
  return row?.id ?? null;
}

/**
 * The order if this user may see it: its owner, or staff. Anyone else gets the same 404 as for an
 * order that does not exist, so order ids reveal nothing.
 */
export async function findVisibleOrder(
  executor: Executor,
  user: SessionUser,
  orderId: string,
): Promise<OrderRow> {
  const [row] = await executor.select().from(orders).where(eq(orders.id, orderId));
  if (!row || (row.userId !== user._id && user.role !== 'admin')) {
    throw notFound('That order does not exist.');
  }
  return row;
}

/** The whole order as the API answers it. */
export async function orderDto(executor: Executor, row: OrderRow): Promise<Order> {
  const [items, [payment], events] = await Promise.all([
    executor
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, row.id))
      .orderBy(asc(orderItems.position)),
    executor.select().from(payments).where(eq(payments.orderId, row.id)),
    executor
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, row.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
  ]);
  return {
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    payBy: row.status === 'pending_payment' && row.payBy ? row.payBy.toISOString() : null,
    email: row.email,
    lines: items.map((item) => ({
      productId: item.productId ?? '',
      variantId: item.variantId ?? '',
      name: item.name,
      slug: item.slug,
      image: item.image,
      brand: item.brand,
      flavor: item.flavor,
      size: item.size,
      sku: item.sku,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      lineTotal: item.lineTotal,
    })),
    shippingMethod: row.shippingMethod,
    shippingAddress: row.shippingAddress,
    billingAddress: row.billingAddress,
    discount: row.discountCode ? { code: row.discountCode, percentOff: row.percentOff } : null,
    totals: {
      itemCount: row.itemCount,
      subtotal: row.subtotal,
      discount: row.discount,
      shipping: row.shipping,
      taxes: row.taxes,
      total: row.total,
    },
    payment: payment ? paymentDto(payment) : null,
    shipment:
      row.carrier && row.trackingNumber
        ? { carrier: row.carrier, trackingNumber: row.trackingNumber }
        : null,
    events: events.map((event) => ({
      type: event.type,
      status: event.status,
      at: event.createdAt.toISOString(),
      note: event.note,
      actor: event.actor,
    })),
    canCancel: SHOPPER_CANCELLABLE.includes(row.status),
  };
}

/**
 * The order as an order link shows it: read-only, so nothing that acts on it — no cancelling, and
 * no payment secret to pay with. `accountOffer`: its owner is still a guest, who may make an
 * account.
 */
export function orderLinkDto(order: Order, accountOffer: boolean): OrderLink {
  return {
    ...order,
    accountOffer,
    canCancel: false,
    payment: order.payment ? { ...order.payment, clientSecret: null } : null,
  };
}

/** Up to four product images of each order, for the order lists. */
export async function orderImages(db: Executor, ids: string[]): Promise<Map<string, string[]>> {
  const images = new Map<string, string[]>();
  if (ids.length === 0) return images;
  const items = await db
    .select({ orderId: orderItems.orderId, image: orderItems.image })
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.position));
  for (const item of items) {
    const list = images.get(item.orderId) ?? [];
    if (item.image && list.length < 4) list.push(item.image);
    images.set(item.orderId, list);
  }
  return images;
}

export async function listMyOrders(
  db: Database,
  userId: string,
  page: number,
  limit: number,
): Promise<OrdersPage> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, userId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const images = await orderImages(
    db,
    rows.map((row) => row.id),
  );
  const total = counted?.total ?? 0;
  const items: OrderSummary[] = rows.map((row) => ({
    id: row.id,
    number: formatOrderNumber(row.number),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    itemCount: row.itemCount,
    total: row.total,
    images: images.get(row.id) ?? [],
  }));
  return { items, page, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)) };
}

/**
 * Puts what can still be bought of an order back in the cart, each line up to what stock and the
 * per-line limit allow, and says which lines could not be and why.
 */
export async function reorder(
  db: Database,
  user: SessionUser,
  order: Order,
): Promise<ReorderResult> {
  const owner = { kind: 'user' as const, userId: user._id };
  const result: ReorderResult = { added: [], skipped: [] };
  const cart = await getCart(db, owner);
  for (const line of order.lines) {
    const name = `${line.name} (${line.flavor}, ${line.size})`;
    const [variant] = line.variantId
      ? await db
          .select({
            stock: variants.stock,
            active: variants.isActive,
            productActive: products.isActive,
          })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(eq(variants.id, line.variantId))
      : [];
    if (!variant?.active || !variant.productActive) {
      result.skipped.push({ variantId: line.variantId, name, reason: 'no longer sold' });
      continue;
    }
    const inCart = cart.items.find((item) => item.variantId === line.variantId)?.quantity ?? 0;
    const room = Math.min(variant.stock, CART_LINE_MAX_QUANTITY) - inCart;
    const quantity = Math.min(line.quantity, room);
    if (quantity < 1) {
      result.skipped.push({
        variantId: line.variantId,
        name,
        reason:
          variant.stock === 0 ? 'out of stock' : 'your cart already holds as many as can be bought',
      });
      continue;
    }
    try {
      await addItem(db, owner, { productId: line.productId, variantId: line.variantId, quantity });
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      result.skipped.push({ variantId: line.variantId, name, reason: err.message });
      continue;
    }
    result.added.push({ variantId: line.variantId, name, quantity });
    if (quantity < line.quantity) {
      result.skipped.push({ variantId: line.variantId, name, reason: `only ${quantity} added` });
    }
  }
  return result;
}
