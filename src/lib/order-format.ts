/**
 * Words for order answers: tax lines with their rate, dates, addresses, item counts, payment and
 * order states. Addresses are written by addressLines (src/lib/address.ts). Each text function
 * takes the page's language last (English when left out); the sentences are messages of the
 * catalogs (`i18n._(PAYMENT_STATUS_TEXT[status])`).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../contract/locale.ts';
import type { OrderStatus } from '../../contract/checkout-rules.ts';
import type { PaymentStatus } from '../../contract/orders.ts';
import { formatDate } from './dates.ts';

export { taxLabel } from '../../contract/tax-label.ts';

export function formatOrderDate(iso: string, locale: Locale = 'en-CA'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date, locale);
}

export function formatOrderDateTime(iso: string, locale: Locale = 'en-CA'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "1 item", "3 items"; in French "1 article", "3 articles". */
export function itemCountText(count: number, locale: Locale = 'en-CA'): string {
  if (locale === 'fr-CA') return count <= 1 ? `${count} article` : `${count} articles`;
  return count === 1 ? '1 item' : `${count} items`;
}

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, MessageDescriptor> = {
  requires_payment_method: msg`Waiting for your card details.`,
  requires_action: msg`Your bank asks you to authenticate this payment.`,
  processing: msg`Your payment is being processed…`,
  succeeded: msg`Payment received.`,
  canceled: msg`This payment was cancelled.`,
};

/** What each order state is called (the contract's ORDER_STATUS_LABELS, through the catalogs). */
export const ORDER_STATUS_TEXT: Record<OrderStatus, MessageDescriptor> = {
  pending_payment: msg`Awaiting payment`,
  paid: msg`Paid`,
  processing: msg`Processing`,
  shipped: msg`Shipped`,
  delivered: msg`Delivered`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
};
