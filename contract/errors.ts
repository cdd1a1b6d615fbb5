/**
 * The machine-readable `code` every error answer of the API carries, next to its message. A
 * client decides what to do from the code (and the status), never from the message text, which is
 * for people and may be reworded. contract/http.ts types the fields that come with some codes.
 */
export const ERROR_CODES = [
  // The request itself
  /** 400: the input breaks a rule (schema, field, JSON syntax, address); `errors` names fields. */
  'validation',
  /** 400: the framework refused the request for another reason (a bad Content-Length, say). */
  'bad_request',
  /** 413: the request body is larger than the server accepts. */
  'payload_too_large',
  /** 414: a part of the address is longer than the server accepts. */
  'uri_too_long',
  /** 415: a body was sent with a content type other than application/json. */
  'unsupported_media_type',
  /** 404: no such endpoint or page, or no such thing (product, order, cart line, address…). */
  'not_found',
  /** 429: too many attempts; `retryAfter` and the Retry-After header say when to try again. */
  'rate_limited',
  /**
   * 409: a request with the same Idempotency-Key is still being processed; the same request may
   * be sent again after `retryAfter` seconds (also the Retry-After header).
   */
  'request_in_flight',
  /** 422 (or 409 on a refund): this Idempotency-Key was used for a different request. */
  'idempotency_key_reused',
  /** 403: a state-changing request came from an origin the shop does not serve. */
  'cross_origin_refused',
  /** 403: a state-changing request had neither a JSON body nor the X-Requested-With header. */
  'csrf_proof_missing',
  /** 400: a payment provider's webhook call had no valid signature. */
  'webhook_signature_invalid',
  /** 503: the database cannot be reached just now; the Retry-After header says when to retry. */
  'database_unavailable',
  /** 500: something unexpected failed on the server; `requestId` names it in the logs. */
  'internal',

  // Who is asking
  /** 401: no session (or it ended): sign in, then try again. */
  'sign_in_required',
  /** 401: the e-mail address and password do not match an account. */
  'invalid_credentials',
  /** 400: the current password given to confirm a change is wrong (`errors` names the field). */
  'wrong_password',
  /** 403: the signed-in user may not do this (staff only, say). */
  'forbidden',
  /** 403: a guest checkout session asked for something only an account has. */
  'guest_has_no_account',
  /** 409: registering (or changing to) an e-mail address another account already has. */
  'email_taken',
  /** 409: the session or order already belongs to an account; there is no guest to turn into one. */
  'already_has_account',
  /** 400 or 404: a link's or code's token is unknown, already spent or no longer valid. */
  'token_invalid',
  /** 410: an e-mail link was already used. */
  'token_used',
  /** 410: an e-mail link has expired. */
  'token_expired',

  // Cart, wishlist, stock alerts
  /** 409: adding this quantity to the cart would exceed the stock; `available` may still be added. */
  'cart_over_stock',
  /** 409: checking out an empty cart. */
  'cart_empty',
  /** 409: the cart kept changing while its order was being placed; nothing was ordered. */
  'cart_changed',
  /** 409: the wishlist holds its maximum already (`max`). */
  'wishlist_full',
  /** 409: asking to be told when a variant is back while it is in stock. */
  'in_stock',

  // Discount codes
  /** 404: no discount code like this exists. */
  'discount_unknown',
  /** 410: the discount code has expired. */
  'discount_expired',
  /** 409: the discount code was used already (at checkout: just now, on another order). */
  'discount_used',

  // Orders and payments
  /** 409: placing the order would oversell; `lines` lists each short line and what is left. */
  'out_of_stock',
  /** 409: too many orders of the account or network wait for payment (`limit`). */
  'order_unpaid_limit',
  /** 409: the shopper cannot cancel the order in its current `status`. */
  'order_not_cancellable',
  /** 409: the order cannot move from its current `status` to the one asked for. */
  'order_transition_refused',
  /** 409: the order no longer waits for payment (current `status`). */
  'order_not_awaiting_payment',
  /** 409: an invoice is asked for before the order is paid. */
  'invoice_not_ready',
  /** 409: the order's payment is being processed by the bank and cannot be stopped yet. */
  'payment_processing',
  /** 409: the payment is already under way, or not in the state the step needs (`status`). */
  'payment_state_refused',
  /** 409: the payment provider refused the payment or the card. */
  'payment_refused',
  /** 503: the payment could not be stopped at the provider, so the order stays as it was. */
  'payment_not_stopped',
  /** 409: a card's setup at the provider has not finished (`status`). */
  'card_setup_incomplete',
  /** 409: a refund is not possible in the order's current `status`. */
  'refund_not_allowed',
  /** 409: the refund asks for more than is left on the payment (`left`, in cents). */
  'refund_exceeds_balance',
  /** 503: the provider's answer to a refund is unknown; it is settled later. */
  'refund_outcome_unknown',

  // Accounts and the staff desk
  /** 409: the account holds its maximum of saved addresses or cards already (`limit`). */
  'saved_limit_reached',
  /** 409: the account cannot be deleted while `orders` are still open. */
  'account_has_open_orders',
  /** 409: the buyer has already reviewed this product (edit that review instead). */
  'review_exists',
  /** 403: only a buyer who received the product may review it. */
  'review_not_allowed',
  /** 409: a stock change would leave a variant below 0 or above its maximum (`stock` now). */
  'stock_out_of_range',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

/** Whether a value read from an answer is one of the codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
