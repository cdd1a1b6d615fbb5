/**
 * The cart API's request shapes: what each field accepts, what it refuses and the message it gives.
 */
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  AddCartItemBody,
  ApplyDiscountBody,
  CartHeaders,
  CartItemParams,
  CartQuery,
  CartResponse,
  GuestCartId,
  IdempotencyKey,
  MergeCartBody,
  MergeCartResponse,
  UpdateCartItemBody,
} from './cart.ts';

/** Each problem as "path: message", or [] when the input is accepted. */
function problems(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

const line = { productId: 'prod_1', variantId: 'var_1' };

describe('quantities: whole numbers from 1 to 20', () => {
  test.each([
    [1, []],
    [20, []],
    [0, ['quantity: must be at least 1']],
    [21, ['quantity: must be at most 20']],
    [1.5, ['quantity: must be a whole number']],
    ['2', ['quantity: must be a number']],
    [undefined, ['quantity: is required']],
  ])('%s → %j', (quantity, expected) => {
    expect(problems(AddCartItemBody, { ...line, quantity })).toEqual(expected);
    expect(problems(UpdateCartItemBody, { quantity })).toEqual(expected);
  });
});

describe('ids', () => {
  test('required, trimmed, at most 100 characters', () => {
    expect(AddCartItemBody.parse({ productId: ' p ', variantId: 'v', quantity: 1 })).toEqual({
      productId: 'p',
      variantId: 'v',
      quantity: 1,
    });
    expect(problems(AddCartItemBody, { variantId: 'v', quantity: 1 })).toEqual([
      'productId: is required',
    ]);
    expect(problems(AddCartItemBody, { productId: 7, variantId: 'v', quantity: 1 })).toEqual([
      'productId: must be a string',
    ]);
    expect(problems(CartItemParams, { itemId: '  ' })).toEqual(['itemId: is required']);
    expect(problems(CartItemParams, { itemId: 'x'.repeat(100) })).toEqual([]);
    expect(problems(CartItemParams, { itemId: 'x'.repeat(101) })).toEqual(['itemId: is too long']);
  });
});

describe('guest cart ids and idempotency keys', () => {
  test('a guest cart id is 22–128 URL-safe characters', () => {
    const message = 'must be the guest cart id the server issued';
    expect(problems(GuestCartId, 'a'.repeat(22))).toEqual([]);
    expect(problems(GuestCartId, 'aZ0_-'.repeat(25) + 'abc')).toEqual([]);
    expect(problems(GuestCartId, 'a'.repeat(21))).toEqual([`: ${message}`]);
    expect(problems(GuestCartId, 'a'.repeat(129))).toEqual([`: ${message}`]);
    expect(problems(GuestCartId, `${'a'.repeat(22)}!`)).toEqual([`: ${message}`]);
    expect(problems(GuestCartId, `!${'a'.repeat(22)}`)).toEqual([`: ${message}`]);
    expect(problems(MergeCartBody, { guestCartId: 'short' })).toEqual([`guestCartId: ${message}`]);
    expect(problems(CartQuery, { guestCartId: 'short' })).toEqual([`guestCartId: ${message}`]);
    expect(problems(CartQuery, {})).toEqual([]);
  });

  test('an idempotency key is 1–200 printable ASCII characters without spaces', () => {
    const message = 'must be printable ASCII without spaces';
    expect(problems(IdempotencyKey, 'checkout-1')).toEqual([]);
    expect(problems(IdempotencyKey, '!~'.repeat(100))).toEqual([]);
    expect(problems(IdempotencyKey, 'k'.repeat(201))).toHaveLength(1);
    expect(problems(IdempotencyKey, '')).toHaveLength(2);
    expect(problems(IdempotencyKey, 'a b')).toEqual([`: ${message}`]);
    expect(problems(IdempotencyKey, ' ab')).toEqual([`: ${message}`]);
    expect(problems(IdempotencyKey, 'ab ')).toEqual([`: ${message}`]);
    expect(problems(IdempotencyKey, 'é')).toEqual([`: ${message}`]);
    expect(
      problems(CartHeaders, { 'x-guest-cart-id': 'short', 'idempotency-key': 'a b', other: 1 }),
    ).toEqual([
      'x-guest-cart-id: must be the guest cart id the server issued',
      `idempotency-key: ${message}`,
    ]);
    expect(CartHeaders.parse({ other: 'kept' })).toEqual({ other: 'kept' });
  });
});

describe('discount codes', () => {
  test('1–40 characters once trimmed', () => {
    expect(ApplyDiscountBody.parse({ code: ' FORGE-7KQ2-MX9P ' })).toEqual({
      code: 'FORGE-7KQ2-MX9P',
    });
    expect(problems(ApplyDiscountBody, { code: '  ' })).toEqual(['code: Enter a discount code']);
    expect(problems(ApplyDiscountBody, { code: 'A'.repeat(41) })).toEqual([
      'code: must be at most 40 characters',
    ]);
    expect(problems(ApplyDiscountBody, {})).toEqual(['code: is required']);
    expect(problems(ApplyDiscountBody, { code: 5 })).toEqual(['code: must be a string']);
  });
});

describe('answers', () => {
  const cart = {
    items: [
      {
        itemId: 'ci_1',
        productId: 'prod_1',
        variantId: 'var_1',
        quantity: 2,
        name: 'Gold Whey',
        slug: 'gold-whey',
        image: null,
        brand: { _id: 'b', slug: 'b', name: 'B' },
        flavor: { _id: 'f', slug: 'f', name: 'F' },
        size: '2 lb',
        sku: 'GW-2',
        unitPrice: 4999,
        compareAtPrice: null,
        lineTotal: 9998,
        stock: 4,
      },
    ],
    totals: { itemCount: 2, subtotal: 9998, discount: 1000, shipping: 999, total: 9997 },
    discount: { code: 'FORGE-7KQ2-MX9P', percentOff: 10 },
    guestCartId: 'a'.repeat(22),
  };

  test('a cart answer keeps every field', () => {
    expect(CartResponse.parse({ success: true, data: cart })).toEqual({
      success: true,
      data: cart,
    });
    expect(problems(CartResponse, { success: false, data: cart })).toHaveLength(1);
    const capped = [
      { variantId: 'var_1', name: 'Gold Whey', requested: 25, quantity: 20, stock: 30 },
    ];
    expect(MergeCartResponse.parse({ success: true, data: cart, capped })).toEqual({
      success: true,
      data: cart,
      capped,
    });
  });
});
