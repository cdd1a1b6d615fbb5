/**
 * The cart outbox's wiring, over an in-memory queue instead of IndexedDB and a stand-in for the
 * API: what the page shows and what is sent stay right around the moment an add is answered.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type * as CartCommands from '../cart-commands.ts';
import {
  applyPendingCommands,
  createCartCommand,
  pendingLineId,
  sendCartCommand,
  type CartCommand,
} from '../cart-commands.ts';
import { enqueueCartCommand, pendingCartCommands, startCartOutbox } from '../cart-outbox.ts';
import { cartQueryKey, EMPTY_CART, type Cart, type CartItem } from '../get-cart.ts';
import { clearGuestCartId, customerState } from '../../../../stores/customer.ts';

/** The other tabs' end of the cart channel: deliver() is a message from one of them. */
const otherTabs = vi.hoisted(() => ({ deliver: (message: unknown): void => void message }));

vi.mock('../../../../lib/outbox/browser.ts', async () => {
  const { memoryOutboxStorage } = await import('../../../../testing/memory-outbox-storage.ts');
  const storage = memoryOutboxStorage<unknown>();
  return {
    idbOutboxStorage: () => storage,
    webLock: () => (task: () => Promise<void>) => task(),
    broadcast: () => ({
      post() {},
      listen(onMessage: (message: unknown) => void) {
        otherTabs.deliver = onMessage;
        return () => {};
      },
    }),
  };
});

vi.mock('../cart-commands.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof CartCommands>()),
  sendCartCommand: vi.fn(),
}));

const line = (itemId: string, variantId: string, quantity: number): CartItem => ({
  itemId,
  productId: 'p1',
  variantId,
  quantity,
  name: 'Whey',
  slug: 'whey',
  image: null,
  brand: { _id: 'b', slug: 'b', name: 'B' },
  flavor: { _id: 'f', slug: 'f', name: 'F' },
  size: '2 lb',
  sku: 'S',
  unitPrice: 1000,
  compareAtPrice: null,
  lineTotal: 1000 * quantity,
  stock: 20,
});
const cartWith = (...items: CartItem[]): Cart => ({ ...EMPTY_CART, items });

const queryClient = new QueryClient();
const sent: CartCommand[] = [];
let server = cartWith();

beforeAll(async () => {
  vi.mocked(sendCartCommand).mockImplementation(async (command) => {
    sent.push(command);
    if (command.type === 'add') server = cartWith(line('item_1', command.variantId, 1));
    if (command.type === 'setQuantity') {
      // The server knows the line by its own id only.
      if (command.itemId !== 'item_1') throw new Error(`no line ${command.itemId}`);
      server = cartWith(line('item_1', 'v1', command.quantity));
    }
    return { success: true, data: server };
  });
  onlineManager.setOnline(true);
  queryClient.setQueryData(cartQueryKey, cartWith());
  await startCartOutbox(queryClient);
});

afterAll(() => onlineManager.setOnline(true));

test('a change made on a line still drawn under its placeholder, after the server named it, goes to the real line', async () => {
  const add = createCartCommand({ type: 'add', productId: 'p1', variantId: 'v1', quantity: 1 });
  await (
    await enqueueCartCommand(add)
  ).settled;
  expect(queryClient.getQueryData(cartQueryKey)).toEqual(cartWith(line('item_1', 'v1', 1)));

  // The page has not redrawn yet: its + button still names the placeholder.
  onlineManager.setOnline(false);
  const stale = createCartCommand({
    type: 'setQuantity',
    itemId: pendingLineId(add),
    quantity: 2,
  });
  const queued = await enqueueCartCommand(stale);
  const shown = applyPendingCommands(
    queryClient.getQueryData<Cart>(cartQueryKey),
    pendingCartCommands(),
  );
  expect(shown?.items.map((item) => [item.itemId, item.quantity])).toEqual([['item_1', 2]]);

  onlineManager.setOnline(true);
  await queued.settled;
  expect(sent.at(-1)).toMatchObject({ type: 'setQuantity', itemId: 'item_1', quantity: 2 });
  expect(queryClient.getQueryData<Cart>(cartQueryKey)?.items[0]?.quantity).toBe(2);
});

test("another tab's answer names the guest cart here too, as it shows the answer", () => {
  clearGuestCartId();
  const add = createCartCommand({ type: 'add', productId: 'p1', variantId: 'v2', quantity: 1 });
  const answered = { ...cartWith(line('item_9', 'v2', 1)), guestCartId: 'guest-cart-1' };
  otherTabs.deliver({
    type: 'applied',
    key: 'k-1',
    command: add,
    answer: { success: true, data: answered },
    waiting: [],
  });
  expect(customerState.guestCart.guestCartId).toBe('guest-cart-1');
  expect(queryClient.getQueryData(cartQueryKey)).toEqual(answered);
});
