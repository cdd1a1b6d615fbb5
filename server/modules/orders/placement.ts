/**
 * Placing an order: the cart priced, then one statement that reserves its stock, redeems its
 * code, writes the order and its payment and empties the cart, all or nothing, once per checkout
 * attempt.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import type { Address, PaymentProviderName, PlaceOrderBody } from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { saveAddressOnce } from '../addresses/service.ts';
import { lockAccount } from '../auth/accounts.ts';
import { dropSpentCode, emptyCartStatements, lockedCartPart } from '../cart/service.ts';
import { reservationParts, shortLinesOf, stockUnits, type ShortLine } from '../catalog/stock.ts';
import { redemptionParts } from '../discounts/service.ts';
import type { PaymentRow } from '../payments/completion.ts';
import { insertPaymentStatement, paymentJson } from '../payments/of-orders.ts';
import {
  EmptyCartError,
  priceCart,
  totalsOf,
  type CheckoutTarget,
  type PricedCart,
} from './pricing.ts';
import { sqlBuiltOncePer } from '../../db/built-once.ts';
import { insertJsonRows, insertedColumns, jsonRows } from '../../db/json-rows.ts';
import { orderEvents, orderItems, orders } from './tables.ts';

/**
 * The 409 for lines the shelf cannot cover, naming each short line and what is left (the
 * reservation took none of them).
 */
function outOfStock(lines: PricedCart['lines'], shortLines: ShortLine[]): HttpError {
  const short = shortLines.map((line) => {
    const priced = lines.find((candidate) => candidate.variantId === line.variantId)!;
    return { ...line, name: `${priced.name} (${priced.flavor}, ${priced.size})` };
  });
  const what = short
    .map((line) =>
      line.available === 0 ? `${line.name}: sold out` : `${line.name}: only ${line.available} left`,
    )
    .join('; ');
  return conflict(
    'out_of_stock',
    `Some items in your cart are no longer in stock as ordered. ${what}.`,
    { lines: short },
  );
}

const discountUsed = () =>
  conflict(
    'discount_used',
    `Your discount code has just been used on another order, so it was taken off your cart. Check the new total and place your order again.`,
  );

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
  /** The language the shopper places it in: its mails and invoice are written in it. */
  locale?: Locale;
}

export class TooManyUnpaidOrdersError extends HttpError {
  constructor(scope: 'account' | 'address', limit: number) {
    super(
      409,
      'order_unpaid_limit',
      scope === 'account'
        ? `You already have ${limit} orders waiting for payment. Pay or cancel one of them (under Your orders) before placing another.`
        : `Too many orders from your network are waiting for payment (${limit}). Pay or cancel one of them before placing another.`,
      { limit },
    );
  }
}

/**
 * The part of the placement's statement, to follow `with`, that counts the unpaid orders the
 * account and the client address hold: `unpaid (account, address)`. Each count stops at its
 * bound: all that matters is whether the bound is reached.
 */
function unpaidPart(
  userId: Placeholder,
  clientAddress: Placeholder,
  bound: { account: Placeholder; address: Placeholder },
) {
  const unpaid = (match: SQL, most: Placeholder) => sql`(select count(*)::int from (
      select 1 from ${orders} where ${orders.status} = 'pending_payment' and ${match} limit ${most}
    ) held)`;
  return sql`unpaid as (
    select ${unpaid(sql`${orders.userId} = ${userId}`, bound.account)} as account,
      ${unpaid(sql`${orders.placedFrom} = ${clientAddress}`, bound.address)} as address
  )`;
}

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order just placed, as its placement wrote it: its answer needs no reading back. */
export interface PlacedOrder {
  order: OrderRow;
  items: OrderItemRow[];
  events: OrderEventRow[];
  payment: PaymentRow;
}

/**
 * How many times a placement prices the cart again when the cart changed between its reading and
 * its order's writing (another tab added a line, another request placed it) before it gives up.
 */
export const PLACEMENT_ATTEMPTS = 3;

/** What the placement's statement answers: the order's number, or why it wrote nothing. */
interface Outcome extends Record<string, unknown> {
  number: number | null;
  /** Whether the cart was still as read (always true for a buy-now line). */
  cart_held: boolean;
  account: number;
  address: number;
  short: { id: string; stock: number; quantity: number }[] | null;
  /** Whether the discount code could still be redeemed (true without a code). */
  code_held: boolean;
}

