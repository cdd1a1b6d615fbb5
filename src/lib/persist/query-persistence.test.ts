import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { api, type ApiError } from '../api-client.ts';
import { setupMswServer } from '../../testing/msw.ts';
import { followBrowserOnlineState, REACHABILITY_PROBE_MS } from './online-state.ts';
import { startQueryPersistence } from './query-persistence.ts';

const server = setupMswServer();

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

  test('a restored answer is shown but asked for again, however young it is', async () => {
    const first = new QueryClient();
    const store = memoryPersister();
    const stop = await startQueryPersistence(first, { persister: store.persister, buster: 'b1' });
    first.setQueryData(['orders', 'addresses'], ['12 Main St']);
    stop();

    const second = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    await startQueryPersistence(second, { persister: store.persister, buster: 'b1' });
    const restored = second.getQueryCache().find({ queryKey: ['orders', 'addresses'] });
    expect(restored?.state.data).toEqual(['12 Main St']);
    expect(restored?.isStale()).toBe(true);
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

describe('a server that does not answer', () => {
  test('puts the app offline at the first failed request, until a probe gets an answer', async () => {
    vi.useFakeTimers();
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
    server.use(http.get('*/api/v1/products/whey', () => HttpResponse.error()));
    let reachable = false;
    const probes: number[] = [];
    const states: boolean[] = [];
    const stop = followBrowserOnlineState(
      { setEventListener: (setup) => void setup((value) => states.push(value)) },
      () => {
        probes.push(Date.now());
        return Promise.resolve(reachable);
      },
    );
    expect(states).toEqual([true]);

    const failed = await api.get('/products/whey').catch((error: ApiError) => error);
    expect((failed as ApiError).isNetworkError).toBe(true);
    expect(states).toEqual([true, false]);
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS);
    expect(probes).toHaveLength(1);
    expect(states).toEqual([true, false]);

    reachable = true;
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS);
    expect(probes).toHaveLength(2);
    expect(states).toEqual([true, false, true]);
    await vi.advanceTimersByTimeAsync(REACHABILITY_PROBE_MS * 3);
    expect(probes).toHaveLength(2);
    stop();
  });

  test('an answer, even an error, is no network failure', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => true);
    server.use(http.get('*/api/v1/products/gone', () => HttpResponse.json({}, { status: 404 })));
    const states: boolean[] = [];
    const stop = followBrowserOnlineState(
      { setEventListener: (setup) => void setup((value) => states.push(value)) },
      () => Promise.resolve(true),
    );
    await api.get('/products/gone').catch(() => undefined);
    expect(states).toEqual([true]);
    stop();
  });
});
