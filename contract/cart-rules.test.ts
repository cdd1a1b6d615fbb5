/**
 * The cart's own totals at the boundaries a shopper meets, in numbers worked out by hand: free
 * standard shipping from $99.00 after the discount (the same rule checkout applies), the discount
 * rounded to the cent, and the per-line quantity limits.
 */
import { describe, expect, test } from 'vitest';
import {
  amountToFreeShipping,
  checkDiscountCode,
  computeCartTotals,
  lineQuantityLimit,
  quantityLimitText,
} from './cart-rules.ts';

const line = (unitPrice: number, quantity = 1) => ({ unitPrice, quantity });

describe('computeCartTotals', () => {
  test('exactly $99.00 ships free; one cent less pays $9.99', () => {
    expect(computeCartTotals([line(4950, 2)], 0)).toEqual({
      itemCount: 2,
      subtotal: 9900,
      discount: 0,
      shipping: 0,
      total: 9900,
    });
    expect(computeCartTotals([line(9899)], 0)).toEqual({
      itemCount: 1,
      subtotal: 9899,
      discount: 0,
      shipping: 999,
      total: 10898,
    });
  });

  test('free shipping is judged after the discount, as checkout does', () => {
    // $110.00 − 10 % = $99.00: free.
    expect(computeCartTotals([line(11000)], 10)).toEqual({
      itemCount: 1,
      subtotal: 11000,
      discount: 1100,
      shipping: 0,
      total: 9900,
    });
    // $109.99 − 10 % (1099.9 → 1100) = $98.99: $9.99 shipping.
    expect(computeCartTotals([line(10999)], 10)).toEqual({
      itemCount: 1,
      subtotal: 10999,
      discount: 1100,
      shipping: 999,
      total: 10898,
    });
    // $99.98 − 10 % = $89.98: over $99 before the discount, under it after.
    expect(computeCartTotals([line(4999, 2)], 10)).toMatchObject({
      discount: 1000,
      shipping: 999,
      total: 9997,
    });
  });

  test('the discount is rounded to the cent, half a cent up', () => {
    expect(computeCartTotals([line(1005)], 10).discount).toBe(101);
    expect(computeCartTotals([line(1004)], 10).discount).toBe(100);
    expect(computeCartTotals([line(1005)], 10).total).toBe(1005 - 101 + 999);
  });

  test('several lines add up; an empty cart costs nothing', () => {
    expect(computeCartTotals([line(1234), line(99, 3)], 0)).toEqual({
      itemCount: 4,
      subtotal: 1531,
      discount: 0,
      shipping: 999,
      total: 2530,
    });
    expect(computeCartTotals([], 10)).toEqual({
      itemCount: 0,
      subtotal: 0,
      discount: 0,
      shipping: 0,
      total: 0,
    });
  });

  test('what is left to free shipping', () => {
    expect(amountToFreeShipping(0)).toBe(9900);
    expect(amountToFreeShipping(9899)).toBe(1);
    expect(amountToFreeShipping(9900)).toBe(0);
    expect(amountToFreeShipping(12000)).toBe(0);
  });
});

describe('line quantities', () => {
  test('1–20 units, never above stock', () => {
    expect(lineQuantityLimit(0)).toBe(0);
    expect(lineQuantityLimit(-3)).toBe(0);
    expect(lineQuantityLimit(7)).toBe(7);
    expect(lineQuantityLimit(19)).toBe(19);
    expect(lineQuantityLimit(20)).toBe(20);
    expect(lineQuantityLimit(21)).toBe(20);
    expect(lineQuantityLimit(500)).toBe(20);
  });

  test('the shopper is told which limit cut the quantity', () => {
    expect(quantityLimitText(3)).toBe('Only 3 in stock: you can buy at most 3.');
    expect(quantityLimitText(19)).toBe('Only 19 in stock: you can buy at most 19.');
    expect(quantityLimitText(20)).toBe('You can buy at most 20 of an item.');
    expect(quantityLimitText(80)).toBe('You can buy at most 20 of an item.');
  });
});

describe('checkDiscountCode', () => {
  test('1–40 characters once trimmed', () => {
    expect(checkDiscountCode('  forge-7kq2-mx9p ')).toEqual({ code: 'forge-7kq2-mx9p' });
    expect(checkDiscountCode('   ')).toEqual({ error: 'Enter a discount code' });
    expect(checkDiscountCode('')).toEqual({ error: 'Enter a discount code' });
    expect(checkDiscountCode('A'.repeat(40))).toEqual({ code: 'A'.repeat(40) });
    expect(checkDiscountCode(` ${'A'.repeat(40)} `)).toEqual({ code: 'A'.repeat(40) });
    expect(checkDiscountCode('A'.repeat(41))).toEqual({
      error: 'must be at most 40 characters',
    });
  });
});
