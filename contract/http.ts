/**
 * Rules every client of the API follows, shared by the PWA and the server.
 */

import type { ErrorCode } from './errors.ts';
import type { OrderStatus } from './checkout-rules.ts';

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

/** A field the server refused, and why: `path` is `body.email`, `querystring.page`, `url`… */
export interface FieldError {
  path: string;
  message: string;
}

/** What every error answer carries, whatever its code. */
interface ErrorBodyBase<C extends ErrorCode> {
  success: false;
  /** Why, for people: shown as it comes. */
  message: string;
  /** What went wrong, for programs: one of contract/errors.ts. */
  code: C;
  /** The fields at fault, when the error is about input. */
  errors?: FieldError[];
  /** On a 500 or 503: the id the server's logs know the request by. */
  requestId?: string;
}

/** A line of an order the stock cannot fill. */
export interface OutOfStockLine {
  variantId: string;
  /** "Whey Isolate (Chocolate, 1 kg)" */
  name: string;
  requested: number;
  available: number;
}

/** The codes whose answers carry fields of their own, and those fields. */
interface ErrorDetails {
  /**
   * The seconds to wait before the same request is sure of a real answer (as the `Retry-After`
   * header says).
   */
  request_in_flight: { retryAfter: number };
  rate_limited: { retryAfter: number };
  cart_over_stock: { available: number };
  out_of_stock: { lines: OutOfStockLine[] };
  order_unpaid_limit: { limit: number };
  order_not_cancellable: { status: OrderStatus };
  order_transition_refused: { status: OrderStatus };
  order_not_awaiting_payment: { status: OrderStatus };
  refund_not_allowed: { status: OrderStatus };
  refund_exceeds_balance: { left: number };
  payment_state_refused: { status?: string };
  card_setup_incomplete: { status: string };
  saved_limit_reached: { limit: number };
  wishlist_full: { max: number };
  stock_out_of_range: { stock: number };
  account_has_open_orders: { orders: { number: string; status: OrderStatus }[] };
}

/**
 * The error shape of every failed call: a discriminated union on `code`, so that narrowing on a
 * code gives its fields.
 */
export type ApiErrorBody = {
  [C in ErrorCode]: ErrorBodyBase<C> & (C extends keyof ErrorDetails ? ErrorDetails[C] : unknown);
}[ErrorCode];

/** The answer of one code, e.g. `ApiErrorOf<'out_of_stock'>`. */
export type ApiErrorOf<C extends ErrorCode> = Extract<ApiErrorBody, { code: C }>;
