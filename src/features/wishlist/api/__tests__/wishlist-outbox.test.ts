/**
 * The wishlist outbox's wiring, over an in-memory queue instead of IndexedDB and a stand-in for the
 * API: a heart shows at once, waits while offline, lands once, and a refusal drops it with a toast.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import type { WishlistItem } from '../../../../../contract/wishlist.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { setUser } from '../../../../stores/customer.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { deviceWishlist, setDeviceHeart } from '../../../../stores/wishlist.ts';
import { wishlistQueryKey, type Wishlist } from '../get-wishlist.ts';
import type * as Commands from '../wishlist-commands.ts';
import { heartedIds, sendWishlistCommand, type WishlistCommand } from '../wishlist-commands.ts';
import {
  changeHeart,
  classifyWishlistFailure,
  clearWishlist,
  mergeDeviceWishlist,
  startWishlistOutbox,
} from '../wishlist-outbox.ts';

const storage = vi.hoisted(() => ({ map: null as Map<string, unknown> | null }));

vi.mock('../../../../lib/outbox/browser.ts', async () => {
  const { memoryOutboxStorage } = await import('../../../../testing/memory-outbox-storage.ts');
  const memory = memoryOutboxStorage<unknown>();
  storage.map = memory.map;
  return {
    idbOutboxStorage: () => memory,
    webLock: () => (task: () => Promise<void>) => task(),
    broadcast: () => ({ post() {}, listen: () => () => {} }),
  };
});

vi.mock('../wishlist-commands.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Commands>()),
  sendWishlistCommand: vi.fn(),
}));

const item = (id: string): WishlistItem => ({
  product: {
    _id: id,
    slug: id,
    name: `Product ${id}`,
    brand: { _id: 'b', slug: 'b', name: 'B' },
    categories: [],
    image: null,
    price: 1000,
    compareAtPrice: null,
    onSale: false,
    priceVaries: false,
    rating: 0,
    reviewCount: 0,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  addedAt: '2026-01-01T00:00:00.000Z',
});

const SHOPPER = { _id: 'usr_1', name: 'Ann', email: 'ann@example.com' };
const queryClient = new QueryClient();
let server: string[] = [];
let sent: WishlistCommand[] = [];
const listed = (): Wishlist => ({ items: server.map(item), max: 100 });
const shown = () => queryClient.getQueryData<Wishlist>(wishlistQueryKey);
/** What a heart reads: the cached list with the stored (waiting) commands applied. */
const hearts = () =>
  [...heartedIds(shown(), [...storage.map!.values()] as WishlistCommand[])].sort();

beforeAll(async () => {
  setUser(SHOPPER);
  onlineManager.setOnline(true);
  await startWishlistOutbox(queryClient);
});

beforeEach(() => {
  server = [];
  sent = [];
  toastState.toasts.splice(0);
  localStorage.clear();
  vi.mocked(sendWishlistCommand).mockClear();
  queryClient.setQueryData(wishlistQueryKey, listed());
  vi.mocked(sendWishlistCommand).mockImplementation(async (command) => {
    sent.push(command);
    if (command.type === 'put' && command.productId === 'gone') {
      throw new ApiError(404, 'No product with that id is for sale.', [], true, null, {
        success: false,
        message: 'No product with that id is for sale.',
        code: 'not_found',
      });
    }
    if (command.type === 'put' && !server.includes(command.productId)) {
      server = [command.productId, ...server];
    }
    if (command.type === 'delete') server = server.filter((id) => id !== command.productId);
    if (command.type === 'merge') {
      server = [...command.productIds.filter((id) => !server.includes(id)), ...server];
    }
    return { success: true, data: listed() };
  });
});

afterEach(() => onlineManager.setOnline(true));

