/**
 * The cart outbox at a page's start: until it has read what earlier pages stored, a read of the
 * server's cart may already hold a change an earlier page sent (and never heard back about) while
 * the page does not list it yet — showing both would count it twice. Such a read is not trusted,
 * and once the outbox knows nothing waits, the cart is read again.
 */
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterAll, expect, test, vi } from 'vitest';
import type * as ApiClient from '../../../src/lib/api-client.ts';
import { api } from '../../../src/lib/api-client.ts';
import { startCartOutbox } from '../../../src/lib/cart/cart-outbox.ts';
import {
  cartQueryKey,
  cartQueryOptions,
  EMPTY_CART,
  type Cart,
} from '../../../src/lib/cart/get-cart.ts';
import { customerState } from '../../../src/stores/customer.ts';

/** The stored changes are read only when the test says so. */
let readStorage = () => {};
const storageRead = new Promise<void>((resolve) => {
  readStorage = resolve;
});

vi.mock('../../../src/lib/outbox/browser.ts', () => ({
  idbOutboxStorage: () => ({
    entries: async () => {
      await storageRead;
      return [];
    },
    put: async () => {},
    remove: async () => {},
    clear: async () => {},
  }),
  webLock: () => (task: () => Promise<void>) => task(),
  broadcast: () => ({ post() {}, listen: () => () => {} }),
}));

vi.mock('../../../src/lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { get: vi.fn() },
}));

const cartOf = (itemCount: number): Cart => ({
  ...EMPTY_CART,
  totals: { ...EMPTY_CART.totals, itemCount },
});

afterAll(() => {
  customerState.guestCart.guestCartId = null;
});

test('a cart read made before the outbox has read its storage is held, and made again once it knows nothing waits', async () => {
  customerState.guestCart.guestCartId = 'guest-cart';
  onlineManager.setOnline(true);
  let server = cartOf(3);
  vi.mocked(api.get).mockImplementation(async () => ({ success: true, data: server }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The cart saved by an earlier page, restored before the app starts.
  const restored = cartOf(2);
  queryClient.setQueryData(cartQueryKey, restored);
  // The header's badge: it shows the cart, and does not read it again by itself here.
  const observer = new QueryObserver(queryClient, { ...cartQueryOptions(), refetchOnMount: false });
  const unsubscribe = observer.subscribe(() => {});

  const started = startCartOutbox(queryClient);
  await expect(queryClient.fetchQuery(cartQueryOptions())).resolves.toBe(restored);
  expect(api.get).toHaveBeenCalledTimes(1);

  server = cartOf(4);
  readStorage();
  await started;
  await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(cartOf(4)));
  expect(api.get).toHaveBeenCalledTimes(2);
  unsubscribe();
});
