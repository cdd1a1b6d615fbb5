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
 *
 * Each language keeps its own saved cache: the API answers a French page with the catalog's French
 * under the same query keys, so an English visit's answers must never come back on a French page.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistQueryClientRootOptions,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { createStore } from 'idb-keyval';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../contract/locale.ts';
import { PERSIST_TIMEOUT_MS, QUERY_GC_MS } from '../constants.ts';
import { BUILD_ID } from './build-id.ts';
import { createIdbPersister } from './idb-persister.ts';

export const QUERY_CACHE_DB = 'forge-query-cache';
export const QUERY_CACHE_KEY = 'query-client';

/** Where a language's cache is saved: English under the first key, French beside it. */
export function queryCacheKey(locale: Locale): string {
  return locale === DEFAULT_LOCALE ? QUERY_CACHE_KEY : `${QUERY_CACHE_KEY}:${locale}`;
}
const STORE_NAME = 'keyval';
/** Seen pages stay available offline for a day; older answers are not worth showing. */
const MAX_AGE_MS = QUERY_GC_MS;
const SAVE_THROTTLE_MS = 1000;

const persisters = new Map<Locale, Persister>();

function getPersister(locale: Locale): Persister {
  let persister = persisters.get(locale);
  if (!persister) {
    persister = createIdbPersister({
      store: createStore(QUERY_CACHE_DB, STORE_NAME),
      key: queryCacheKey(locale),
      throttleMs: SAVE_THROTTLE_MS,
    });
    persisters.set(locale, persister);
  }
  return persister;
}

export interface QueryPersistenceOptions {
  /** The document's language, whose saved cache is restored and written (English by default). */
  locale?: Locale;
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
  const base = options.persister ?? getPersister(options.locale ?? DEFAULT_LOCALE);
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

/** Deletes every language's saved cache (logout). */
export async function clearPersistedQueries(): Promise<void> {
  await Promise.all(LOCALES.map((locale) => getPersister(locale).removeClient()));
}