describe('the wishlist outbox', () => {
  test('a heart lands once and the answer becomes the cached list', async () => {
    await changeHeart(queryClient, 'p1', true);
    await vi.waitFor(() => expect(shown()?.items.map((i) => i.product._id)).toEqual(['p1']));
    expect(sent).toEqual([expect.objectContaining({ type: 'put', productId: 'p1' })]);
    expect(storage.map!.size).toBe(0);

    await changeHeart(queryClient, 'p1', false);
    await vi.waitFor(() => expect(shown()?.items).toEqual([]));
    expect(sent.map((c) => c.type)).toEqual(['put', 'delete']);
  });

  test('offline, the change is stored and shown; online again, it is sent once', async () => {
    onlineManager.setOnline(false);
    await changeHeart(queryClient, 'p2', true);
    expect(hearts()).toEqual(['p2']);
    expect(sent).toEqual([]);
    expect(shown()?.items).toEqual([]);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(storage.map!.size).toBe(0));
    expect(sent).toHaveLength(1);
    expect(hearts()).toEqual(['p2']);
  });

  test('a network failure keeps the change and retries it', async () => {
    vi.mocked(sendWishlistCommand).mockRejectedValueOnce(new ApiError(0, 'Network error'));
    await changeHeart(queryClient, 'p3', true);
    await vi.waitFor(() => expect(shown()?.items.map((i) => i.product._id)).toEqual(['p3']), {
      timeout: 5000,
    });
    expect(vi.mocked(sendWishlistCommand)).toHaveBeenCalledTimes(2);
  });

  test('a refusal drops the change and says why; the heart shows the server’s list', async () => {
    await changeHeart(queryClient, 'gone', true);
    await vi.waitFor(() =>
      expect(toastState.toasts.map((t) => [t.kind, t.message])).toEqual([
        ['error', 'No product with that id is for sale.'],
      ]),
    );
    expect(storage.map!.size).toBe(0);
    expect(hearts()).toEqual([]);
  });

  test('at sign-in the device’s hearts are merged, and forgotten on the device', async () => {
    server = ['p9'];
    setDeviceHeart('p1', true);
    setDeviceHeart('p2', true);
    await mergeDeviceWishlist(queryClient);
    expect(deviceWishlist()).toEqual([]);
    await vi.waitFor(() =>
      expect(shown()?.items.map((i) => i.product._id)).toEqual(['p2', 'p1', 'p9']),
    );
    expect(sent).toEqual([expect.objectContaining({ type: 'merge', productIds: ['p2', 'p1'] })]);
  });

  test('a guest checkout has no account: its hearts stay on the device', async () => {
    setUser({ _id: 'usr_2', name: 'Guest', email: 'guest@example.com', guest: true });
    try {
      await changeHeart(queryClient, 'p6', true);
      expect(deviceWishlist()).toEqual(['p6']);
      await changeHeart(queryClient, 'p6', false);
      expect(deviceWishlist()).toEqual([]);
      expect(storage.map!.size).toBe(0);
      expect(sent).toEqual([]);
    } finally {
      setUser(SHOPPER);
    }
  });

  test('no device hearts: nothing to merge', async () => {
    await mergeDeviceWishlist(queryClient);
    expect(sent).toEqual([]);
  });

  test('at sign-out the waiting changes and the device’s hearts are forgotten', async () => {
    onlineManager.setOnline(false);
    await changeHeart(queryClient, 'p4', true);
    setDeviceHeart('p5', true);
    await clearWishlist(queryClient);
    expect(storage.map!.size).toBe(0);
    expect(deviceWishlist()).toEqual([]);
    onlineManager.setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([]);
  });
});

describe('classifyWishlistFailure', () => {
  test('no answer, 5xx, 408, 429 and Retry-After retry; other 4xx are refusals', () => {
    expect(classifyWishlistFailure(new Error('offline'))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(0, 'Network error'))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(503, 'Down'))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(408, 'Slow'))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(429, 'Busy'))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(409, 'Busy', [], true, 3))).toBe('retry');
    expect(classifyWishlistFailure(new ApiError(409, 'Full'))).toBe('refused');
    expect(classifyWishlistFailure(new ApiError(404, 'Gone'))).toBe('refused');
    expect(classifyWishlistFailure(new ApiError(403, 'Guest'))).toBe('refused');
  });

  test('an answer of the API is judged by its code', () => {
    const answered = (status: number, code: string, retryAfter: number | null = null) =>
      new ApiError(status, 'x', [], true, retryAfter, { success: false, message: 'x', code });
    expect(classifyWishlistFailure(answered(409, 'request_in_flight'))).toBe('retry');
    expect(classifyWishlistFailure(answered(429, 'rate_limited', 5))).toBe('retry');
    expect(classifyWishlistFailure(answered(409, 'wishlist_full'))).toBe('refused');
    expect(classifyWishlistFailure(answered(404, 'not_found'))).toBe('refused');
  });
});

describe('heartedIds', () => {
  test('the server’s list with each waiting change applied, whatever the server already holds', () => {
    const list: Wishlist = { items: [item('a'), item('b')], max: 100 };
    const commands: WishlistCommand[] = [
      { type: 'put', productId: 'a', idempotencyKey: 'k1' },
      { type: 'delete', productId: 'b', idempotencyKey: 'k2' },
      { type: 'merge', productIds: ['c', 'd'], idempotencyKey: 'k3' },
      { type: 'delete', productId: 'd', idempotencyKey: 'k4' },
    ];
    expect([...heartedIds(list, commands)].sort()).toEqual(['a', 'c']);
    expect([...heartedIds(undefined, commands.slice(0, 1))]).toEqual(['a']);
  });
});