/**
 * Places the shopper's cart (or a buy-now line, leaving the cart as it is) as an order: prices it,
 * then in one statement reserves every line's stock (all or none), redeems the discount code
 * once, copies names, prices and addresses into the order, writes its first event and its
 * payment and empties the cart. One checkout attempt (its Idempotency-Key) makes at most one
 * order, ever: the same key finds the order it made.
 *
 * The cart and its lines are read without a lock; the statement locks the cart only while its
 * row still has the version read (`lockedCartPart`) and writes nothing otherwise, and the cart is
 * priced again. So a placement is two round trips (the cart with its lines, the order), with no
 * transaction held open between them. A buy-now line has no cart row: the account's row, locked
 * in a transaction, keeps its placements in turn; an address to save is written in the order's
 * transaction. `placed` holds what was written (absent when the key found an earlier order).
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ orderId: string; placed?: PlacedOrder }> {
  const { user, checkoutKey, body } = input;
  // A guest checkout keeps no addresses (it has no profile to offer them from).
  const addressToSave = body.saveAddress && !user.guest ? body.shippingAddress : undefined;
  const attempt = (): Promise<PlacedOrder | null> =>
    body.buyNow || addressToSave
      ? db.transaction(async (tx) => {
          if (body.buyNow) await lockAccount(tx, user._id);
          const placed = await writeOrder(tx, input);
          if (placed && addressToSave) await saveAddressOnce(tx, user._id, addressToSave);
          return placed;
        })
      : writeOrder(db, input);
  try {
    for (let attempts = 1; ; attempts++) {
      const placed = await attempt();
      if (placed) return { orderId: placed.order.id, placed };
      if (attempts === PLACEMENT_ATTEMPTS) {
        throw conflict(
          'cart_changed',
          'Your cart changed while your order was being placed. Check your cart and place your order again.',
        );
      }
    }
  } catch (err) {
    if (err instanceof HttpError && err.code === 'discount_used') {
      await dropSpentCode(db, user._id);
    }
    // The attempt placed its order before (the unique (user, checkout key) index refused this
    // one, or its cart is empty now), or two requests of one attempt raced past the idempotency
    // claim (after its record expired) and the other one won: either way, that order it is.
    const earlier = await findAttemptOrder(db, user._id, checkoutKey);
    if (earlier) return { orderId: earlier };
    throw err;
  }
}

/** The values of a placement's statement; the cart's and the code's only where it has them. */
interface PlacementValues {
  cartId?: string | undefined;
  /** The version of the cart row that was priced. */
  cartVersion?: string | undefined;
  userId: string;
  clientAddress: string;
  unpaidPerAccount: number;
  unpaidPerAddress: number;
  /** The units to reserve (`stockUnits`). */
  variantIds: string[];
  quantities: number[];
  discountId?: string | undefined;
  now: Date;
  /** The rows to write, as JSON (`jsonRows`, `paymentJson`). */
  items: string;
  event: string;
  payment: string;
  order: string;
}

/** The parts a placement's statement has: the cart's (a buy-now line has none), a code's. */
type PlacementShape = `${'cart' | 'buy-now'} ${'code' | 'no-code'}`;

const ORDER_COLUMNS = insertedColumns(orders, ['number']);
const ITEM_COLUMNS = insertedColumns(orderItems);
const EVENT_COLUMNS = insertedColumns(orderEvents);

/**
 * The placement's one statement, built once per shape. Its parts, each module's built by its
 * owner, lock in this order: the cart (while it is as read), the variants in id order, then the
 * discount code. Every write waits on `ok`, so the statement writes everything or nothing.
 */
const placementStatement = sqlBuiltOncePer<PlacementShape, PlacementValues, Outcome>(
  (shape, db, p) => {
    const withCart = shape.startsWith('cart ');
    const withCode = shape.endsWith(' code');
    const gate = withCart ? sql`exists (select 1 from cart)` : sql`true`;
    const reservation = reservationParts(
      { variantIds: p('variantIds'), quantities: p('quantities') },
      gate,
    );
    const redemption = withCode
      ? redemptionParts(p('discountId'), sql`exists (select 1 from locked)`, p('now'))
      : null;
    const bound = { account: p('unpaidPerAccount'), address: p('unpaidPerAddress') };
    const ok = sql`exists (select 1 from ok)`;
    const parts: SQL[] = [
      ...(withCart ? [lockedCartPart({ id: p('cartId'), version: p('cartVersion') })] : []),
      unpaidPart(p('userId'), p('clientAddress'), bound),
      reservation.check,
      ...(redemption ? [redemption.check] : []),
      sql`ok as (
        select where ${gate}
          and (select account from unpaid) < ${bound.account}
          and (select address from unpaid) < ${bound.address}
          and not exists (select 1 from short)
          ${redemption ? sql`and exists (select 1 from code)` : sql``}
      )`,
      reservation.take(ok),
      ...(redemption ? [redemption.redeem(ok)] : []),
      sql`items as (${insertJsonRows(orderItems, ITEM_COLUMNS, p('items'), ok)})`,
      sql`placed as (${insertJsonRows(orderEvents, EVENT_COLUMNS, p('event'), ok)})`,
      sql`payment as (${insertPaymentStatement(p('payment'), ok)})`,
    ];
    if (withCart) {
      const [emptied, touched] = emptyCartStatements(db, p('cartId'), p('now'), ok);
      parts.push(sql`emptied as (${emptied.getSQL()})`, sql`emptied_cart as (${touched.getSQL()})`);
    }
    // The foreign keys to the order are checked at the statement's end, the order written.
    parts.push(
      sql`ordered as (${insertJsonRows(orders, ORDER_COLUMNS, p('order'), ok)} returning ${orders.number})`,
    );
    return sql`with ${sql.join(parts, sql`, `)}
      select (select number from ordered) as number,
        ${gate} as cart_held,
        (select account from unpaid) as account,
        (select address from unpaid) as address,
        (select json_agg(short) from short) as short,
        ${redemption ? sql`exists (select 1 from code)` : sql`true`} as code_held`;
  },
);

