/**
 * The checkout attempt as the checkout page lives it (see src/lib/checkout/checkout-attempt.ts for
 * what is stored):
 *
 * - The first "Place order" makes an Idempotency-Key and stores `{ key, body, createdAt }` before
 *   anything is sent. Pressing again with the same body (a double tap, "Try again") resends the
 *   same key and body, and the server replays the same order; a changed address or method before
 *   an order exists starts a new attempt (new key).
 * - A reload resumes the stored attempt: with its order known, the payment step for that order;
 *   without, the same request is sent again at once (it may have reached the server).
 * - A server still busy with the key (`request_in_flight`, also for a minute after a crash) is
 *   asked again by itself, saying "Still working on your order…" meanwhile (placeOrder); a
 *   network failure, or a server busy for longer, keeps the attempt and says so, with "Try
 *   again"; a refusal (any other error code: `validation`, `out_of_stock`…) ends it, its reason
 *   shown by the form.
 * - Once the order exists it stays the attempt's until it is paid (`finish`) or closed (`drop`).
 *   An order closed unpaid elsewhere (cancelled on its page or another device, or expired) ends
 *   the attempt too: a return to checkout reads the order first and then shows the form.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ORDER_PAYMENT_WINDOW_MS } from '../../../../contract/checkout-rules.ts';
import type { OutOfStockLine } from '../../../../contract/http.ts';
import type { OrderStatus, PlaceOrderBody } from '../../../../contract/orders.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  readCheckoutAttempt,
  removeCheckoutAttempt,
  writeCheckoutAttempt,
  type CheckoutAttempt,
} from '../../../lib/checkout/checkout-attempt.ts';
import { newIdempotencyKey } from '../../../lib/ids.ts';
import { getOrder } from '../api/get-order.ts';
import { CART_QUERY_KEY, ordersKeys } from '../api/keys.ts';
import { isOrderInFlight, placeOrder } from '../api/place-order.ts';
import { sameBody } from './checkout-body.ts';

/** An attempt whose order was never confirmed is not resumed after this long. */
export const ATTEMPT_RESUME_WINDOW_MS = ORDER_PAYMENT_WINDOW_MS;

export const LOST_CONNECTION_TEXT = msg`We lost the connection while placing your order. It may already have reached us: “Try again” finishes this same order and never places a second one.`;
export const STILL_WORKING_TEXT = msg`Still working on your order… Please keep this page open: we check again every few seconds, and it is placed only once.`;
export const STILL_PROCESSING_TEXT = msg`Your order is still being processed. “Try again” checks on this same order; it never places a second one.`;

export type CheckoutPhase =
  | { name: 'loading' }
  | { name: 'form' }
  /** `waiting`: the server is still busy with this attempt, and it is being asked again. */
  | { name: 'placing'; waiting?: boolean }
  | { name: 'lost'; message: MessageDescriptor }
  | { name: 'payment'; orderId: string; orderNumber: string | null };

export interface CheckoutRefusal {
  /**
   * The refusal, whose message is the server's reason (the form says it in the page's language,
   * or its own words when there is none).
   */
  error: ApiError;
  /** Field errors by the last segment of their path (postalCode, phone…). */
  fieldErrors: Record<string, string>;
  /** Short-stock lines as the server lists them (`out_of_stock`). */
  lines: ShortLine[];
  /** Bumped on each refusal, so the form focuses its summary again. */
  id: number;
}

/** An attempt whose order is in one of these was closed unpaid: checkout starts afresh. */
const CLOSED_UNPAID: readonly OrderStatus[] = ['cancelled', 'refunded'];

function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.isNetworkError || error.status >= 500 || isOrderInFlight(error);
}

