/**
 * The hearts a signed-out shopper (or a guest checkout, which has no account) gives, kept on the
 * device only (local storage, `wishlist`): the ids of the products, newest first. At sign-in they
 * join the account's list and are forgotten here (features/wishlist); signing out forgets them too.
 * Another tab's hearts show here as well (the storage event).
 */
import { WISHLIST_MAX } from '../../contract/wishlist-rules.ts';
import { readStorage, removeStorage, writeStorage } from '../lib/storage.ts';

export const WISHLIST_STORAGE_KEY = 'wishlist';

const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

export function deviceWishlist(): string[] {
  const raw = readStorage(WISHLIST_STORAGE_KEY);
  if (raw === cached.raw) return cached.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    // Anything but a list of ids (an older shape, a hand edit) is dropped.
    if (Array.isArray(parsed)) {
      ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, WISHLIST_MAX);
    }
  } catch {
    console.warn(`Ignoring unreadable "${WISHLIST_STORAGE_KEY}" in local storage.`);
  }
  cached = { raw, ids };
  return ids;
}

function write(ids: string[]) {
  if (ids.length === 0) removeStorage(WISHLIST_STORAGE_KEY);
  else writeStorage(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
  for (const listener of listeners) listener();
}

/**
 * Hearts a product (it goes first) or takes its heart away. The list keeps to an account's cap,
 * so that all of it can join the account at sign-in: past it the oldest heart drops off.
 */
export function setDeviceHeart(productId: string, hearted: boolean): void {
  const others = deviceWishlist().filter((id) => id !== productId);
  write(hearted ? [productId, ...others].slice(0, WISHLIST_MAX) : others);
}

export function clearDeviceWishlist(): void {
  write([]);
}

/** Calls `listener` whenever the device's hearts change, here or in another tab; returns the stop. */
export function subscribeDeviceWishlist(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === WISHLIST_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
