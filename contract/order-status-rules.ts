/**
 * What each order state is called wherever a shopper or the staff see it. Apart from the rest of
 * checkout's rules, so the pages that only list or show orders load these few words and not
 * checkout's pricing, provinces and address checks.
 */
import type { OrderStatus } from './checkout-rules.ts';

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
