/**
 * The wishlist's work in the browser, a chunk of its own (hearts.ts loads it once a heart is on
 * screen, session.ts at a sign-in or sign-out).
 *
 * - What is hearted (followHearts): signed in, the account's list (`GET /user/wishlist`, also
 *   shown as it is read, for the profile) with the changes still waiting in the outbox applied;
 *   signed out, or as a guest checkout (which has no account), the device's hearts
 *   (stores/wishlist.ts). It follows the session, the list, the outbox and the device (other tabs
 *   included).
 * - The outbox: a signed-in shopper's hearts wait in IndexedDB (queue `wishlist`) until the server
 *   has answered, so a heart given offline or on a flaky network shows at once, survives a reload
 *   and lands once. Each answer is the whole list, which replaces the cached one. A failure that
 *   may pass later (ApiError.mayRetry) is retried; any other (`not_found` for a product no longer
 *   sold, `wishlist_full`) drops the change and says why, and the heart shows the server's list
 *   again.
 */
import type { I18n } from '@lingui/core';
import { onlineManager, QueryObserver, type QueryClient } from '@tanstack/react-query';
import { subscribe } from 'valtio';
import { ApiError } from '../../../lib/api-client.ts';
import { apiErrorText } from '../../../lib/failure-message.ts';
import { CART_SYNC_RETRY_BASE_MS, CART_SYNC_RETRY_MAX_MS } from '../../../lib/constants.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { broadcast, idbOutboxStorage, webLock } from '../../../lib/outbox/browser.ts';
import {
  Outbox,
  RefusedInOtherTab,
  type Failure,
  type OutboxMessage,
} from '../../../lib/outbox/outbox.ts';
import { customerState } from '../../../stores/customer.ts';
import { toast } from '../../../stores/toasts.ts';
import {
  clearDeviceWishlist,
  deviceWishlist,
  setDeviceHeart,
  subscribeDeviceWishlist,
} from '../../../stores/wishlist.ts';
import {
  hasAccountWishlist,
  wishlistQueryKey,
  wishlistQueryOptions,
  type WishlistResponse,
} from './get-wishlist.ts';
import { showHearts, WISHLIST_NOT_CHANGED } from './hearts.ts';
import { heartedIds, sendWishlistCommand, type WishlistCommand } from './wishlist-commands.ts';

export function classifyWishlistFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  return error.mayRetry ? 'retry' : 'refused';
}

let outbox: Outbox<WishlistCommand, WishlistResponse> | null = null;
let started: Promise<void> | null = null;
let pending: WishlistCommand[] = [];
/** Shows what is hearted again; null until followHearts has started. */
let showAgain: (() => void) | null = null;
/** The document's translator for the outbox's toasts, given by the hearts (followHearts). */
let translator: I18n | null = null;

function wishlistOutbox(queryClient: QueryClient): Outbox<WishlistCommand, WishlistResponse> {
  if (outbox) return outbox;
  const made = new Outbox<WishlistCommand, WishlistResponse>({
    storage: idbOutboxStorage<WishlistCommand>('wishlist'),
    send: sendWishlistCommand,
    classify: classifyWishlistFailure,
    isOnline: () => onlineManager.isOnline(),
    lock: webLock('wishlist'),
    channel: broadcast<OutboxMessage<WishlistCommand, WishlistResponse>>('wishlist'),
    // The same pace as the cart's: changes land within seconds of the network coming back.
    retry: { baseMs: CART_SYNC_RETRY_BASE_MS, maxMs: CART_SYNC_RETRY_MAX_MS },
    onApplied(_command, answer) {
      queryClient.setQueryData(wishlistQueryKey, answer.data);
    },
    onRefused(_command, error) {
      // An ended session says so itself (the session effects), and the list goes with it.
      if (error instanceof ApiError && error.is('sign_in_required')) return;
      toast.error(
        error instanceof ApiError && error.message
          ? apiErrorText(error, translator ?? undefined)
          : error instanceof RefusedInOtherTab && error.message
            ? error.message
            : (translator?._(WISHLIST_NOT_CHANGED) ??
              'Your wishlist could not be updated. Please try again.'),
      );
    },
    explain: (error) =>
      error instanceof ApiError ? apiErrorText(error, translator ?? undefined) : '',
    onChange(commands) {
      const drained = pending.length > 0 && commands.length === 0;
      pending = commands;
      showAgain?.();
      // A read of the list that crossed a change on its way may be older than the last answer.
      if (drained) void queryClient.invalidateQueries({ queryKey: wishlistQueryKey });
    },
  });
  onlineManager.subscribe((online) => {
    if (online) void made.flush();
  });
  outbox = made;
  return made;
}

/** Lists what earlier pages left waiting (shown at once) and sends it; once per page. */
export function startWishlistOutbox(queryClient: QueryClient): Promise<void> {
  started ??= wishlistOutbox(queryClient).start();
  return started;
}

/** From now on, shows what is hearted whenever it changes; once per page. */
export function followHearts(queryClient: QueryClient, i18n?: I18n): void {
  if (i18n) translator = i18n;
  if (showAgain) return;
  const list = new QueryObserver(queryClient, { ...wishlistQueryOptions(), enabled: false });
  const show = () => {
    if (!hasAccountWishlist(customerState.auth.user)) {
      showHearts({ hearted: new Set(deviceWishlist()), list: null });
      return;
    }
    const read = list.getCurrentResult();
    showHearts({ hearted: heartedIds(read.data, pending), list: read });
  };
  // Signed in, the account's list is read and its waiting changes sent; signed out, neither.
  const follow = () => {
    const account = hasAccountWishlist(customerState.auth.user);
    list.setOptions({ ...wishlistQueryOptions(), enabled: account });
    if (account) void startWishlistOutbox(queryClient);
    show();
  };
  showAgain = show;
  list.subscribe(show);
  subscribeDeviceWishlist(show);
  subscribe(customerState.auth, follow);
  follow();
}

/** Stores the change (the heart shows it from then on) and sends it when it can. */
export async function changeHeart(
  queryClient: QueryClient,
  productId: string,
  hearted: boolean,
): Promise<void> {
  if (!hasAccountWishlist(customerState.auth.user)) {
    setDeviceHeart(productId, hearted);
    return;
  }
  void startWishlistOutbox(queryClient);
  const command: WishlistCommand = {
    type: hearted ? 'put' : 'delete',
    productId,
    idempotencyKey: newIdempotencyKey(),
  };
  const queued = await wishlistOutbox(queryClient).enqueue(command);
  // A refusal is toasted by the outbox.
  queued.settled.catch(() => undefined);
}

/**
 * At sign-in: the device's hearts join the account's list. They are forgotten on the device once
 * the merge is stored, since from then on the outbox holds them (and the hearts show them); the
 * sign-in does not wait for the server's answer.
 */
export async function mergeDeviceWishlist(queryClient: QueryClient): Promise<void> {
  const productIds = deviceWishlist();
  // Nothing to merge: the hearts on screen start the outbox when they need it.
  if (productIds.length === 0) return;
  void startWishlistOutbox(queryClient);
  const queued = await wishlistOutbox(queryClient).enqueue({
    type: 'merge',
    productIds,
    idempotencyKey: newIdempotencyKey(),
  });
  clearDeviceWishlist();
  queued.settled.catch(() => undefined);
}

/** At sign-out: the account's waiting changes go, and the device's hearts with them. */
export async function clearWishlist(queryClient: QueryClient): Promise<void> {
  clearDeviceWishlist();
  await wishlistOutbox(queryClient).clear();
}
