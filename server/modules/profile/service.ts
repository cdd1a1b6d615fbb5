import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { ProfileExport } from '../../../contract/auth.ts';
import {
  OPEN_ORDER_STATUSES,
  ORDER_STATUS_LABELS,
  formatOrderNumber,
  type Address,
  type OrderStatus,
} from '../../../contract/orders.ts';
import type { Database, Executor } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { userAddresses } from '../addresses/tables.ts';
import {
  accountEmailIs,
  emailChanges,
  sessionUserColumns,
  passwordResets,
  sessions,
  users,
} from '../auth/tables.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { carts } from '../cart/tables.ts';
import { discountCodes } from '../discounts/tables.ts';
import { consultationBookings, contactMessages } from '../engagement/tables.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { orderItems, orders } from '../orders/tables.ts';
import { paymentCustomers, savedPaymentMethods } from '../payments/tables.ts';
import { products } from '../catalog/tables.ts';
import { wishlistItems } from '../wishlist/tables.ts';
import { stockAlerts } from '../stock-alerts/tables.ts';
import { deleteReviewsOf } from '../reviews/service.ts';
import { reviews } from '../reviews/tables.ts';

/** How long the confirmation link of an e-mail change works. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

/** The address an anonymised order keeps: unique, and never deliverable (.invalid, RFC 2606). */
export const deletedOrderEmail = (orderId: string) => `deleted-${orderId}@invalid`;

/**
 * What an order's address keeps once its account is deleted: the province, the first three
 * characters of the postal code (the forward sortation area) and the country, which the tax
 * records need; name, street, city and phone are gone.
 */
export function anonymiseAddress(address: Address): Address {
  return {
    name: 'Deleted account',
    line1: '',
    line2: undefined,
    city: '',
    province: address.province,
    postalCode: address.postalCode.slice(0, 3),
    country: address.country,
    phone: '',
  };
}

export type EmailChangeRequest =
  { ok: true } | { ok: false; reason: 'wrong-password' | 'taken' | 'same' | 'no-user' };

export type EmailChangeConfirm =
  { ok: true; email: string } | { ok: false; reason: 'invalid' | 'expired' | 'used' | 'taken' };

async function checkPassword(db: Database, userId: string, password: string) {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  // An unknown user costs a hash check too.
  const ok = await verifyPassword(row?.passwordHash ?? null, password);
  return Boolean(row) && ok;
}

async function emailTaken(db: Database, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(accountEmailIs(email)).limit(1);
  return Boolean(row);
}

/**
 * Stores a pending change and e-mails the link to the new address, and a notice to the old
 * one. Earlier pending changes of the account stop working.
 */
export async function requestEmailChange(
  db: Database,
  userId: string,
  newEmail: string,
  password: string,
  confirmUrl: (token: string) => string,
  now: Clock = systemClock,
): Promise<EmailChangeRequest> {
  if (!(await checkPassword(db, userId, password))) return { ok: false, reason: 'wrong-password' };
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return { ok: false, reason: 'no-user' };
  if (user.email === newEmail) return { ok: false, reason: 'same' };
  if (await emailTaken(db, newEmail)) return { ok: false, reason: 'taken' };
  const token = newToken(32);
  const at = now();
  await db.transaction(async (tx) => {
    await tx
      .delete(emailChanges)
      .where(or(eq(emailChanges.userId, userId), lt(emailChanges.expiresAt, at)));
    await tx.insert(emailChanges).values({
      id: newId('emc'),
      userId,
      newEmail,
      tokenHash: hashToken(token),
      expiresAt: new Date(at.getTime() + EMAIL_CHANGE_TTL_MS),
    });
    await enqueueMail(tx, {
      kind: 'email-change-confirm',
      to: newEmail,
      subject: 'Confirm your new Forge Nutrition e-mail address',
      ...renderMail({
        heading: 'Confirm your new e-mail address',
        paragraphs: [
          `Hi ${user.name},`,
          `Open the link below within ${EMAIL_CHANGE_TTL_MS / 3_600_000} hours to use this address for your Forge Nutrition account. Until then your account keeps its current address.`,
          'If you did not ask for this, ignore this message.',
        ],
        action: { label: 'Confirm this address', url: confirmUrl(token) },
      }),
    });
    await enqueueMail(tx, {
      kind: 'email-change-notice',
      to: user.email,
      subject: 'A change of your Forge Nutrition e-mail address was requested',
      ...renderMail({
        heading: 'E-mail change requested',
        paragraphs: [
          `Hi ${user.name},`,
          `Someone signed in to your account asked to change its e-mail address to ${newEmail}. The change happens only once the link sent to that address is opened.`,
          'If this was not you, change your password at once; the account keeps this address until the link is opened.',
        ],
      }),
    });
  });
  return { ok: true };
}

/** Applies a pending change once; the account's e-mail changes only here. */
export async function confirmEmailChange(
  db: Database,
  token: string,
  now: Clock = systemClock,
): Promise<EmailChangeConfirm> {
  const at = now();
  return db.transaction(async (tx): Promise<EmailChangeConfirm> => {
    const [change] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.tokenHash, hashToken(token)))
      .limit(1);
    if (!change) return { ok: false, reason: 'invalid' };
    if (change.usedAt) return { ok: false, reason: 'used' };
    if (change.expiresAt <= at) return { ok: false, reason: 'expired' };
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(accountEmailIs(change.newEmail))
      .limit(1);
    // The address got an account since the request; the unique index backs this up.
    if (owner) return { ok: false, reason: 'taken' };
    const [spent] = await tx
      .update(emailChanges)
      .set({ usedAt: at })
      .where(and(eq(emailChanges.id, change.id), isNull(emailChanges.usedAt)))
      .returning({ id: emailChanges.id });
    if (!spent) return { ok: false, reason: 'used' };
    const [updated] = await tx
      .update(users)
      .set({ email: change.newEmail, updatedAt: at })
      .where(eq(users.id, change.userId))
      .returning({ id: users.id });
    if (!updated) return { ok: false, reason: 'invalid' };
    // Reset links mailed to the old address die with it.
    await tx.delete(passwordResets).where(eq(passwordResets.userId, change.userId));
    return { ok: true, email: change.newEmail };
  });
}

