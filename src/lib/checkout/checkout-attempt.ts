/**
 * The durable checkout attempt: what "Place order" sent, under which Idempotency-Key, and the order
 * it made once known. Kept in IndexedDB per signed-in user, so a reload, a double tap or a lost
 * answer resumes the same attempt (same key, same body: the server replays the same order) and
 * never places a second order. It lives in the shared layer because signing out (account) must
 * forget it and checkout (orders) writes it.
 *
 * Reads and writes never reject: storage failures are logged and the attempt is then kept in memory
 * for this page only, like every store of the app (a broken storage never breaks a page). Sign-out
 * forgets every user's attempt.
 */
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { PlaceOrderBody } from '../../../contract/orders.ts';

export const CHECKOUT_ATTEMPT_DB = 'forge-checkout';

export interface CheckoutAttempt {
  /** The Idempotency-Key of POST /orders, kept for every resend of this attempt. */
  key: string;
  /** The body first sent: a resend must be the same request. */
  body: PlaceOrderBody;
  /** Once the server has answered: the order this attempt made. */
  orderId?: string;
  orderNumber?: string;
  /** ISO time the shopper first pressed "Place order". */
  createdAt: string;
}

let store: UseStore | null = null;
/** Where attempts go when IndexedDB is missing or failing (private modes, tests). */
const memory = new Map<string, CheckoutAttempt>();

function idb(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  try {
    store ??= createStore(CHECKOUT_ATTEMPT_DB, 'attempts');
    return store;
  } catch (err) {
    console.warn('The checkout attempt store could not be opened.', err);
    return null;
  }
}

const keyOf = (userId: string) => `attempt:${userId}`;

export async function readCheckoutAttempt(userId: string): Promise<CheckoutAttempt | null> {
  const db = idb();
  if (db) {
    try {
      const stored = await get<CheckoutAttempt>(keyOf(userId), db);
      if (stored) return stored;
    } catch (err) {
      console.warn('The checkout attempt could not be read.', err);
    }
  }
  return memory.get(keyOf(userId)) ?? null;
}

export async function writeCheckoutAttempt(
  userId: string,
  attempt: CheckoutAttempt,
): Promise<void> {
  memory.set(keyOf(userId), attempt);
  const db = idb();
  if (!db) return;
  try {
    await set(keyOf(userId), attempt, db);
  } catch (err) {
    console.warn('The checkout attempt could not be saved.', err);
  }
}

export async function removeCheckoutAttempt(userId: string): Promise<void> {
  memory.delete(keyOf(userId));
  const db = idb();
  if (!db) return;
  try {
    await del(keyOf(userId), db);
  } catch (err) {
    console.warn('The checkout attempt could not be removed.', err);
  }
}

/**
 * Forgets the user's attempt if it made `orderId`: that order was closed before it was paid
 * (cancelled, expired), so the next checkout starts afresh instead of resuming it.
 */
export async function forgetAttemptOfOrder(userId: string, orderId: string): Promise<void> {
  const stored = await readCheckoutAttempt(userId);
  if (stored?.orderId === orderId) await removeCheckoutAttempt(userId);
}

export async function clearCheckoutAttempts(): Promise<void> {
  memory.clear();
  const db = idb();
  if (!db) return;
  try {
    await clear(db);
  } catch (err) {
    console.warn('The checkout attempts could not be cleared.', err);
  }
}
