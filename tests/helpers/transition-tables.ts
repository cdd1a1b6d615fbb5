/**
 * The order and payment transition tables as a person writes them down, literal on purpose: the
 * contract's tests and the API's pair-by-pair tests both check the code against these, never
 * against the code's own tables.
 */
export const ORDER_STATUS_LIST = [
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;

/** The only moves an order may make. */
export const ORDER_MOVES = new Set([
  'pending_payment → paid',
  'pending_payment → cancelled',
  'paid → processing',
  'paid → cancelled',
  'paid → refunded',
  'processing → shipped',
  'processing → refunded',
  'shipped → delivered',
]);

export const PAYMENT_STATUS_LIST = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

/** Succeeded and canceled are final; processing ends succeeded or failed, never cancelled. */
export const PAYMENT_MOVES = new Set([
  'requires_payment_method → requires_action',
  'requires_payment_method → processing',
  'requires_payment_method → succeeded',
  'requires_payment_method → canceled',
  'requires_action → requires_payment_method',
  'requires_action → processing',
  'requires_action → succeeded',
  'requires_action → canceled',
  'processing → requires_payment_method',
  'processing → succeeded',
]);
