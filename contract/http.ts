/**
 * Rules every client of the API follows, shared by the PWA and the server.
 */

/** Base path of every API call. */
export const API_BASE_PATH = '/api/v1';

/**
 * A state-changing request must prove it is not a cross-site form post: it either sends a JSON
 * body (Content-Type: application/json) or carries this header with this value.
 */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'forge-storefront';

/**
 * The guest cart id travels as this header (the PWA's way) or as the `guestCartId` query parameter;
 * the server reads either.
 */
export const GUEST_CART_HEADER = 'x-guest-cart-id';
export const GUEST_CART_QUERY = 'guestCartId';

/** Cart and order mutations may carry this header; a repeat with the same key replays the answer. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The error shape of every failed call. */
export interface ApiErrorBody {
  success: false;
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
  /**
   * On a 409 "still being processed" (the same Idempotency-Key is in flight): the seconds to wait
   * before the same request is sure of a real answer, as the `Retry-After` header says.
   */
  retryAfter?: number;
}
