/**
 * A guest becomes an account, and its orders with it.
 *
 * When no account has the guest's address, the guest's own row takes the password and stops being
 * a guest: every order it placed is then the account's without moving anything. When an account
 * already has the address, holding the guest session (or an order link) proves nothing about
 * owning that account, so nothing joins by itself: the account's mailbox gets a single-use link,
 * and the guest's orders move to the account only when it is opened.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { User } from '../../../contract/auth.ts';
import type { Locale } from '../../../contract/locale.ts';
import type { Database, Executor } from '../../db/client.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { inLocale } from '../../lib/locale.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { renderMail } from '../mail/templates.ts';
import { moveOrders } from '../orders/account-data.ts';
import { hashPassword } from './passwords.ts';
import { accountEmailIs, orderJoins, sessionUserColumns, sessions, users } from './tables.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a join link works. Longer than a reset link: it only moves a guest's orders into the
 * mailbox owner's own account, and a shopper may read the mail days later.
 */
export const ORDER_JOIN_TTL_MS = 7 * 24 * HOUR_MS;

/** What a join token looks like (32 random bytes, base64url); anything else joins nothing. */
const ORDER_JOIN_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export type GuestAccountOutcome =
  /** The guest's row is now the account; the caller signs the client in as it. */
  | { kind: 'created'; user: User }
  /** An account has the address: a join link went to it (`email`). */
  | { kind: 'join-sent'; email: string }
  /** The user is not a guest (any more), or is gone. */
  | { kind: 'not-guest' };

/** Whether this user is a guest checkout's (false for an account, a deleted user or null). */
export async function isGuestUser(db: Executor, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ guest: users.guest })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.guest ?? false;
}

/** Whether an error (or one it wraps) is PostgreSQL's unique violation. */
function isUniqueViolation(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth++) {
    if (typeof cause !== 'object') return false;
    if ((cause as { code?: unknown }).code === '23505') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Makes the guest an account with this password, or, when an account already has its address,
 * e-mails that account a link that adds the guest's orders to it. The mail is in `locale` (the
 * language of the request), or else the guest's (a new account) or the account's (a join link).
 */
export async function accountForGuest(
  db: Database,
  guestUserId: string,
  password: string,
  joinUrl: (token: string, locale: Locale) => string,
  locale?: Locale,
  now: Clock = systemClock,
): Promise<GuestAccountOutcome> {
  const [guest] = await db
    .select({ id: users.id, email: users.email, guest: users.guest })
    .from(users)
    .where(eq(users.id, guestUserId))
    .limit(1);
  if (!guest?.guest) return { kind: 'not-guest' };

  // No look-up first: the partial unique index on accounts' e-mails is what decides, so a
  // registration of the address racing this one cannot end with two accounts.
  const passwordHash = await hashPassword(password);
  try {
    const user = await promoteGuest(db, guest.id, passwordHash, locale, now);
    return user ? { kind: 'created', user } : { kind: 'not-guest' };
  } catch (error) {
    // The address has an account (from before, or made a moment ago): that account is the one
    // the orders may join, once its mailbox says so.
    if (!isUniqueViolation(error)) throw error;
  }
  return sendJoinLink(db, guest.id, guest.email, joinUrl, locale, now);
}

/** The guest's row takes the password and stops being a guest; null when it is not a guest. */
async function promoteGuest(
  db: Database,
  userId: string,
  passwordHash: string,
  locale: Locale | undefined,
  now: Clock,
): Promise<User | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, guest: false, updatedAt: now(), ...(locale ? { locale } : {}) })
      .where(and(eq(users.id, userId), eq(users.guest, true)))
      .returning({ ...sessionUserColumns, locale: users.locale });
    if (!row) return null;
    const { locale: accountLocale, ...user } = row;
    const l = inLocale(accountLocale);
    // Whoever set the password is signed in afresh by the caller; any other session of the guest
    // (another device, a copied cookie) would otherwise gain the account without knowing it.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await enqueueMail(tx, {
      kind: 'welcome',
      to: user.email,
      subject: l('Welcome to Forge Nutrition', 'Bienvenue chez Forge Nutrition'),
      ...renderMail(
        {
          heading: l('Your account is ready', 'Votre compte est prêt'),
          paragraphs: [
            l(`Hi ${user.name},`, `Bonjour ${user.name},`),
            l(
              'You created an account with the address you checked out with. The orders you placed as a guest are in My Orders, and you can sign in with your e-mail address and the password you chose.',
              'Vous avez créé un compte avec l’adresse utilisée pour votre commande. Les commandes passées en tant qu’invité se trouvent dans Mes commandes, et vous pouvez vous connecter avec votre adresse courriel et le mot de passe choisi.',
            ),
          ],
        },
        accountLocale,
      ),
    });
    return user as User;
  });
}

