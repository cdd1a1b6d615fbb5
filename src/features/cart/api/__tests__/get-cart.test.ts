import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test, vi } from 'vitest';
import { PERSIST_TIMEOUT_MS } from '../../../../lib/constants.ts';
import { setupMswServer, api } from '../../../../testing/msw.ts';
import { customerState } from '../../../../stores/customer.ts';
import {
  cartQueryKey,
  cartQueryOptions,
  EMPTY_CART,
  trackCartChanges,
  type Cart,
} from '../get-cart.ts';

const server = setupMswServer();

const cartOf = (itemCount: number): Cart => ({
  ...EMPTY_CART,
  totals: { ...EMPTY_CART.totals, itemCount },
});

afterEach(() => {
  trackCartChanges(() => 0, Promise.resolve());
  customerState.guestCart.guestCartId = null;
});

test('a cart read that crossed a change on its way keeps the cart already cached', async () => {
  customerState.guestCart.guestCartId = 'guest-cart';
  let mark: number | null = 4;
  trackCartChanges(() => mark, Promise.resolve());
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const cached = cartOf(2);
  let sendDuringRead = false;
  server.use(
    http.get(api('/cart'), () => {
      // The outbox sends a change while the server reads the cart.
      if (sendDuringRead) mark = 5;
      return HttpResponse.json({ success: true, data: cartOf(3) });
    }),
  );

  // Nothing crossed the read: the server's cart is taken.
  await expect(queryClient.fetchQuery(cartQueryOptions())).resolves.toEqual(cartOf(3));

  queryClient.setQueryData(cartQueryKey, cached);
  sendDuringRead = true;
  await expect(queryClient.fetchQuery(cartQueryOptions())).resolves.toEqual(cached);

  // A change went out earlier and its answer was lost: the server may count it, and so does the
  // cart shown (it still waits), so the read would count it twice.
  sendDuringRead = false;
  mark = null;
  await expect(queryClient.fetchQuery(cartQueryOptions())).resolves.toEqual(cached);

  // With nothing cached, the read is the best there is.
  queryClient.removeQueries({ queryKey: cartQueryKey });
  await expect(queryClient.fetchQuery(cartQueryOptions())).resolves.toEqual(cartOf(3));
});

test('a read waits for the outbox to list what earlier pages left, and past the restore time-out goes on without it', async () => {
  customerState.guestCart.guestCartId = 'guest-cart';
  vi.useFakeTimers();
  let gets = 0;
  server.use(
    http.get(api('/cart'), () => {
      gets += 1;
      return HttpResponse.json({ success: true, data: cartOf(3) });
    }),
  );
  // The outbox's storage never answers (IndexedDB stalled): its mark stays unknown.
  trackCartChanges(() => null, new Promise<void>(() => {}));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const read = queryClient.fetchQuery(cartQueryOptions());
  await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 1);
  expect(gets).toBe(0);
  await vi.advanceTimersByTimeAsync(1);
  vi.useRealTimers();
  // Nothing cached: the read is the best there is.
  await expect(read).resolves.toEqual(cartOf(3));
  expect(gets).toBe(1);
});
