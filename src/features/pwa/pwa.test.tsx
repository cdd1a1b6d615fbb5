import { isCancelledError, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { failUnseenQueriesWhileOffline } from '../../lib/persist/unseen-offline.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { PwaLayer, reloadOfferedOn } from './components/pwa-layer.tsx';
import { pwaStore } from '../../stores/pwa.ts';
import { isNetworkFailure } from './components/route-error-screen.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { clearOfflineData } from '../../lib/pwa/start.ts';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  pwaStore.set({ updateReady: false });
});

describe('failUnseenQueriesWhileOffline', () => {
  test('offline, a query with no data fails at once instead of waiting for the network', async () => {
    onlineManager.setOnline(false);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stop = failUnseenQueriesWhileOffline(queryClient);
    const fetched = queryClient.fetchQuery({
      queryKey: ['products', 'detail', 'never-seen'],
      queryFn: () => Promise.resolve('data'),
    });
    await expect(fetched).rejects.toSatisfy(isCancelledError);
    stop();
  });

  test('offline, a query that holds data stays paused (and keeps its data) until the network returns', async () => {
    onlineManager.setOnline(false);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Mounted, as in the app: resuming paused fetches when the network returns is the client's job.
    queryClient.mount();
    failUnseenQueriesWhileOffline(queryClient);
    queryClient.setQueryData(['products', 'detail', 'seen'], 'old');
    const refetch = queryClient.fetchQuery({
      queryKey: ['products', 'detail', 'seen'],
      queryFn: () => Promise.resolve('new'),
    });
    const query = queryClient.getQueryCache().find({ queryKey: ['products', 'detail', 'seen'] });
    expect(query?.state.fetchStatus).toBe('paused');
    expect(query?.state.data).toBe('old');
    onlineManager.setOnline(true);
    await expect(refetch).resolves.toBe('new');
  });

  test('online, nothing is cancelled', async () => {
    const queryClient = new QueryClient();
    failUnseenQueriesWhileOffline(queryClient);
    await expect(
      queryClient.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.resolve('fresh') }),
    ).resolves.toBe('fresh');
  });
});

describe('the update banner', () => {
  test('is never offered where a reload could interrupt a checkout or a payment', () => {
    expect(reloadOfferedOn('/checkout')).toBe(false);
    expect(reloadOfferedOn('/checkout/payment')).toBe(false);
    expect(reloadOfferedOn('/order-success')).toBe(false);
    expect(reloadOfferedOn('/order/ord_123')).toBe(false);
    expect(reloadOfferedOn('/payment')).toBe(false);
    expect(reloadOfferedOn('/')).toBe(true);
    expect(reloadOfferedOn('/product/whey-protein-isolate')).toBe(true);
    expect(reloadOfferedOn('/my-orders')).toBe(true);
    expect(reloadOfferedOn('/checkout-help')).toBe(true);
  });

  test('a waiting update shows "Reload" on shop pages only, and hides it while the shopper checks out', async () => {
    pwaStore.set({ updateReady: true });
    const { router } = renderWithProviders(<PwaLayer />, { path: '/checkout' });
    const banner = () => screen.queryByTestId('update-banner');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(banner()).toBeNull();

    await act(() => router.navigate({ to: '/cart' }));
    await waitFor(() => expect(banner()).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();

    for (const path of ['/order-success', '/order/ord_1', '/checkout']) {
      await act(() => router.navigate({ to: path }));
      await waitFor(() => expect(banner()).toBeNull());
    }
  });
});

describe('isNetworkFailure', () => {
  test('tells network failures (offline screen) from real crashes', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(
      isNetworkFailure(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).toBe(true);
    expect(isNetworkFailure(new ApiError(0, 'Network error'))).toBe(true);
    expect(isNetworkFailure(new ApiError(500, 'Boom'))).toBe(false);
    expect(isNetworkFailure(new Error('undefined is not a function'))).toBe(false);
  });
});

describe('clearOfflineData', () => {
  test('never fails a logout, even where IndexedDB and Cache Storage do not exist', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(clearOfflineData()).resolves.toBeUndefined();
    warn.mockRestore();
  });
});
