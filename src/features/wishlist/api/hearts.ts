/**
 * The hearts on screen: which products are hearted now, for whoever is signed in (or nobody), and
 * for the profile the account's list as last read. The work behind them — the account's list, the
 * device's hearts, the outbox — is a chunk of its own (wishlist-outbox.ts), loaded once a heart or
 * the list is on screen, so a first page carries only this. No heart is pressed on the server and
 * while a page hydrates (its HTML is the same for everyone), nor until that chunk has said which are.
 */
import { msg } from '@lingui/core/macro';
import { LinguiContext } from '@lingui/react';
import { useQueryClient, type QueryObserverResult } from '@tanstack/react-query';
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { toast } from '../../../stores/toasts.ts';
import type { Wishlist } from './get-wishlist.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';
import { loadOnce } from '../../../lib/load-once.ts';
import { nextTask } from '../../../lib/next-task.ts';

export const WISHLIST_NOT_CHANGED = msg`Your wishlist could not be updated. Please try again.`;

export interface Hearts {
  hearted: ReadonlySet<string>;
  /** The reading of the account's list (`GET /user/wishlist`); null when nobody is signed in. */
  list: QueryObserverResult<Wishlist> | null;
}

const NONE: Hearts = { hearted: new Set(), list: null };
let shown = NONE;
const listeners = new Set<() => void>();

/** Called by wishlist-outbox.ts whenever what is hearted, or the list, changes. */
export function showHearts(next: Hearts): void {
  shown = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The wishlist's work in the browser (also for the session effects, session.ts), imported once
 * however many hearts ask for it, from a task of its own: the first caller is the commit that
 * mounts the hearts, and the bundler's preload of the chunk's files would lengthen it.
 */
export const loadWishlist = loadOnce(() =>
  nextTask().then(() => afterMessages(() => import('./wishlist-outbox.ts'))),
);

/** What is hearted and the list, and the toggle: `toggle(productId, hearted)`. */
export function useWishlist(): Hearts & { toggle: (productId: string, hearted: boolean) => void } {
  const queryClient = useQueryClient();
  // The page's translator, for the toasts (a heart drawn outside one, as in some tests, toasts in
  // English).
  const i18n = useContext(LinguiContext)?.i18n;
  useEffect(() => {
    loadWishlist()
      .then((wishlist) => wishlist.followHearts(queryClient, i18n))
      .catch((err: unknown) => console.warn('The wishlist could not be read.', err));
  }, [queryClient, i18n]);
  const hearts = useSyncExternalStore(
    subscribe,
    () => shown,
    () => NONE,
  );
  const toggle = (productId: string, next: boolean) => {
    loadWishlist()
      .then((wishlist) => wishlist.changeHeart(queryClient, productId, next))
      .catch((err: unknown) => {
        console.warn('The wishlist change could not be stored.', err);
        toast.error(
          i18n?._(WISHLIST_NOT_CHANGED) ?? 'Your wishlist could not be updated. Please try again.',
        );
      });
  };
  return { ...hearts, toggle };
}

/** One product's heart: whether it is given, and the toggle. */
export function useHeart(productId: string): [boolean, (hearted: boolean) => void] {
  const { hearted, toggle } = useWishlist();
  return [hearted.has(productId), (next) => toggle(productId, next)];
}
