/**
 * The shopper's cart (spec §7 `GET /cart`).
 *
 * Exports:
 * - Cart, CartItem, CartResponse: the answer's shape as the storefront reads it.
 * - cartQueryKey (['cart']), cartQueryOptions(), getCart(): for loaders and prefetching.
 * - useCart(): the TanStack query; `data` is the Cart (never undefined once loaded).
 * - cartTotalQuantity(cart): the header badge's number.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { customerState } from '../../../stores/customer.ts';

export interface CartItem {
  itemId: string;
  quantity: number;
  productId?: string;
  variantId?: string;
  name?: string;
  slug?: string;
  image?: string | null;
  brand?: string | { name: string };
  flavor?: string | { name: string };
  size?: string;
  unitPrice?: number;
  lineTotal?: number;
  stock?: number;
  /** True while an optimistic add waits for the server's line. */
  pending?: boolean;
}

export interface Cart {
  items: CartItem[];
  guestCartId?: string | null;
  [field: string]: unknown;
}

export interface CartResponse {
  success: boolean;
  data: Cart;
}

export const cartQueryKey = ['cart'] as const;

export const EMPTY_CART: Cart = { items: [] };

export async function getCart(signal?: AbortSignal): Promise<Cart> {
  // A guest without a cart id has no cart yet: no need to ask.
  if (!customerState.auth.user && !customerState.guestCart.guestCartId) return EMPTY_CART;
  const response = await api.get<CartResponse>('/cart', { signal });
  return response.data ?? EMPTY_CART;
}

export function cartQueryOptions() {
  return queryOptions({
    queryKey: cartQueryKey,
    queryFn: ({ signal }) => getCart(signal),
    staleTime: 0,
  });
}

export function useCart() {
  return useQuery(cartQueryOptions());
}

export function cartTotalQuantity(cart: Cart | undefined): number {
  return (cart?.items ?? []).reduce(
    (sum, item) => sum + (item.quantity > 0 ? item.quantity : 0),
    0,
  );
}
