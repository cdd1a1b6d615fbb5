import { describe, expect, test } from 'vitest';
import { parseDollars } from '../desk-rules.ts';

describe('parseDollars', () => {
  test('English: a point for cents, commas grouping thousands, an optional dollar sign', () => {
    expect(parseDollars('12.5')).toBe(1250);
    expect(parseDollars(' $1,012.50 ')).toBe(101250);
    expect(parseDollars('7')).toBe(700);
    // In English a comma groups thousands: 12,50 is twelve hundred and fifty dollars.
    expect(parseDollars('12,50')).toBe(125000);
    for (const bad of ['', 'ten', '1.234', '12.5.1', '-3', '$']) {
      expect(parseDollars(bad), bad).toBeNull();
    }
  });

  test('French: a comma for cents, spaces grouping thousands, the dollar sign after', () => {
    expect(parseDollars('12,5', 'fr-CA')).toBe(1250);
    expect(parseDollars('1 012,50 $', 'fr-CA')).toBe(101250);
    expect(parseDollars('1\u00a0012,50\u00a0$', 'fr-CA')).toBe(101250);
    expect(parseDollars('1\u202f012,50', 'fr-CA')).toBe(101250);
    expect(parseDollars('12.50', 'fr-CA')).toBe(1250);
    for (const bad of ['', 'dix', '12,5,0', '1,234', '-3']) {
      expect(parseDollars(bad, 'fr-CA'), bad).toBeNull();
    }
  });
});
