/**
 * Words for order answers: tax lines with their rate, dates, addresses, item counts. Addresses are
 * written by addressLines (src/lib/address.ts).
 */
import type { TaxLine } from '../../contract/checkout-rules.ts';
import type { PaymentStatus } from '../../contract/orders.ts';
import { formatDate } from './format.ts';

/** 13 → "13%", 9.975 → "9.975%". */
export function formatRate(rate: number): string {
  return `${Number(rate.toFixed(3))}%`;
}

/** "HST (13%)", "QST (9.975%)". */
export function taxLabel(tax: Pick<TaxLine, 'name' | 'rate'>): string {
  return `${tax.name} (${formatRate(tax.rate)})`;
}

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatDate(date);
}

export function formatOrderDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-CA', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

export function itemCountText(count: number): string {
  return count === 1 ? '1 item' : `${count} items`;
}

export const PAYMENT_STATUS_TEXT: Record<PaymentStatus, string> = {
  requires_payment_method: 'Waiting for your card details.',
  requires_action: 'Your bank asks you to authenticate this payment.',
  processing: 'Your payment is being processed…',
  succeeded: 'Payment received.',
  canceled: 'This payment was cancelled.',
};