export function useCheckoutAttempt(userId: string, fixedOrderId?: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<CheckoutPhase>({ name: 'loading' });
  const [refusal, setRefusal] = useState<CheckoutRefusal | null>(null);
  /** The body of an attempt resumed after a reload, so the form shows what is being sent. */
  const [resumedBody, setResumedBody] = useState<PlaceOrderBody | null>(null);
  const attemptRef = useRef<CheckoutAttempt | null>(null);
  const sendingRef = useRef(false);
  const refusals = useRef(0);

  /** Sends `attempt`; the caller holds `sendingRef` (one request at a time, whatever is pressed). */
  const transmit = useCallback(
    async (attempt: CheckoutAttempt) => {
      setPhase({ name: 'placing' });
      setRefusal(null);
      try {
        const placed = await placeOrder(attempt.body, attempt.key, {
          onWaiting: () => setPhase({ name: 'placing', waiting: true }),
        });
        const stored = { ...attempt, orderId: placed.order.id, orderNumber: placed.order.number };
        attemptRef.current = stored;
        await writeCheckoutAttempt(userId, stored);
        queryClient.setQueryData(ordersKeys.detail(placed.order.id), placed.order);
        queryClient.setQueryData(ordersKeys.payment(placed.order.id), placed.payment);
        void queryClient.invalidateQueries({ queryKey: ordersKeys.lists() });
        void queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
        setPhase({ name: 'payment', orderId: placed.order.id, orderNumber: placed.order.number });
      } catch (error) {
        if (isRetryable(error)) {
          setPhase({
            name: 'lost',
            message: isOrderInFlight(error) ? STILL_PROCESSING_TEXT : LOST_CONNECTION_TEXT,
          });
          return;
        }
        // Refused: no order was made with this key; the next press starts a new attempt.
        attemptRef.current = null;
        await removeCheckoutAttempt(userId);
        const apiError = error as ApiError;
        setRefusal({
          error: apiError,
          fieldErrors: apiError.fieldErrors,
          lines: apiError.is('out_of_stock') ? apiError.body.lines : [],
          id: ++refusals.current,
        });
        setPhase({ name: 'form' });
      }
    },
    [queryClient, userId],
  );

  /** Runs `task` unless a request is already under way (a double tap, Try again while sending). */
  const exclusive = useCallback(async (task: () => Promise<void>) => {
    if (sendingRef.current) return;
    sendingRef.current = true;
    try {
      await task();
    } finally {
      sendingRef.current = false;
    }
  }, []);

  const send = useCallback(
    (attempt: CheckoutAttempt) => exclusive(() => transmit(attempt)),
    [exclusive, transmit],
  );

  // A reload (or a return to checkout) resumes what was stored.
  useEffect(() => {
    let live = true;
    void readCheckoutAttempt(userId).then(async (attempt) => {
      if (!live) return;
      if (fixedOrderId) {
        // "Pay now" for a given order: its payment step, whatever else was stored.
        if (attempt?.orderId === fixedOrderId) attemptRef.current = attempt;
        setPhase({ name: 'payment', orderId: fixedOrderId, orderNumber: null });
        return;
      }
      if (attempt?.orderId && (await orderClosed(attempt.orderId))) {
        // Cancelled (on its page, elsewhere, or by the payment window): the form, not a dead end.
        await removeCheckoutAttempt(userId);
        if (live) setPhase({ name: 'form' });
        return;
      }
      if (!live) return;
      if (attempt?.orderId) {
        attemptRef.current = attempt;
        setPhase({
          name: 'payment',
          orderId: attempt.orderId,
          orderNumber: attempt.orderNumber ?? null,
        });
        return;
      }
      const age = attempt ? Date.now() - Date.parse(attempt.createdAt) : Infinity;
      if (attempt && age < ATTEMPT_RESUME_WINDOW_MS) {
        attemptRef.current = attempt;
        setResumedBody(attempt.body);
        void send(attempt);
        return;
      }
      if (attempt) await removeCheckoutAttempt(userId);
      if (live) setPhase({ name: 'form' });
    });
    return () => {
      live = false;
    };
  }, [userId, send, fixedOrderId]);

  /** "Place order": the stored attempt again when the body is the same, else a new one. */
  const place = useCallback(
    (body: PlaceOrderBody) =>
      exclusive(async () => {
        let attempt = attemptRef.current;
        if (!attempt || attempt.orderId || !sameBody(attempt.body, body)) {
          attempt = { key: newIdempotencyKey(), body, createdAt: new Date().toISOString() };
          attemptRef.current = attempt;
          // Stored before it is sent: a reload from now on resumes this attempt.
          await writeCheckoutAttempt(userId, attempt);
        }
        await transmit(attempt);
      }),
    [exclusive, transmit, userId],
  );

  /** "Try again" after a lost answer: the same key and body. */
  const retry = useCallback(async () => {
    if (attemptRef.current) await send(attemptRef.current);
  }, [send]);

  /** The order is paid: the attempt is over. */
  const finish = useCallback(
    async (orderId: string) => {
      // Another order's attempt (paying an older order with "Pay now") is left as it is.
      const stored = attemptRef.current ?? (await readCheckoutAttempt(userId));
      if (!stored || stored.orderId === orderId) {
        attemptRef.current = null;
        await removeCheckoutAttempt(userId);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
        queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
      ]);
    },
    [queryClient, userId],
  );

  /** The order was closed before it was paid (cancelled, expired): its attempt is over. */
  const drop = useCallback(
    async (orderId: string) => {
      const stored = attemptRef.current ?? (await readCheckoutAttempt(userId));
      if (stored?.orderId === orderId) {
        attemptRef.current = null;
        await removeCheckoutAttempt(userId);
      }
    },
    [userId],
  );

  return { phase, refusal, resumedBody, place, retry, finish, drop };
}

/**
 * Whether the order is known to be closed unpaid, or gone (404). Offline or on any other failure
 * it is not known, and the attempt resumes at its payment step, which reads the order itself.
 */
async function orderClosed(orderId: string): Promise<boolean> {
  try {
    const order = await getOrder(orderId);
    return CLOSED_UNPAID.includes(order.status) && order.payment?.status !== 'succeeded';
  } catch (error) {
    return error instanceof ApiError && error.is('not_found');
  }
}

/** A line the server could not fill (`out_of_stock`). */
export type ShortLine = OutOfStockLine;

/** "Whey Isolate: only 2 left" — what a short line says to the shopper. */
export function shortLineText(line: ShortLine, i18n: I18n): string {
  const { name, available } = line;
  return i18n._(msg`${name}: only ${available} left`);
}
