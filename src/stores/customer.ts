/**
 * Who the shopper is: the signed-in user (or none) and the guest cart id. Persisted in local
 * storage under `customer-root` as `{ auth, guestCart }`; the guest cart id is also kept under its
 * own key `guestCartId`. Read it in render with `useSnapshot(customerState)` or `useCustomer()`.
 *
 * - The guest cart id is set and cleared in the state and local storage together, and read from
 *   storage only when the state holds none.
 * - rememberGuestCartFromResponse stores `data.guestCartId` from a successful cart answer when
 *   nobody is signed in (every cart call does: features/cart/api/cart-request.ts).
 * - hydrateCustomer reads the persisted state once at start-up (main.tsx calls it), and from then
 *   on follows other tabs: the guest cart id they store (one shopper, one cart in every tab) and
 *   their sign-ins and sign-outs (the session cookie is the browser's, shared by every tab).
 * - onSignInElsewhere's listeners hear the user (or null) when another tab signs in or out, after
 *   this tab's state has followed.
 */
import { proxy, subscribe, useSnapshot } from 'valtio';
import { STORAGE_KEYS } from '../lib/constants.ts';
import { useHydrated } from '../lib/ssr/hydrated.ts';
import { readStorage, removeStorage, writeStorage } from '../lib/storage.ts';

export interface AuthUser {
  _id: string;
  name: string;
  email: string;
  role?: string;
  /** A guest checkout's session: checkout and its own orders, no profile (no account). */
  guest?: boolean;
}

export interface CustomerState {
  auth: { user: AuthUser | null };
  guestCart: { guestCartId: string | null };
}

export const customerState = proxy<CustomerState>({
  auth: { user: null },
  guestCart: { guestCartId: null },
});

/**
 * The shopper as render sees them. While the server's HTML is being hydrated nobody is signed in
 * and there is no guest cart, as on the server (its pages are the same for everyone); the render
 * after hydration shows the shopper.
 */
export function useCustomer(): { user: AuthUser | null; guestCartId: string | null } {
  const snap = useSnapshot(customerState);
  const hydrated = useHydrated();
  if (!hydrated) return { user: null, guestCartId: null };
  return { user: snap.auth.user, guestCartId: snap.guestCart.guestCartId };
}

export function setUser(user: AuthUser): void {
  customerState.auth.user = {
    _id: user._id,
    name: user.name,
    email: user.email,
    role: user.role,
    ...(user.guest ? { guest: true } : {}),
  };
}

export function clearUser(): void {
  customerState.auth.user = null;
}

export function setGuestCartId(guestCartId: string): void {
  customerState.guestCart.guestCartId = guestCartId;
  writeStorage(STORAGE_KEYS.guestCartId, guestCartId);
}

export function clearGuestCartId(): void {
  customerState.guestCart.guestCartId = null;
  removeStorage(STORAGE_KEYS.guestCartId);
}

/** Takes the id from local storage only when the state holds none. */
export function initGuestCartIdFromStorage(): void {
  if (customerState.guestCart.guestCartId) return;
  const stored = readStorage(STORAGE_KEYS.guestCartId);
  if (stored) customerState.guestCart.guestCartId = stored;
}

export function rememberGuestCartFromResponse(body: unknown): void {
  if (customerState.auth.user) return;
  if (!body || typeof body !== 'object') return;
  const { success, data } = body as { success?: unknown; data?: { guestCartId?: unknown } };
  if (success !== true || !data || typeof data.guestCartId !== 'string' || !data.guestCartId) {
    return;
  }
  if (data.guestCartId !== customerState.guestCart.guestCartId) setGuestCartId(data.guestCartId);
}

function parsePersisted(raw: string | null): Partial<CustomerState> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as Partial<CustomerState>;
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch (err) {
    console.warn(`Ignoring unreadable "${STORAGE_KEYS.customerRoot}" in local storage.`, err);
    return {};
  }
}

function isUser(value: unknown): value is AuthUser {
  const user = value as AuthUser | null;
  return Boolean(user && typeof user._id === 'string' && typeof user.name === 'string');
}

let unsubscribePersist: (() => void) | null = null;
let stopFollowingTabs: (() => void) | null = null;
const signInListeners = new Set<(user: AuthUser | null) => void>();

export function onSignInElsewhere(listener: (user: AuthUser | null) => void): () => void {
  signInListeners.add(listener);
  return () => {
    signInListeners.delete(listener);
  };
}

/** Follows another tab's sign-in, sign-out or change of account, from its persisted state. */
function followSignIn(raw: string | null): void {
  const stored = parsePersisted(raw).auth?.user;
  const user = isUser(stored) ? stored : null;
  const current = customerState.auth.user;
  if ((user?._id ?? null) === (current?._id ?? null)) {
    // The same account: a changed name or e-mail (a profile edit there) shows here too.
    if (user && current && (user.name !== current.name || user.email !== current.email)) {
      setUser(user);
    }
    return;
  }
  if (user) setUser(user);
  else clearUser();
  for (const listener of signInListeners) listener(user);
}

/**
 * Another tab's first cart answer names the guest cart, and a sign-in there merges it away. A tab
 * that kept its own idea would read an empty cart, or send its changes to a cart of its own. A
 * sign-out there ends the session here too (one cookie): a tab still showing the account would
 * act on a session that is gone.
 */
function followOtherTabs(): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.customerRoot) followSignIn(event.newValue);
    if (event.key !== STORAGE_KEYS.guestCartId) return;
    customerState.guestCart.guestCartId = event.newValue;
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * Restores the persisted state and starts persisting every change. Local storage answers
 * synchronously, so the 5 s rehydration time-out can never be reached here; it guards the
 * asynchronous query-cache persistence instead (PERSIST_TIMEOUT_MS).
 */
export function hydrateCustomer(): void {
  const persisted = parsePersisted(readStorage(STORAGE_KEYS.customerRoot));
  const user = persisted.auth?.user;
  customerState.auth.user = isUser(user) ? user : null;
  const guestCartId = persisted.guestCart?.guestCartId;
  if (typeof guestCartId === 'string' && guestCartId) {
    customerState.guestCart.guestCartId = guestCartId;
  }
  initGuestCartIdFromStorage();
  stopFollowingTabs?.();
  stopFollowingTabs = followOtherTabs();
  unsubscribePersist?.();
  unsubscribePersist = subscribe(customerState, () => {
    writeStorage(
      STORAGE_KEYS.customerRoot,
      JSON.stringify({ auth: customerState.auth, guestCart: customerState.guestCart }),
    );
  });
}
