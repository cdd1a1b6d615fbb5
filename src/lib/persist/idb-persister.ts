/**
 * A TanStack `Persister` keeping the dehydrated query cache under one idb-keyval key. The cache
 * changes on every fetch, so writes are throttled (at most one per `throttleMs`, always of the
 * latest state); a pending write is flushed at once when the page is hidden or left, so what the
 * shopper just saw survives closing the tab. Storage failures (private mode, full quota) are logged
 * and ignored, so the shop keeps working without persistence.
 */
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { del, get, set, type UseStore } from 'idb-keyval';

export interface IdbPersisterOptions {
  store: UseStore;
  key: string;
  throttleMs: number;
}

export function createIdbPersister({ store, key, throttleMs }: IdbPersisterOptions): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = async () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const client = pending;
    pending = null;
    if (!client) return;
    try {
      await set(key, client, store);
    } catch (err) {
      console.warn('The offline cache could not be saved.', err);
    }
  };

  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }

  return {
    persistClient(client) {
      pending = client;
      timer ??= setTimeout(() => void flush(), throttleMs);
    },
    async restoreClient() {
      try {
        return await get<PersistedClient>(key, store);
      } catch (err) {
        console.warn('The offline cache could not be read.', err);
        return undefined;
      }
    },
    async removeClient() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending = null;
      try {
        await del(key, store);
      } catch (err) {
        console.warn('The offline cache could not be removed.', err);
      }
    },
  };
}
