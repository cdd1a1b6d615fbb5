/**
 * The hearts on screen: which products are hearted now, for whoever is signed in (or nobody). The
 * work behind them — the account's list, the device's hearts, the outbox — is a chunk of its own
 * (wishlist-outbox.ts), loaded once a heart is on screen, so a first page carries only this. No
 * heart is pressed on the server and while a page hydrates (its HTML is the same for everyone), nor
 * until that chunk has said which are.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../../stores/toasts.ts';

export const WISHLIST_NOT_CHANGED = 'Your wishlist could not be updated. Please try again.';

const NONE: ReadonlySet<string> = new Set();
let hearted = NONE;
const listeners = new Set<() => void>();

/** Called by wishlist-outbox.ts whenever what is hearted changes. */
export function showHearts(next: ReadonlySet<string>): void {
  hearted = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The wishlist's work in the browser (also for the session effects, session.ts). */
export const loadWishlist = () => import('./wishlist-outbox.ts');

/** What is hearted, and the toggle: `toggle(productId, hearted)`. */
export function useHearts(): [ReadonlySet<string>, (productId: string, hearted: boolean) => void] {
  const queryClient = useQueryClient();
  useEffect(() => {
    loadWishlist()
      .then((wishlist) => wishlist.followHearts(queryClient))
      .catch((err: unknown) => console.warn('The wishlist could not be read.', err));
  }, [queryClient]);
  const shown = useSyncExternalStore(
    subscribe,
    () => hearted,
    () => NONE,
  );
  const toggle = (productId: string, next: boolean) => {
    loadWishlist()
      .then((wishlist) => wishlist.changeHeart(queryClient, productId, next))
      .catch((err: unknown) => {
        console.warn('The wishlist change could not be stored.', err);
        toast.error(WISHLIST_NOT_CHANGED);
      });
  };
  return [shown, toggle];
}

/** One product's heart: whether it is given, and the toggle. */
export function useHeart(productId: string): [boolean, (hearted: boolean) => void] {
  const [shown, toggle] = useHearts();
  return [shown.has(productId), (next) => toggle(productId, next)];
}
