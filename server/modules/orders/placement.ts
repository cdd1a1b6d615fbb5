/**
 * Placing an order: one transaction that prices the cart, reserves its stock, redeems its code,
 * writes the order and opens its payment, once per checkout attempt.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_LOCALE, type Locale } from '../../../contract/locale.ts';
import type { Address, PaymentProviderName, PlaceOrderBody } from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { saveAddressOnce } from '../addresses/service.ts';
import { lockAccount } from '../auth/accounts.ts';
import { dropSpentCode, emptyCartStatements } from '../cart/service.ts';
import { reserveStock } from '../catalog/stock.ts';
import { redeemDiscountCode } from '../discounts/service.ts';
import type { PaymentRow } from '../payments/completion.ts';
import { insertPaymentStatement } from '../payments/of-orders.ts';
import {
  EmptyCartError,
  priceCart,
  totalsOf,
  type CheckoutTarget,
  type PricedCart,
} from './pricing.ts';
import { queryRows } from '../search/sql.ts';
import { insertAsJson } from '../../db/json-rows.ts';
import { orderEvents, orderItems, orders } from './tables.ts';

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
  throw conflict(
    'out_of_stock',
    `Some items in your cart are no longer in stock as ordered. ${what}.`,
    { lines: short },
  );
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
 * Refuses a new order while the account or the client address already holds the most unpaid
 * orders allowed. Called under the cart's lock, so one account's placements are counted in turn.
 */
async function checkUnpaidBound(
  tx: Executor,
  userId: string,
  clientAddress: string,
  bound: PlaceOrderInput['unpaidBound'],
) {
  // Each count stops at its bound: all that matters is whether the bound is reached.
  const unpaid = (match: SQL, most: number) => sql`(select count(*)::int from (
      select 1 from ${orders} where ${orders.status} = 'pending_payment' and ${match} limit ${most}
    ) held)`;
  const [counted] = await queryRows<{ account: number; address: number }>(
    tx,
    sql`select ${unpaid(sql`${orders.userId} = ${userId}`, bound.account)} as account,
      ${unpaid(sql`${orders.placedFrom} = ${clientAddress}`, bound.address)} as address`,
  );
  if ((counted?.account ?? 0) >= bound.account) {
    throw new TooManyUnpaidOrdersError('account', bound.account);
  }
  if ((counted?.address ?? 0) >= bound.address) {
    throw new TooManyUnpaidOrdersError('address', bound.address);
  }
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
 * Places the shopper's cart (or a buy-now line, leaving the cart as it is) as an order, in one
 * transaction: prices it, reserves every line's stock (all or none), redeems the discount code
 * once, copies names, prices and addresses into the order, empties the cart and opens the payment. One checkout attempt (its Idempotency-Key)
 * makes at most one order, ever: the same key finds the order it made.
 *
 * Each statement is a round trip while the cart's and the variants' locks are held, so there are
 * few: the cart and its lines, the bound on unpaid orders, every line's stock in one, and the
 * order with its items, its first event, its payment and the emptied cart in one more. `placed`
 * holds what was written (absent when the key found an earlier order).
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<{ orderId: string; placed?: PlacedOrder }> {
  const { user, checkoutKey, body } = input;
  try {
    const placed = await db.transaction(async (tx) => {
      const priced = await priceCart(
        tx,
        { userId: user._id },
        body,
        input.locale ?? DEFAULT_LOCALE,
        true,
      );
      if (priced.lines.length === 0) throw new EmptyCartError();
      // A buy-now order has no cart row to lock: the shopper's row keeps their placements in turn.
      if (!priced.cartId) await lockAccount(tx, user._id);
      const shippingAddress = priced.shippingAddress!;
      await checkUnpaidBound(tx, user._id, input.clientAddress, input.unpaidBound);
      await reserveLines(tx, priced.lines);
      if (
        priced.usedCode ||
        (priced.discount && !(await redeemDiscountCode(tx, priced.discount.id)))
      ) {
        throw conflict(
          'discount_used',
          `Your discount code has just been used on another order, so it was taken off your cart. Check the new total and place your order again.`,
        );
      }
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
        locale: input.locale ?? DEFAULT_LOCALE,
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
      // The other modules' statements, built by their owners and run inside this one.
      let emptyCart = sql``;
      if (priced.cartId) {
        const [emptied, cart] = emptyCartStatements(tx, priced.cartId, now);
        emptyCart = sql`, emptied as (${emptied.getSQL()}), cart as (${cart.getSQL()})`;
      }
      // One statement: the foreign keys to the order are checked at its end, the order written.
      const [numbered] = await queryRows<{ number: number }>(
        tx,
        sql`with items as (${insertAsJson(orderItems, items)}),
          placed as (${insertAsJson(orderEvents, [event])}),
          payment as (${insertPaymentStatement(payment)})${emptyCart}
          ${insertAsJson(orders, [order])} returning ${orders.number}`,
      );
      // A guest checkout keeps no addresses (it has no profile to offer them from).
      if (body.saveAddress && body.shippingAddress && !user.guest) {
        await saveAddressOnce(tx, user._id, body.shippingAddress);
      }
      return { order: { ...order, number: numbered!.number }, items, events: [event], payment };
    });
    return { orderId: placed.order.id, placed };
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

async function findAttemptOrder(db: Executor, userId: string, checkoutKey: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.checkoutKey, checkoutKey)));
  return row?.id ?? null;
}
