/**
 * `POST /orders` with its Idempotency-Key — places the order of a checkout attempt. The same key
 * and body replay the same order, so a resend after a lost answer never makes a second one.
 * A 409 with Retry-After means the same key is still being processed: it is sent again after the
 * wait (a second by default), a few times, before the caller hears of it.
 */
import type { Order, Payment, PlaceOrderBody } from '../../../../contract/orders.ts';
import { ApiError, api } from '../../../lib/api-client.ts';

export interface PlacedOrder {
  order: Order;
  payment: Payment;
}

export function isOrderInFlight(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.retryAfterSeconds !== null;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function placeOrder(
  body: PlaceOrderBody,
  idempotencyKey: string,
  { inFlightRetries = 5, retryDelayMs = 1000 } = {},
): Promise<PlacedOrder> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api.post<{ success: true; data: PlacedOrder }>('/orders', {
        body,
        idempotencyKey,
      });
      return response.data;
    } catch (error) {
      if (!isOrderInFlight(error) || attempt >= inFlightRetries) throw error;
      const seconds = (error as ApiError).retryAfterSeconds ?? 1;
      await wait(Math.min(Math.max(seconds * 1000, retryDelayMs), 5000));
    }
  }
}