async function sendJoinLink(
  db: Database,
  guestUserId: string,
  email: string,
  joinUrl: (token: string, locale: Locale) => string,
  locale: Locale | undefined,
  now: Clock,
): Promise<GuestAccountOutcome> {
  const token = newToken(32);
  const at = now();
  const sent = await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(accountEmailIs(email))
      .limit(1);
    if (!account) return null;
    // Spent and expired links are swept while here.
    await tx
      .delete(orderJoins)
      .where(or(lt(orderJoins.expiresAt, at), sql`${orderJoins.usedAt} IS NOT NULL`));
    await tx.insert(orderJoins).values({
      id: newId('ojn'),
      guestUserId,
      accountUserId: account.id,
      tokenHash: hashToken(token),
      createdAt: at,
      expiresAt: new Date(at.getTime() + ORDER_JOIN_TTL_MS),
    });
    const days = ORDER_JOIN_TTL_MS / (24 * HOUR_MS);
    const mailLocale = locale ?? account.locale;
    const l = inLocale(mailLocale);
    const addOrders = l(
      'Add your guest orders to your account',
      'Ajoutez vos commandes d’invité à votre compte',
    );
    await enqueueMail(tx, {
      kind: 'order-join',
      to: account.email,
      subject: l(
        'Add your guest orders to your Forge Nutrition account',
        'Ajoutez vos commandes d’invité à votre compte Forge Nutrition',
      ),
      ...renderMail(
        {
          heading: addOrders,
          paragraphs: [
            l(`Hi ${account.name},`, `Bonjour ${account.name},`),
            l(
              'Someone who checked out as a guest with this e-mail address asked to keep those orders in your Forge Nutrition account.',
              'Une personne qui a commandé en tant qu’invité avec cette adresse courriel a demandé de conserver ces commandes dans votre compte Forge Nutrition.',
            ),
            l(
              `If that was you, open the link below within ${days} days and confirm: the orders will then be in My Orders. If it was not you, ignore this message and nothing changes.`,
              `Si c’était vous, ouvrez le lien ci-dessous d’ici ${days} jours et confirmez${'\u00a0'}: les commandes se trouveront alors dans Mes commandes. Sinon, ne tenez pas compte de ce message${'\u00a0'}: rien ne changera.`,
            ),
          ],
          action: { label: addOrders, url: joinUrl(token, mailLocale) },
        },
        mailLocale,
      ),
    });
    return account.email;
  });
  // The account vanished between the unique violation and here: nothing to join.
  return sent ? { kind: 'join-sent', email: sent } : { kind: 'not-guest' };
}

/**
 * Moves every order of the link's guest to the account, once; the number of orders moved, or
 * null for an unknown, spent or expired link (or a guest that has since become an account).
 */
export async function joinGuestOrders(
  db: Database,
  token: string,
  now: Clock = systemClock,
): Promise<number | null> {
  if (!ORDER_JOIN_TOKEN.test(token)) return null;
  return db.transaction(async (tx) => {
    const stillGuest = tx
      .select({ one: sql`1` })
      .from(users)
      .where(and(eq(users.id, orderJoins.guestUserId), eq(users.guest, true)));
    const [join] = await tx
      .update(orderJoins)
      .set({ usedAt: now() })
      .where(
        and(
          eq(orderJoins.tokenHash, hashToken(token)),
          isNull(orderJoins.usedAt),
          gt(orderJoins.expiresAt, now()),
          sql`EXISTS (${stillGuest})`,
        ),
      )
      .returning({ guestUserId: orderJoins.guestUserId, accountUserId: orderJoins.accountUserId });
    if (!join) return null;
    // Only orders change hands; their events keep the ids of whoever acted then.
    return moveOrders(tx, join.guestUserId, join.accountUserId, now());
  });
}
