/**
 * Every call to the cart's API goes through here: a guest's calls carry the guest cart id once, as
 * the X-Guest-Cart-Id header, and the id a successful answer names is remembered (the server makes
 * a guest's cart on the first add). A signed-in shopper's cart is the account's: no guest id goes.
 * A replayed change sends the id it first went with (or none) instead of the stored one, or the
 * server would take it for a new request of another owner.
 */
import { GUEST_CART_HEADER } from '../../../../contract/http.ts';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.ts';
import { customerState, rememberGuestCartFromResponse } from '../../../stores/customer.ts';

export interface CartRequestOptions extends RequestOptions {
  guestCartId?: string | null;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function guestCartIdToSend(override: string | null | undefined): string | null {
  if (customerState.auth.user) return null;
  return override === undefined ? customerState.guestCart.guestCartId : override;
}

async function cartRequest<T>(
  method: Method,
  path: string,
  { guestCartId, ...options }: CartRequestOptions = {},
): Promise<T> {
  const id = guestCartIdToSend(guestCartId);
  const headers = id ? { ...options.headers, [GUEST_CART_HEADER]: id } : options.headers;
  const answer = await apiRequest<T>(method, path, { ...options, headers });
  rememberGuestCartFromResponse(answer);
  return answer;
}

export const cartApi = {
  get: <T>(path: string, options?: CartRequestOptions) => cartRequest<T>('GET', path, options),
  post: <T>(path: string, options?: CartRequestOptions) => cartRequest<T>('POST', path, options),
  patch: <T>(path: string, options?: CartRequestOptions) => cartRequest<T>('PATCH', path, options),
  delete: <T>(path: string, options?: CartRequestOptions) =>
    cartRequest<T>('DELETE', path, options),
};
