/**
 * The status timeline of an order, from its events: placed → paid → processing → shipped (with
 * carrier and tracking) → delivered, or the step where it was cancelled or refunded.
 */
import type { Order, OrderStatus } from '../../../../contract/orders.ts';

export interface TimelineStep {
  key: string;
  label: string;
  /** When it happened; null for a step still ahead. */
  at: string | null;
  done: boolean;
  detail: string | null;
}

const FLOW: { key: 'placed' | OrderStatus; label: string }[] = [
  { key: 'placed', label: 'Order placed' },
  { key: 'paid', label: 'Payment received' },
  { key: 'processing', label: 'Being packed' },
  { key: 'shipped', label: 'Shipped' },
  { key: 'delivered', label: 'Delivered' },
];

const CLOSED: Partial<Record<OrderStatus, string>> = {
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export function buildTimeline(order: Pick<Order, 'events' | 'createdAt' | 'status' | 'shipment'>) {
  const events = [...order.events].sort((a, b) => a.at.localeCompare(b.at));
  const eventFor = (key: string) =>
    events.find((event) => event.type === key || event.status === key) ?? null;
  const steps: TimelineStep[] = [];
  const closed = CLOSED[order.status];

  for (const step of FLOW) {
    const event = eventFor(step.key);
    const at = event?.at ?? (step.key === 'placed' ? order.createdAt : null);
    // A closed order shows only what happened before it closed.
    if (closed && !at) continue;
    const detail =
      step.key === 'shipped' && order.shipment
        ? `${order.shipment.carrier}, tracking number ${order.shipment.trackingNumber}`
        : (event?.note ?? null);
    steps.push({ key: step.key, label: step.label, at, done: at !== null, detail });
  }
  if (closed) {
    const event = eventFor(order.status);
    steps.push({
      key: order.status,
      label: closed,
      at: event?.at ?? null,
      done: true,
      detail: event?.note ?? null,
    });
  }
  return steps;
}
