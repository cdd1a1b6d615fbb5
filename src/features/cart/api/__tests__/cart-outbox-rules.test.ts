import { describe, expect, test } from 'vitest';
import { ApiError } from '../../../../lib/api-client.ts';
import { classifyCartFailure, replacePendingItemId } from '../cart-outbox.ts';

describe('cart outbox rules', () => {
  test('network failures, 5xx and answers with Retry-After are retried; other 4xx are refusals', () => {
    expect(classifyCartFailure(new ApiError(0, 'Network error'))).toBe('retry');
    expect(classifyCartFailure(new ApiError(503, 'Busy'))).toBe('retry');
    expect(classifyCartFailure(new ApiError(429, 'Slow down', [], true, 10))).toBe('retry');
    expect(classifyCartFailure(new ApiError(409, 'Still being processed', [], true, 1))).toBe(
      'retry',
    );
    expect(classifyCartFailure(new ApiError(409, 'Only 2 left in stock', [], true))).toBe(
      'refused',
    );
    expect(classifyCartFailure(new ApiError(404, 'Cart item not found', [], true))).toBe('refused');
    expect(classifyCartFailure(new TypeError('Failed to fetch'))).toBe('retry');
  });

  test('a discount code turned away for too many tries is a refusal, not held for a retry', () => {
    const tooMany = new ApiError(429, 'Too many attempts. Please wait 59 minutes.', [], true, 3540);
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
