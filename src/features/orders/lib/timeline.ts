/**
 * The status timeline of an order, from its events: placed → paid → processing → shipped (with
 * carrier and tracking) → delivered, or the step where it was cancelled or refunded.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Order, OrderStatus } from '../../../../contract/orders.ts';

export interface TimelineStep {
  key: string;
  label: string;
  /** When it happened; null for a step still ahead. */
  at: string | null;
  done: boolean;
  detail: string | null;
}

const FLOW: { key: 'placed' | OrderStatus; label: MessageDescriptor }[] = [
  { key: 'placed', label: msg`Order placed` },
  { key: 'paid', label: msg`Payment received` },
  { key: 'processing', label: msg`Being packed` },
  { key: 'shipped', label: msg`Shipped` },
  { key: 'delivered', label: msg`Delivered` },
];

const CLOSED: Partial<Record<OrderStatus, MessageDescriptor>> = {
  cancelled: msg`Cancelled`,
  refunded: msg`Refunded`,
};

/** The steps, their labels in `i18n`'s language (the events' notes stay as the shop wrote them). */
export function buildTimeline(
  order: Pick<Order, 'events' | 'createdAt' | 'status' | 'shipment'>,
  i18n: I18n,
) {
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
    let detail = event?.note ?? null;
    if (step.key === 'shipped' && order.shipment) {
      const { carrier, trackingNumber } = order.shipment;
      detail = i18n._(msg`${carrier}, tracking number ${trackingNumber}`);
    }
    steps.push({ key: step.key, label: i18n._(step.label), at, done: at !== null, detail });
  }
  if (closed) {
    const event = eventFor(order.status);
    steps.push({
      key: order.status,
      label: i18n._(closed),
      at: event?.at ?? null,
      done: true,
      detail: event?.note ?? null,
    });
  }
  return steps;
}
