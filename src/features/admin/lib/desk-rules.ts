/**
 * What staff may do to an order, from the shop's transition table (the server checks the same
 * table and answers 409 otherwise), and the words for the timeline and the refund amount.
 */
import { canTransition, type OrderStatus } from '../../../../contract/checkout-rules.ts';

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

/** "12.5", "$1,012.50" → cents; null when it is not an amount of dollars and cents. */
export function parseDollars(text: string): number | null {
  const clean = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ''] = clean.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

const EVENT_LABELS: Record<string, string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  processing: 'Marked processing',
  shipped: 'Marked shipped',
  delivered: 'Marked delivered',
  cancelled: 'Cancelled',
  refunded: 'Refunded in full',
  refund: 'Refund',
  refund_reason: 'Refund reason',
  payment_failed: 'Payment failed',
  payment_action_required: 'Payment needs the shopper’s authentication',
  payment_after_cancel: 'Payment arrived after cancelling',
  payment_mismatch: 'Payment amount did not match',
};

export function eventLabel(type: string): string {
  const known = EVENT_LABELS[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ACTORS: Record<string, string> = {
  shopper: 'Shopper',
  staff: 'Staff',
  system: 'The shop (automatic)',
  provider: 'Payment provider',
};

/** Who did a step: "You" for the signed-in staff member, "Staff (usr_…)" for another. */
export function actorLabel(event: { actor: string; actorId: string | null }, me?: string): string {
  if (event.actor === 'staff' && event.actorId && event.actorId === me) return 'You';
  const who = ACTORS[event.actor] ?? event.actor;
  return event.actor === 'staff' && event.actorId ? `${who} (${event.actorId})` : who;
}
