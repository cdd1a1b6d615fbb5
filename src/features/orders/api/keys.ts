/**
 * The orders feature's query keys, generic → specific, so invalidating `ordersKeys.all` refreshes
 * every order answer (placing, paying and cancelling do; sign-in invalidates `['orders']` too). The
 * shared cart query's key is here too: an order invalidates it. The saved addresses' query is shared
 * with the profile, which edits them (src/lib/saved-addresses.ts).
 */
export const ordersKeys = {
  all: ['orders'] as const,
  lists: () => [...ordersKeys.all, 'my'] as const,
  list: (page: number, limit: number) => [...ordersKeys.lists(), { page, limit }] as const,
  details: () => [...ordersKeys.all, 'detail'] as const,
  detail: (orderId: string) => [...ordersKeys.details(), orderId] as const,
  payment: (orderId: string) => [...ordersKeys.detail(orderId), 'payment'] as const,
  quote: (body: unknown) => [...ordersKeys.all, 'quote', body] as const,
};

export { cartQueryKey as CART_QUERY_KEY } from '../../cart/api/index.ts';
