/**
 * `POST /checkout/quote` — the order as it would be placed: lines, discount, shipping and each tax.
 * No body means not yet priceable; the last quote stays on screen while the next one loads.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteBody } from '../../../../contract/orders.ts';
import { GUEST_CART_HEADER } from '../../../../contract/http.ts';
import { api } from '../../../lib/api-client.ts';
import { ordersKeys } from './keys.ts';

/**
 * A signed-out shopper's cart is named by its guest cart id (a wallet's quote before the guest
 * session starts); a buy-now line or a session needs none.
 */
export async function getQuote(
  body: QuoteBody,
  { signal, guestCartId }: { signal?: AbortSignal; guestCartId?: string | null } = {},
): Promise<Quote> {
  const response = await api.post<{ success: true; data: Quote }>('/checkout/quote', {
    body,
    ...(signal ? { signal } : {}),
    ...(guestCartId ? { headers: { [GUEST_CART_HEADER]: guestCartId } } : {}),
  });
  return response.data;
}

export function quoteQueryOptions(body: QuoteBody) {
  return queryOptions({
    queryKey: ordersKeys.quote(body),
    queryFn: ({ signal }) => getQuote(body, { signal }),
    staleTime: 30_000,
    // A price of a moment: not worth keeping for the next visit.
    meta: { persist: false },
  });
}

export function useQuote(body: QuoteBody | null) {
  return useQuery({
    ...quoteQueryOptions(body ?? { shippingMethod: 'standard' }),
    enabled: body !== null,
    placeholderData: keepPreviousData,
  });
}
