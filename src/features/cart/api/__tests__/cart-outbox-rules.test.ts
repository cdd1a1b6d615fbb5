import { describe, expect, test } from 'vitest';
import type { ErrorCode } from '../../../../../contract/errors.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { classifyCartFailure, replacePendingItemId } from '../cart-outbox.ts';

/** An error answer of the API with its code, as api-client makes it. */
const answered = (status: number, code: ErrorCode, retryAfter: number | null = null) =>
  new ApiError(status, 'Refused', [], true, retryAfter, {
    success: false,
    message: 'Refused',
    code,
  });

describe('cart outbox rules', () => {
  test('no answer, a 5xx, `request_in_flight` and `rate_limited` are retried; other codes are refusals', () => {
    expect(classifyCartFailure(new ApiError(0, 'Network error'))).toBe('retry');
    expect(classifyCartFailure(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyCartFailure(answered(503, 'database_unavailable', 2))).toBe('retry');
    expect(classifyCartFailure(answered(429, 'rate_limited', 10))).toBe('retry');
    expect(classifyCartFailure(answered(409, 'request_in_flight', 1))).toBe('retry');
    // The code decides, not the header: in flight is retried even if a proxy dropped Retry-After.
    expect(classifyCartFailure(answered(409, 'request_in_flight'))).toBe('retry');
    expect(classifyCartFailure(answered(409, 'cart_over_stock'))).toBe('refused');
    expect(classifyCartFailure(answered(404, 'not_found'))).toBe('refused');
  });

  test('an answer without a code (a proxy’s) is judged by its status and Retry-After', () => {
    expect(classifyCartFailure(new ApiError(502, 'Bad gateway'))).toBe('retry');
    expect(classifyCartFailure(new ApiError(429, 'Slow down'))).toBe('retry');
    expect(classifyCartFailure(new ApiError(409, 'Busy', [], false, 1))).toBe('retry');
    expect(classifyCartFailure(new ApiError(404, 'Not found'))).toBe('refused');
  });

  test('a discount code turned away for too many tries is a refusal, not held for a retry', () => {
    const tooMany = answered(429, 'rate_limited', 3540);
    const apply = { type: 'applyDiscount', code: 'FORGE-AAAA-BBBB', idempotencyKey: 'k1' } as const;
    expect(classifyCartFailure(tooMany, apply)).toBe('refused');
    // Other cart changes still wait out a 429.
    expect(classifyCartFailure(tooMany, { type: 'removeDiscount', idempotencyKey: 'k2' })).toBe(
      'retry',
    );
  });

  test('a change to a line still being added names the real line once the server has it', () => {
    const change = {
      type: 'setQuantity' as const,
      itemId: 'pending-a',
      quantity: 3,
      idempotencyKey: 'b',
    };
    expect(replacePendingItemId(change, 'pending-a', 'item_1')).toEqual({
      ...change,
      itemId: 'item_1',
    });
    const other = { type: 'remove' as const, itemId: 'item_9', idempotencyKey: 'c' };
    expect(replacePendingItemId(other, 'pending-a', 'item_1')).toBe(other);
  });
});