/** Everything kept about the account, without its password hash or any token. */
export async function exportData(
  db: Database,
  userId: string,
  now: Clock = systemClock,
): Promise<ProfileExport | null> {
  const [user] = await db
    .select({
      ...sessionUserColumns,
      phone: users.phone,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return null;
  const addresses = await db
    .select({
      _id: userAddresses.id,
      name: userAddresses.name,
      line1: userAddresses.line1,
      line2: userAddresses.line2,
      city: userAddresses.city,
      province: userAddresses.province,
      postalCode: userAddresses.postalCode,
      country: userAddresses.country,
      phone: userAddresses.phone,
      isDefault: userAddresses.isDefault,
      createdAt: userAddresses.createdAt,
    })
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.createdAt));
  // The cards as the shopper sees them; the provider's token stays out of the file.
  const cards = await db
    .select({
      _id: savedPaymentMethods.id,
      provider: savedPaymentMethods.provider,
      brand: savedPaymentMethods.brand,
      last4: savedPaymentMethods.last4,
      expMonth: savedPaymentMethods.expMonth,
      expYear: savedPaymentMethods.expYear,
      createdAt: savedPaymentMethods.createdAt,
    })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId))
    .orderBy(asc(savedPaymentMethods.createdAt));
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt));
  const lines = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
        .orderBy(asc(orderItems.orderId), asc(orderItems.position))
    : [];
  const exported = orderRows.map(({ checkoutKey: _key, userId: _user, ...o }) => ({
    ...o,
    items: lines.filter((l) => l.orderId === o.id).map(({ orderId: _order, ...l }) => l),
  }));
  const codes = await db
    .select({
      code: discountCodes.code,
      email: discountCodes.email,
      percentOff: discountCodes.percentOff,
      expiresAt: discountCodes.expiresAt,
      usedAt: discountCodes.usedAt,
      createdAt: discountCodes.createdAt,
    })
    .from(discountCodes)
    .where(eq(discountCodes.email, user.email))
    .orderBy(asc(discountCodes.createdAt));
  const messages = await db
    .select()
    .from(contactMessages)
    .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, user.email)))
    .orderBy(asc(contactMessages.createdAt));
  const consultations = await db
    .select()
    .from(consultationBookings)
    .where(or(eq(consultationBookings.userId, userId), eq(consultationBookings.email, user.email)))
    .orderBy(asc(consultationBookings.createdAt));
  const wishlist = await db
    .select({
      productId: wishlistItems.productId,
      name: products.name,
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(asc(wishlistItems.createdAt));
  // The unsubscribe token's hash stays out of the file, like the cards' provider tokens.
  const alerts = await db
    .select({
      variantId: stockAlerts.variantId,
      email: stockAlerts.email,
      createdAt: stockAlerts.createdAt,
    })
    .from(stockAlerts)
    .where(eq(stockAlerts.email, user.email))
    .orderBy(asc(stockAlerts.createdAt));
  const written = await db
    .select({
      _id: reviews.id,
      productId: reviews.productId,
      rating: reviews.rating,
      title: reviews.title,
      body: reviews.body,
      author: reviews.author,
      hiddenAt: reviews.hiddenAt,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
    })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  return {
    exportedAt: now().toISOString(),
    account: { ...user, createdAt: user.createdAt.toISOString() },
    addresses,
    paymentMethods: cards,
    orders: exported,
    discountCodes: codes,
    contactMessages: messages,
    consultations,
    wishlist,
    stockAlerts: alerts,
    reviews: written,
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

async function openOrdersOf(db: Executor, userId: string) {
  return db
    .select({ number: orders.number, status: orders.status })
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.number));
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
  if (!(await checkPassword(db, userId, password))) return false;
  const open = await openOrdersOf(db, userId);
  if (open.length > 0) throw new OpenOrdersError(open);
  const cards = await db
    .select({ token: savedPaymentMethods.token })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.userId, userId));
  // Before anything is deleted here: a provider that fails leaves the account whole, to retry.
  for (const card of cards) await detachCard(card.token);
  await db.transaction(async (tx) => {
    // An order placed meanwhile (another tab) keeps the account: checked again under its lock.
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    const placed = await openOrdersOf(tx, userId);
    if (placed.length > 0) throw new OpenOrdersError(placed);
    const own = await tx
      .select({
        id: orders.id,
        shippingAddress: orders.shippingAddress,
        billingAddress: orders.billingAddress,
      })
      .from(orders)
      .where(eq(orders.userId, userId));
    for (const order of own) {
      await tx
        .update(orders)
        .set({
          userId: null,
          email: deletedOrderEmail(order.id),
          shippingAddress: anonymiseAddress(order.shippingAddress),
          billingAddress: anonymiseAddress(order.billingAddress),
          updatedAt: now(),
        })
        .where(eq(orders.id, order.id));
    }
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
    await tx.delete(savedPaymentMethods).where(eq(savedPaymentMethods.userId, userId));
    await tx.delete(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    await tx.delete(carts).where(eq(carts.userId, userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    // Back-in-stock alerts are kept by address, not account: those of its address go with it.
    if (account) await tx.delete(stockAlerts).where(eq(stockAlerts.email, account.email));
    // Their reviews carry their name; the products they rated are recounted without them.
    await deleteReviewsOf(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
  return true;
}
