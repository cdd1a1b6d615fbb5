/**
 * What staff may do to an order, from the shop's transition table (the server checks the same
 * table and answers 409 otherwise), and the words for the timeline and the refund amount.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { canTransition, type OrderStatus } from '../../../../contract/checkout-rules.ts';
import { DEFAULT_LOCALE, type Locale } from '../../../../contract/locale.ts';

/** The statuses staff set by hand (`refunded` comes from refunding, `paid` from the payment). */
const STAFF_MOVES = ['processing', 'shipped', 'delivered', 'cancelled'] as const;
export type StaffMove = (typeof STAFF_MOVES)[number];

export function staffMoves(status: OrderStatus): StaffMove[] {
  return STAFF_MOVES.filter((to) => canTransition(status, to));
}

/** Anything paid and not yet refunded can be refunded, whatever the status. */
export function canRefund(order: { refundable: number }): boolean {
  return order.refundable > 0;
}

/**
 * An amount of dollars and cents as the page's language writes it, in cents: "12.5", "$1,012.50"
 * in English; "12,5", "1 012,50 $" in French (spaces group thousands, the comma marks cents).
 * Null when it is not such an amount.
 */
export function parseDollars(text: string, locale: Locale = DEFAULT_LOCALE): number | null {
  const bare = text.trim().replace(/^\$\s*|\s*\$$/g, '');
  const clean =
    locale === 'fr-CA'
      ? bare.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
      : bare.replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ''] = clean.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

const EVENT_LABELS: Record<string, MessageDescriptor> = {
  placed: msg`Order placed`,
  paid: msg`Payment received`,
  processing: msg`Marked processing`,
  shipped: msg`Marked shipped`,
  delivered: msg`Marked delivered`,
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded in full`,
  refund: msg`Refund`,
  refund_reason: msg`Refund reason`,
  payment_failed: msg`Payment failed`,
  payment_action_required: msg`Payment needs the shopper’s authentication`,
  payment_after_cancel: msg`Payment arrived after cancelling`,
  payment_mismatch: msg`Payment amount did not match`,
};

/** A timeline step's name in the page's language (an unknown type spelled out as it is). */
export function eventLabel(type: string, i18n: I18n): string {
  const known = EVENT_LABELS[type];
  if (known) return i18n._(known);
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ACTORS: Record<string, MessageDescriptor> = {
  shopper: msg`Shopper`,
  staff: msg`Staff`,
  system: msg`The shop (automatic)`,
  provider: msg`Payment provider`,
};

/** Who did a step: "You" for the signed-in staff member, "Staff (usr_…)" for another. */
export function actorLabel(
  event: { actor: string; actorId: string | null },
  i18n: I18n,
  me?: string,
): string {
  if (event.actor === 'staff' && event.actorId && event.actorId === me) return i18n._(msg`You`);
  const known = ACTORS[event.actor];
  const who = known ? i18n._(known) : event.actor;
  return event.actor === 'staff' && event.actorId ? `${who} (${event.actorId})` : who;
}
