/**
 * `POST /orders` with its Idempotency-Key — places the order of a checkout attempt. The same key
 * and body replay the same order, so a resend after a lost answer never makes a second one.
 *
 * A `request_in_flight` answer means the same key is still being processed (or its request died with
 * the server, whose claim is freed after a minute): the same request is sent again by itself,
 * every `ORDER_IN_FLIGHT_POLL_MS` at most (sooner when Retry-After says so), for at most
 * `ORDER_IN_FLIGHT_MAX_WAIT_MS` in all, telling `onWaiting` each time, before the caller hears of
 * it.
 */
import type { Order, Payment, PlaceOrderBody } from '../../../../contract/orders.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

/** How often a checkout still being processed is asked again, at most. */
export const ORDER_IN_FLIGHT_POLL_MS = 2000;
/**
 * How long a checkout waits for the server to finish (or free) the same attempt before it says so
 * with "Try again": beyond the minute after which the server takes a dead request's claim over.
 */
export const ORDER_IN_FLIGHT_MAX_WAIT_MS = 90_000;

export interface PlacedOrder {
  order: Order;
  payment: Payment;
}

export function isOrderInFlight(error: unknown): boolean {
  return error instanceof ApiError && error.is('request_in_flight');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function placeOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
  {
    pollMs = ORDER_IN_FLIGHT_POLL_MS,
    maxWaitMs = ORDER_IN_FLIGHT_MAX_WAIT_MS,
    onWaiting,
  }: { pollMs?: number; maxWaitMs?: number; onWaiting?: () => void } = {},
): Promise<PlacedOrder> {
  let waited = 0;
  for (;;) {
    try {
      const response = await api.post<{ success: true; data: PlacedOrder }>('/orders', {
        body,
        idempotencyKey,
      });
      return response.data;
    } catch (error) {
      if (!isOrderInFlight(error)) throw error;
      const seconds = (error as ApiError).retryAfterSeconds ?? 1;
      // Never a busy loop, whatever the header says.
      const delay = Math.min(Math.max(seconds * 1000, 500), pollMs);
      if (waited + delay > maxWaitMs) throw error;
      onWaiting?.();
      await wait(delay);
      waited += delay;
    }
  }
}
