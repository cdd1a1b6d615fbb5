/**
 * Placing an order while the server is still busy with the same Idempotency-Key
 * (`request_in_flight` with Retry-After, for up to a minute after a crash): the same request is
 * sent again by itself, no faster than the poll and no longer than the wait allows.
 */
import { http, HttpResponse } from 'msw';
import { expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { ADDRESS, makeOrder, makePayment, ok } from '../../__tests__/fixtures.ts';
import { placeOrder } from '../place-order.ts';

const server = setupMswServer();

const body = { shippingAddress: ADDRESS, shippingMethod: 'standard' as const };
const busy = (seconds: number) =>
  HttpResponse.json(
    {
      success: false,
      code: 'request_in_flight',
      message: 'A request with this Idempotency-Key is still being processed.',
      retryAfter: seconds,
    },
    { status: 409, headers: { 'retry-after': String(seconds) } },
  );
const keysSent = () =>
  server.requests.filter((r) => r.method === 'POST').map((r) => r.headers.get('idempotency-key'));

test('resends the same request until the server answers, telling the caller it waits', async () => {
  let calls = 0;
  server.use(
    http.post(api('/orders'), () =>
      ++calls <= 2
        ? busy(45)
        : HttpResponse.json(ok({ order: makeOrder(), payment: makePayment() }), { status: 201 }),
    ),
  );
  let waits = 0;
  const started = Date.now();
  const placed = await placeOrder(body, 'key-1', {
    pollMs: 50,
    onWaiting: () => waits++,
  });
  expect(placed.order.number).toBe('FN-10001');
  expect(waits).toBe(2);
  expect(keysSent()).toEqual(['key-1', 'key-1', 'key-1']);
  // Asked again at the poll, not after the 45 s the server named.
  expect(Date.now() - started).toBeLessThan(5000);
});

test('gives up once the longest wait is spent, and the caller hears of the 409', async () => {
  server.use(http.post(api('/orders'), () => busy(60)));
  const error = await placeOrder(body, 'key-2', { pollMs: 50, maxWaitMs: 200 }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ status: 409, retryAfterSeconds: 60 });
  // The first try and one every 50 ms for 200 ms: bounded.
  expect(keysSent()).toEqual(['key-2', 'key-2', 'key-2', 'key-2', 'key-2']);
});

test('only `request_in_flight` is waited out: another 409, even with Retry-After, is the answer', async () => {
  server.use(
    http.post(api('/orders'), () =>
      HttpResponse.json(
        { success: false, code: 'cart_empty', message: 'Your cart is empty.' },
        { status: 409, headers: { 'retry-after': '1' } },
      ),
    ),
  );
  const error = await placeOrder(body, 'key-3', { pollMs: 50, maxWaitMs: 200 }).catch(
    (caught: unknown) => caught,
  );
  expect(error).toMatchObject({ status: 409, code: 'cart_empty' });
  expect(keysSent()).toEqual(['key-3']);
});
