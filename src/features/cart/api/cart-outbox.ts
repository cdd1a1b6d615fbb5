/**
 * The cart's outbox: every cart change waits in IndexedDB until the server has answered, so nothing
 * a shopper does offline or on a flaky network is lost, and — each command carrying its idempotency
 * key — nothing is applied twice.
 *
 * Started once, it sends what earlier visits left. A change resolves once stored, with the server's
 * answer to come; a refusal is toasted unless the caller shows it beside a field. A change to a
 * line still shown under its placeholder id goes to the real line once the server has named it.
 * A failure that may pass later (ApiError.mayRetry: no answer, a 5xx, `request_in_flight`,
 * `rate_limited`) is retried; any other error, and a discount code turned away for too many tries,
 * is a refusal. Logging out drops every waiting change.
 *
 * The engine (lib/outbox: the queue, IndexedDB, locks, the channel between tabs) is a chunk of its
 * own, fetched as the app starts: the page renders and hydrates without it. Until it is there the
 * list of waiting changes is empty, cart reads wait as they wait for the stored list, and a change
 * made meanwhile waits for it, so none is lost.
 */
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { CART_SYNC_RETRY_BASE_MS, CART_SYNC_RETRY_MAX_MS } from '../../../lib/constants.ts';
import type { Failure, Outbox, OutboxMessage } from '../../../lib/outbox/outbox.ts';
import {
  clearGuestCartId,
  customerState,
  rememberGuestCartFromResponse,
} from '../../../stores/customer.ts';
import { toast } from '../../../stores/toasts.ts';
import {
  pendingLineId,
  sendCartCommand,
  type CartCommand,
  type SentCartCommand,
} from './cart-commands.ts';
import { cartQueryKey, trackCartChanges, type CartResponse } from './get-cart.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';
import { nextTask } from '../../../lib/next-task.ts';

const NO_COMMANDS: CartCommand[] = [];
let pending: CartCommand[] = NO_COMMANDS;
const listeners = new Set<() => void>();
const quiet = new Set<string>();
let outbox: Outbox<CartCommand, CartResponse> | null = null;
/**
 * Placeholder line ids (pendingLineId) the server has named since the page started. A page drawn
 * an instant before an add's answer still shows the placeholder, and a change made there must
 * still reach the real line.
 */
const namedLines = new Map<string, string>();

export function classifyCartFailure(error: unknown, command?: CartCommand): Failure {
  if (!(error instanceof ApiError)) return 'retry';
  // Too many code tries: waiting out the limit would hold every later cart change behind this one
  // (commands go in order), so the shopper is told to wait, beside the code field, instead.
  if (command?.type === 'applyDiscount' && error.is('rate_limited')) return 'refused';
  return error.mayRetry ? 'retry' : 'refused';
}

/** Later commands may name a line by the placeholder id its optimistic add showed. */
export function replacePendingItemId(command: CartCommand, from: string, to: string): CartCommand {
  if ((command.type === 'setQuantity' || command.type === 'remove') && command.itemId === from) {
    return { ...command, itemId: to };
  }
  return command;
}

function withNamedLine<C extends CartCommand>(command: C): C {
  if (command.type !== 'setQuantity' && command.type !== 'remove') return command;
  const itemId = namedLines.get(command.itemId);
  return itemId ? { ...command, itemId } : command;
}

/** Remembers the line the server made for an add: [placeholder id, real id], or null. */
function nameLine(command: CartCommand, answer: CartResponse): [string, string] | null {
  if (command.type !== 'add') return null;
  const line = answer.data.items.find((item) => item.variantId === command.variantId);
  if (!line) return null;
  const placeholder = pendingLineId(command);
  namedLines.set(placeholder, line.itemId);
  return [placeholder, line.itemId];
}

/** Settles with the outbox once its chunk has loaded and it is made (startCartOutbox). */
let ready: Promise<Outbox<CartCommand, CartResponse>> | null = null;

/**
 * The outbox's code, and what says a refusal in the page's language: not on the first page, which
 * starts the outbox without waiting for it. Imported in a task of its own: the app starts the
 * outbox in the task that starts it (see nextTask).
 */
function loadEngine() {
  return nextTask().then(() =>
    Promise.all([
      afterMessages(() => import('../../../lib/outbox/outbox.ts')),
      afterMessages(() => import('../../../lib/outbox/browser.ts')),
      afterMessages(() => import('../../../lib/failure-message.ts')),
    ]),
  );
}

/** The toast for a refusal without a reason of its own. */
const CART_NOT_UPDATED = msg`Your cart could not be updated. Please try again.`;

