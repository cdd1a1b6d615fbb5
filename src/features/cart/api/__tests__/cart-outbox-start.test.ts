/**
 * The cart outbox at a page's start: until it has read what earlier pages stored, a read of the
 * server's cart may already hold a change an earlier page sent (and never heard back about) while
 * the page does not list it yet — showing both would count it twice. So reads wait for the list.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterAll, expect, test, vi } from 'vitest';
import { startCartOutbox } from '../cart-outbox.ts';
import { cartApi } from '../cart-request.ts';
import { cartQueryKey, cartQueryOptions, EMPTY_CART, type Cart } from '../get-cart.ts';
import { customerState } from '../../../../stores/customer.ts';

/** The stored changes are read only when the test says so. */
let readStorage = () => {};
const storageRead = new Promise<void>((resolve) => {
  readStorage = resolve;
});

vi.mock('../../../../lib/outbox/browser.ts', () => ({
  idbOutboxStorage: () => ({
    entries: async () => {
      await storageRead;
      return [];
    },
    put: async () => {},
    remove: async () => {},
    settle: async () => [],
    clear: async () => {},
  }),
  webLock: () => (task: () => Promise<void>) => task(),
  broadcast: () => ({ post() {}, listen: () => () => {} }),
}));

vi.mock('../cart-request.ts', () => ({
  cartApi: { get: vi.fn() },
}));

const cartOf = (itemCount: number): Cart => ({
  ...EMPTY_CART,
  totals: { ...EMPTY_CART.totals, itemCount },
});

afterAll(() => {
  customerState.guestCart.guestCartId = null;
});

test('a cart read waits until the outbox has listed what earlier pages left, then takes the server’s cart', async () => {
  customerState.guestCart.guestCartId = 'guest-cart';
  onlineManager.setOnline(true);
  vi.mocked(cartApi.get).mockImplementation(async () => ({ success: true, data: cartOf(3) }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // The cart saved by an earlier page, restored before the app starts.
  queryClient.setQueryData(cartQueryKey, cartOf(2));

  const started = startCartOutbox(queryClient);
  const read = queryClient.fetchQuery(cartQueryOptions());
  await new Promise((resolve) => setTimeout(resolve, 20));
  // The server is not asked while an earlier page's sent change could be in its answer, unlisted.
  expect(cartApi.get).not.toHaveBeenCalled();

  readStorage();
  await started;
  // Nothing waits: the read is trusted.
  await expect(read).resolves.toEqual(cartOf(3));
  expect(cartApi.get).toHaveBeenCalledTimes(1);
});
