/**
 * The TanStack Query cache persisted to IndexedDB, so what a shopper has seen (home, listings,
 * products, search results, their cart) is there after a reload with no network
 * (docs/architecture.md, Offline).
 *
 * The start restores the saved cache, giving up after `timeoutMs` (PERSIST_TIMEOUT_MS: past it the
 * app starts without the cache and logs the time-out), then saves every later change. It resolves
 * once the app may render and never rejects. Logout deletes the saved cache.
 *
 * Saved caches older than `maxAge` or written by another build (the buster) are dropped; restored
 * queries are kept in memory for `maxAge` too, whatever the app-wide gcTime.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientRootOptions,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { createStore } from 'idb-keyval';
import { PERSIST_TIMEOUT_MS, QUERY_GC_MS } from '../constants.ts';
import { BUILD_ID } from './build-id.ts';
import { createIdbPersister } from './idb-persister.ts';

export const QUERY_CACHE_DB = 'forge-query-cache';
export const QUERY_CACHE_KEY = 'query-client';
const STORE_NAME = 'keyval';
/** Seen pages stay available offline for a day; older answers are not worth showing. */
const MAX_AGE_MS = QUERY_GC_MS;
const SAVE_THROTTLE_MS = 1000;

let persister: Persister | null = null;

function getPersister(): Persister {
  persister ??= createIdbPersister({
    store: createStore(QUERY_CACHE_DB, STORE_NAME),
    key: QUERY_CACHE_KEY,
    throttleMs: SAVE_THROTTLE_MS,
  });
  return persister;
}

export interface QueryPersistenceOptions {
  timeoutMs?: number;
  buster?: string;
  maxAge?: number;
  persister?: Persister;
}

/** A restore that has not answered in time answers "nothing saved", and a late answer is ignored. */
function withRestoreTimeout(inner: Persister, timeoutMs: number): Persister {
  return {
    ...inner,
    restoreClient: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => {
          console.warn(
            `Restoring the offline cache took longer than ${timeoutMs} ms; starting without it.`,
          );
          resolve(undefined);
        }, timeoutMs);
        Promise.resolve(inner.restoreClient()).then(
          (client) => {
            clearTimeout(timer);
            resolve(client);
          },
          (err: unknown) => {
            clearTimeout(timer);
            console.warn('The offline cache could not be restored.', err);
            resolve(undefined);
          },
        );
      }),
  };
}

export async function startQueryPersistence(
  queryClient: QueryClient,
  options: QueryPersistenceOptions = {},
): Promise<() => void> {
  const base = options.persister ?? getPersister();
  const shared = {
    // The persister package pins an older query-core than react-query's; the client's public API
    // it calls (cache, hydrate, dehydrate) is the same in both, only the private fields differ.
    queryClient: queryClient as unknown as PersistQueryClientRootOptions['queryClient'],
    buster: options.buster ?? BUILD_ID,
    dehydrateOptions: {
      shouldDehydrateQuery: (query: { state: { status: string }; meta?: unknown }) =>
        query.state.status === 'success' &&
        (query.meta as { persist?: boolean } | undefined)?.persist !== false,
    },
  };
  try {
    await persistQueryClientRestore({
      ...shared,
      persister: withRestoreTimeout(base, options.timeoutMs ?? PERSIST_TIMEOUT_MS),
      maxAge: options.maxAge ?? MAX_AGE_MS,
      // Restored answers are what the shopper saw on earlier visits; with the app-wide 60 s gcTime
      // they would be dropped from memory (and so from the next save) a minute after start.
      hydrateOptions: { defaultOptions: { queries: { gcTime: options.maxAge ?? MAX_AGE_MS } } },
    });
  } catch (err) {
    console.warn('The offline cache could not be restored.', err);
  }
  // A restored answer is shown at once but never taken as fresh: it was written on an earlier
  // visit, perhaps just before a change made in another page or tab (a saved address, a cart
  // line) that its save did not catch. Marked stale, it is asked for again wherever it is used.
  await queryClient.invalidateQueries({ refetchType: 'none' });
  return persistQueryClientSubscribe({ ...shared, persister: base });
}

export async function clearPersistedQueries(): Promise<void> {
  await getPersister().removeClient();
}
