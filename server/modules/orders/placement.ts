/**
 * Placing an order: one transaction that prices the cart, reserves its stock, redeems its code,
 * writes the order and opens its payment, once per checkout attempt.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { Address, PaymentProviderName, PlaceOrderBody } from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { SessionUser } from '../../plugins/sessions.ts';
import { saveAddressOnce } from '../addresses/service.ts';
import { users } from '../auth/tables.ts';
import { cartItems, carts } from '../cart/tables.ts';
import { reserveStock } from '../catalog/stock.ts';
import { redeemDiscountCode } from '../discounts/service.ts';
import { payments } from '../payments/tables.ts';
import {
  EmptyCartError,
  priceCart,
  totalsOf,
  type CheckoutTarget,
  type PricedCart,
} from './pricing.ts';
import { orderItems, orders } from './tables.ts';
import { recordOrderEvent } from './transitions.ts';

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