/**
 * `i18n`: the document's translator, for the toasts it shows (the outbox lives as long as the
 * document, which is in one language for its whole life). Without it they are in English.
 */
export function startCartOutbox(queryClient: QueryClient, i18n?: I18n): Promise<void> {
  if (ready) return ready.then(() => undefined);
  ready = loadEngine().then(([{ Outbox, RefusedInOtherTab }, browser, { apiErrorText }]) => {
    outbox = new Outbox<CartCommand, CartResponse>({
      storage: browser.idbOutboxStorage<CartCommand>('cart'),
      send: sendCartCommand,
      prepare(stored: SentCartCommand) {
        // Another tab may have queued a change to a line this tab's outbox has since had named.
        const command = withNamedLine(stored);
        return command.sentAsGuest !== undefined
          ? command
          : { ...command, sentAsGuest: customerState.guestCart.guestCartId };
      },
      classify: classifyCartFailure,
      isOnline: () => onlineManager.isOnline(),
      lock: browser.webLock('cart'),
      channel: browser.broadcast<OutboxMessage<CartCommand, CartResponse>>('cart'),
      retry: { baseMs: CART_SYNC_RETRY_BASE_MS, maxMs: CART_SYNC_RETRY_MAX_MS },
      updateWaiting(command, answer) {
        const named = nameLine(command, answer);
        return named ? (next) => replacePendingItemId(next, ...named) : null;
      },
      onApplied(command, answer) {
        // Also for another tab's add: this tab may send the changes made on its placeholder later.
        nameLine(command, answer);
        // Another tab's first add made the guest cart: its answer names it here at once, before
        // the cart is read again once nothing waits (that tab's storage event may come later, and
        // a guest without a cart id reads an empty cart without asking).
        rememberGuestCartFromResponse(answer);
        quiet.delete(command.idempotencyKey);
        if (command.type === 'merge') clearGuestCartId();
        queryClient.setQueryData(cartQueryKey, answer.data);
      },
      onRefused(command, error) {
        if (quiet.delete(command.idempotencyKey)) return;
        toast.error(
          error instanceof ApiError && error.message
            ? apiErrorText(error, i18n)
            : error instanceof RefusedInOtherTab && error.message
              ? error.message
              : (i18n?._(CART_NOT_UPDATED) ?? 'Your cart could not be updated. Please try again.'),
        );
      },
      // A refusal is an ApiError (classifyCartFailure): its message is the server's reason, said
      // to the other tabs in this page's language (they show the same language).
      explain: (error) => (error instanceof ApiError ? apiErrorText(error, i18n) : ''),
      onChange(commands) {
        const drained = pending.length > 0 && commands.length === 0;
        pending = commands.length === 0 ? NO_COMMANDS : commands;
        for (const listener of listeners) listener();
        // The totals, discount and shipping are the server's: read them once all is sent.
        if (drained) void queryClient.invalidateQueries({ queryKey: cartQueryKey });
      },
    });
    onlineManager.subscribe((online) => {
      if (online) void outbox?.flush();
    });
    return outbox;
  });
  const started = ready.then((made) => made.start());
  // Reads of the server's cart wait until the outbox has listed what earlier pages left, and one
  // that crossed a change keeps the cart already shown (get-cart.ts). Until the outbox is made its
  // mark is unknown (null), as it is until it has read its storage.
  trackCartChanges(
    () => outbox?.syncMark() ?? null,
    ready.then(
      (made) => made.listed,
      () => undefined,
    ),
  );
  return started;
}

export async function enqueueCartCommand(
  command: CartCommand,
  { silent = false }: { silent?: boolean } = {},
): Promise<{ settled: Promise<CartResponse> }> {
  if (!ready) throw new Error('The cart outbox has not started.');
  const started = await ready;
  if (silent) quiet.add(command.idempotencyKey);
  const queued = await started.enqueue(withNamedLine(command));
  // A refusal is toasted by the outbox; a caller that does not wait must not see it unhandled.
  queued.settled.catch(() => undefined);
  return queued;
}

export async function clearCartOutbox(): Promise<void> {
  quiet.clear();
  namedLines.clear();
  // A logout as the page starts must still drop what earlier pages stored.
  const made = await ready?.catch(() => null);
  await made?.clear();
}

export function pendingCartCommands(): CartCommand[] {
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The commands waiting, none while a server-rendered page hydrates (as the server rendered it). */
export function usePendingCartCommands(): CartCommand[] {
  return useSyncExternalStore(subscribe, pendingCartCommands, () => NO_COMMANDS);
}
