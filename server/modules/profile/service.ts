import type { ProfileExport } from '../../../contract/auth.ts';
import {
  ORDER_STATUS_LABELS,
  formatOrderNumber,
  type OrderStatus,
} from '../../../contract/orders.ts';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { deleteAddressesOf, exportAddressesOf } from '../addresses/service.ts';
import {
  deleteSignInDataOf,
  deleteUser,
  exportAccountOf,
  lockAccountEmail,
} from '../auth/account-data.ts';
import { passwordMatches } from '../auth/accounts.ts';
import { deleteCartsOf } from '../cart/service.ts';
import { exportCodesOf } from '../discounts/service.ts';
import { exportConsultationsOf, exportContactMessagesOf } from '../engagement/account-data.ts';
import { anonymiseOrdersOf, exportOrdersOf, openOrdersOf } from '../orders/account-data.ts';
import { deletePaymentDataOf, exportCardsOf, savedCardTokensOf } from '../payments/account-data.ts';
import { deleteReviewsOf, exportReviewsOf } from '../reviews/service.ts';
import { deleteStockAlertsOf, exportStockAlertsOf } from '../stock-alerts/service.ts';
import { exportWishlistOf } from '../wishlist/service.ts';

/**
 * Everything kept about the account, without its password hash or any token: each module
 * answers for what it keeps.
 */
export async function exportData(
  db: Database,
  userId: string,
  now: Clock = systemClock,
): Promise<ProfileExport | null> {
  const user = await exportAccountOf(db, userId);
  if (!user) return null;
  return {
    exportedAt: now().toISOString(),
    account: { ...user, createdAt: user.createdAt.toISOString() },
    addresses: await exportAddressesOf(db, userId),
    paymentMethods: await exportCardsOf(db, userId),
    orders: await exportOrdersOf(db, userId),
    discountCodes: await exportCodesOf(db, user.email),
    contactMessages: await exportContactMessagesOf(db, userId, user.email),
    consultations: await exportConsultationsOf(db, userId, user.email),
    wishlist: await exportWishlistOf(db, userId),
    stockAlerts: await exportStockAlertsOf(db, user.email),
    reviews: await exportReviewsOf(db, userId),
  };
}

/**
 * The account still has orders that are not delivered or closed: deleting it now would erase the
 * address they ship to, so it is refused (409) naming them, until each is delivered or cancelled.
 */
export class OpenOrdersError extends HttpError {
  constructor(open: { number: number; status: OrderStatus }[]) {
    const named = open
      .map((order) => `${formatOrderNumber(order.number)} (${ORDER_STATUS_LABELS[order.status]})`)
      .join(', ');
    super(
      409,
      'account_has_open_orders',
      `Your account cannot be deleted while orders are still open: ${named}. Cancel them, or wait until they are delivered, then delete the account.`,
      {
        reason: 'open_orders',
        orders: open.map((order) => ({
          number: formatOrderNumber(order.number),
          status: order.status,
        })),
      },
    );
  }
}

/**
 * Deletes the account in one transaction: sessions, saved addresses and cards, the cart,
 * pending resets and e-mail changes and the back-in-stock alerts of its address go; orders stay for the books, anonymised; the user
 * row is deleted, so the address can register again. Refused (OpenOrdersError) while an order
 * is open: its address is still needed to ship it, and its payment may still be refunded. Saved
 * cards are detached at the payment provider first (`detachCard`), so none stays usable there.
 */
export async function deleteAccount(
  db: Database,
  userId: string,
  password: string,
  now: Clock = systemClock,
  detachCard: (token: string) => Promise<void> = async () => undefined,
): Promise<boolean> {
  if (!(await passwordMatches(db, userId, password))) return false;
  const open = await openOrdersOf(db, userId);
  if (open.length > 0) throw new OpenOrdersError(open);
  const tokens = await savedCardTokensOf(db, userId);
  // Before anything is deleted here: a provider that fails leaves the account whole, to retry.
  for (const token of tokens) await detachCard(token);
  // Each module deletes what it keeps, all in this one transaction.
  await db.transaction(async (tx) => {
    // An order placed meanwhile (another tab) keeps the account: checked again under its lock.
    const email = await lockAccountEmail(tx, userId);
    const placed = await openOrdersOf(tx, userId);
    if (placed.length > 0) throw new OpenOrdersError(placed);
    await anonymiseOrdersOf(tx, userId, now());
    await deleteSignInDataOf(tx, userId);
    await deleteAddressesOf(tx, userId);
    await deletePaymentDataOf(tx, userId);
    await deleteCartsOf(tx, userId);
    // Back-in-stock alerts are kept by address, not account: those of its address go with it.
    if (email !== undefined) await deleteStockAlertsOf(tx, email);
    // Their reviews carry their name; the products they rated are recounted without them.
    await deleteReviewsOf(tx, userId);
    await deleteUser(tx, userId);
  });
  return true;
}
