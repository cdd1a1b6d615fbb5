/**
 * What each of the API's error codes (contract/errors.ts) means, said to a shopper. The server
 * writes its messages in English; on a page in another language the shop says the code's meaning
 * in that language instead (failure-message.ts). English pages keep the server's own words.
 * A Record over every code: a new code does not compile until it is said here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode } from '../../contract/errors.ts';

export const ERROR_CODE_TEXT: Record<ErrorCode, MessageDescriptor> = {
  validation: msg`Some details are not right. Check the fields and try again.`,
  bad_request: msg`The request could not be read. Please try again.`,
  payload_too_large: msg`What you sent is too large.`,
  uri_too_long: msg`This address is too long.`,
  unsupported_media_type: msg`The request could not be read. Please try again.`,
  not_found: msg`We could not find what you asked for.`,
  rate_limited: msg`Too many attempts. Please wait a moment and try again.`,
  request_in_flight: msg`Your request is still being processed. Try again in a moment.`,
  idempotency_key_reused: msg`The request could not be read. Please try again.`,
  cross_origin_refused: msg`You are not allowed to do that.`,
  csrf_proof_missing: msg`You are not allowed to do that.`,
  webhook_signature_invalid: msg`You are not allowed to do that.`,
  database_unavailable: msg`The shop is busy right now. Please try again in a moment.`,
  internal: msg`Something went wrong on our side. Please try again.`,
  sign_in_required: msg`Please sign in to continue.`,
  invalid_credentials: msg`The e-mail address or password is not right.`,
  wrong_password: msg`Your current password is not right.`,
  forbidden: msg`You are not allowed to do that.`,
  guest_has_no_account: msg`This needs an account. Create one to continue.`,
  email_taken: msg`An account already uses this e-mail address.`,
  already_has_account: msg`This already belongs to an account.`,
  token_invalid: msg`This link or code is not valid.`,
  token_used: msg`This link was already used.`,
  token_expired: msg`This link has expired.`,
  cart_over_stock: msg`There is not enough stock for that quantity.`,
  cart_empty: msg`Your cart is empty.`,
  cart_changed: msg`Your cart changed while your order was being placed. Check it and try again.`,
  wishlist_full: msg`Your wishlist is full.`,
  in_stock: msg`This item is in stock: you can order it now.`,
  discount_unknown: msg`This discount code does not exist.`,
  discount_expired: msg`This discount code has expired.`,
  discount_used: msg`This discount code has already been used.`,
  out_of_stock: msg`Some items are no longer in stock in that quantity.`,
  order_unpaid_limit: msg`Too many orders are waiting for payment. Pay or cancel one first.`,
  order_not_cancellable: msg`This order can no longer be cancelled.`,
  order_transition_refused: msg`This order cannot move to that status.`,
  order_not_awaiting_payment: msg`This order is no longer waiting for payment.`,
  invoice_not_ready: msg`The invoice is ready once the order is paid.`,
  payment_processing: msg`Your bank is still processing this payment.`,
  payment_state_refused: msg`This payment cannot take that step now.`,
  payment_refused: msg`The payment was refused. Check the card or use another one.`,
  payment_not_stopped: msg`The payment could not be stopped. Please try again.`,
  card_setup_incomplete: msg`The card is not set up yet. Please try again.`,
  refund_not_allowed: msg`This order cannot be refunded now.`,
  refund_exceeds_balance: msg`The refund is more than what is left to refund.`,
  refund_outcome_unknown: msg`The refund's outcome is not known yet; it is settled shortly.`,
  saved_limit_reached: msg`You have saved as many as you can. Remove one first.`,
  account_has_open_orders: msg`Your account cannot be deleted while orders are still open.`,
  review_exists: msg`You have already reviewed this product.`,
  review_not_allowed: msg`Only shoppers who received this product can review it.`,
  stock_out_of_range: msg`That would leave the stock out of range.`,
};
