import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { followBrowserOnlineState } from './online-state.ts';
import { startQueryPersistence } from './query-persistence.ts';

function memoryPersister(initial?: PersistedClient) {
  let saved = initial;
  const persister: Persister = {
    persistClient: (client) => {
      saved = client;
    },
    restoreClient: () => saved,
    removeClient: () => {
      saved = undefined;
    },
  };
  return { persister, saved: () => saved };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('startQueryPersistence', () => {
  test('a stalled restore gives up at the time-out, logs it, and the app starts without the cache', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stalled: Persister = {
      persistClient: () => undefined,
      restoreClient: () => new Promise<PersistedClient | undefined>(() => undefined),
      removeClient: () => undefined,
    };
    const queryClient = new QueryClient();
    let started = false;
    void startQueryPersistence(queryClient, { persister: stalled, timeoutMs: 5000 }).then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(started).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(started).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('longer than 5000 ms'));
    expect(queryClient.getQueryCache().getAll()).toHaveLength(0);
  });

  test('restores what the same build saved, and saves successful answers only', async () => {
    const first = new QueryClient();
    const store = memoryPersister();
    const stop = await startQueryPersistence(first, { persister: store.persister, buster: 'b1' });
    first.setQueryData(['product', 'whey'], { name: 'Whey' });
    await first
      .fetchQuery({
        queryKey: ['product', 'broken'],
        queryFn: () => Promise.reject(new Error('down')),
        retry: false,
      })
      .catch(() => undefined);
    stop();
    const keys = store.saved()?.clientState.queries.map((query) => query.queryKey);
    expect(keys).toEqual([['product', 'whey']]);

    const second = new QueryClient();
    await startQueryPersistence(second, { persister: store.persister, buster: 'b1' });
    expect(second.getQueryData(['product', 'whey'])).toEqual({ name: 'Whey' });
    const restored = second.getQueryCache().find({ queryKey: ['product', 'whey'] });
    expect(restored?.gcTime).toBe(24 * 60 * 60 * 1000);
  });

  test('a cache saved by another build is dropped', async () => {
    const first = new QueryClient();
    const store = memoryPersister();
    const stop = await startQueryPersistence(first, { persister: store.persister, buster: 'old' });
    first.setQueryData(['taxonomy', 'categories'], ['Protein']);
    stop();

    const second = new QueryClient();
    await startQueryPersistence(second, { persister: store.persister, buster: 'new' });
    expect(second.getQueryData(['taxonomy', 'categories'])).toBeUndefined();
  });
});

describe('followBrowserOnlineState', () => {
  test('starts from navigator.onLine instead of assuming online, then follows the events', () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const states: boolean[] = [];
    const stop = followBrowserOnlineState({
      setEventListener: (setup) => {
        setup((value) => states.push(value));
      },
    });
    expect(states).toEqual([false]);
    online = true;
    window.dispatchEvent(new Event('online'));
    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(states).toEqual([false, true, false]);
    stop();
    window.dispatchEvent(new Event('online'));
    expect(states).toHaveLength(3);
  });
});