/**
 * Prices the cart and writes its order in one statement: the order placed, null when the cart
 * changed since it was read (nothing written), or the reason it was refused.
 */
async function writeOrder(executor: Executor, input: PlaceOrderInput): Promise<PlacedOrder | null> {
  const { user, checkoutKey, body } = input;
  const locale = input.locale ?? DEFAULT_LOCALE;
  const priced = await priceCart(executor, { userId: user._id }, body, locale);
  if (priced.lines.length === 0) throw new EmptyCartError();
  if (priced.usedCode) throw discountUsed();
  const shippingAddress = priced.shippingAddress!;
  const totals = totalsOf(priced, body.shippingMethod);
  const id = newId('ord');
  const now = new Date();
  // Every column written, so the row kept here is the row stored (but for its number).
  const order: Omit<OrderRow, 'number'> = {
    id,
    userId: user._id,
    email: user.email,
    status: 'pending_payment',
    checkoutKey,
    salesCounted: false,
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
    paidAt: null,
    closedAt: null,
    carrier: null,
    trackingNumber: null,
    placedFrom: input.clientAddress,
    locale,
    createdAt: now,
    updatedAt: now,
  };
  const items: OrderItemRow[] = priced.lines.map((line, position) => ({
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
  }));
  const event: OrderEventRow = {
    id: newId('oev'),
    orderId: id,
    type: 'placed',
    status: 'pending_payment',
    note: null,
    actor: 'shopper',
    actorId: user._id,
    createdAt: now,
  };
  const payment: PaymentRow = {
    id: newId('pay'),
    orderId: id,
    provider: input.provider,
    reference: null,
    status: 'requires_payment_method',
    amount: totals.total,
    currency: 'cad',
    clientSecret: null,
    lastError: null,
    cardBrand: null,
    cardLast4: null,
    refunded: 0,
    createdAt: now,
    updatedAt: now,
    reconciledAt: null,
  };

  const cart =
    priced.cartId && priced.cartVersion ? { id: priced.cartId, version: priced.cartVersion } : null;
  const shape: PlacementShape = `${cart ? 'cart' : 'buy-now'} ${priced.discount ? 'code' : 'no-code'}`;
  const bound = input.unpaidBound;
  const [outcome] = await placementStatement(shape, executor, {
    cartId: cart?.id,
    cartVersion: cart?.version,
    userId: user._id,
    clientAddress: input.clientAddress,
    unpaidPerAccount: bound.account,
    unpaidPerAddress: bound.address,
    ...stockUnits(priced.lines),
    discountId: priced.discount?.id,
    now,
    items: jsonRows(orderItems, ITEM_COLUMNS, items),
    event: jsonRows(orderEvents, EVENT_COLUMNS, [event]),
    payment: paymentJson(payment),
    order: jsonRows(orders, ORDER_COLUMNS, [order]),
  });
  if (!outcome) throw new Error('The placement statement answered no row');
  if (outcome.number !== null) {
    return { order: { ...order, number: outcome.number }, items, events: [event], payment };
  }
  // Nothing was written: say why, in the order the shopper can act on.
  if (!outcome.cart_held) return null;
  if (outcome.account >= bound.account)
    throw new TooManyUnpaidOrdersError('account', bound.account);
  if (outcome.address >= bound.address)
    throw new TooManyUnpaidOrdersError('address', bound.address);
  if (outcome.short) throw outOfStock(priced.lines, shortLinesOf(outcome.short));
  if (!outcome.code_held) throw discountUsed();
  throw new Error('The placement statement wrote no order and named no reason');
}

async function findAttemptOrder(db: Executor, userId: string, checkoutKey: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, checkoutKey)));
  return row?.id ?? null;
}
