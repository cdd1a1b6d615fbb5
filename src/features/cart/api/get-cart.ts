/**
 * The shopper's cart (`GET /cart`) as the server holds it, for loaders and prefetching; use-cart.ts
 * shows it with the waiting changes applied. A guest without a cart id has an empty cart and no
 * request is made. Reads wait until the cart outbox knows what earlier pages left waiting, and a
 * read which crossed a change on its way keeps the cart already cached (see cartQueryOptions).
 */
import { queryOptions } from '@tanstack/react-query';
import type {
  Cart as ContractCart,
  CartItem as ContractCartItem,
} from '../../../../contract/cart.ts';
import { cartApi } from './cart-request.ts';
import { customerState } from '../../../stores/customer.ts';
import { PERSIST_TIMEOUT_MS } from '../../../lib/constants.ts';

/** A cart line; `pending` marks an optimistic add still waiting for the server's line. */
export type CartItem = ContractCartItem & { pending?: boolean };
/**
 * `estimated`: lines changed by changes still waiting to sync, so the totals are the PWA's
 * estimate from the prices the shopper has seen, not yet the server's.
 */
export type Cart = Omit<ContractCart, 'items'> & { items: CartItem[]; estimated?: boolean };
export type CartResponse = { success: true; data: Cart };

export const cartQueryKey = ['cart'] as const;

export const EMPTY_CART: Cart = {
  items: [],
  totals: { itemCount: 0, subtotal: 0, discount: 0, shipping: 0, total: 0 },
  discount: null,
};

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  // A guest without a cart id has no cart yet: no need to ask.
  if (!customerState.auth.user && !customerState.guestCart.guestCartId) return EMPTY_CART;
  const response = await cartApi.get<CartResponse>('/cart', { signal });
  return response.data ?? EMPTY_CART;
}

let changeMark: () => number | null = () => 0;
let changesListed: Promise<void> = Promise.resolve();

export function trackCartChanges(mark: () => number | null, listed: Promise<void>): void {
  changeMark = mark;
  changesListed = listed;
}

/**
 * Until the outbox has read what earlier pages stored, a read of the server's cart may hold a
 * change the last page sent while the page does not list it yet (it would count twice). A storage
 * that never answers holds the cart no longer than the saved cache.
 */
async function changesKnown(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    changesListed,
    new Promise((resolve) => {
      timer = setTimeout(resolve, PERSIST_TIMEOUT_MS);
    }),
  ]);
  clearTimeout(timer);
}

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: async ({ signal, client, queryKey }) => {
      await changesKnown();
      const before = changeMark();
      const cart = await getCart(signal);
      if (before !== null && changeMark() === before) return cart;
      // A change went out (or its fate was unknown) during the read: the answer may hold it or
      // not, while the cart shown adds every change still waiting, so it could count one twice or
      // miss one. Keep what we had: each change's answer is the server's cart, and the outbox
      // reads it afresh once nothing waits.
      return client.getQueryData<Cart>(queryKey) ?? cart;
    },
    staleTime: 0,
  });
}

export function cartTotalQuantity(cart: Cart | undefined): number {
  return (cart?.items ?? []).reduce(
    (sum, item) => sum + (item.quantity > 0 ? item.quantity : 0),
    0,
  );
}
