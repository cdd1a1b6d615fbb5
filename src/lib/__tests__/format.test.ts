import { describe, expect, it } from 'vitest';
import { asSentence, formatMoney, formatPercent } from '../format.ts';

describe('formatMoney', () => {
  const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' });

  it('writes cents as en-CA dollars, exactly as Intl would', () => {
    const samples = [0, 1, 5, 99, 100, 999, 4999, 9999, 10000, 123456, 99999999, 100000000];
    for (const cents of [...samples, ...samples.filter(Boolean).map((value) => -value)]) {
      expect(formatMoney(cents), `${cents} cents`).toBe(intl.format(cents / 100));
    }
  });

  it('groups thousands and keeps two decimals', () => {
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(5)).toBe('$0.05');
  });

  it('writes cents as fr-CA dollars, exactly as Intl would', () => {
    const french = new Intl.NumberFormat('fr-CA', { style: 'currency', currency: 'CAD' });
    const samples = [0, 1, 5, 99, 100, 999, 4999, 8399, 10000, 123456, 99999999, 100000000];
    for (const cents of [...samples, ...samples.filter(Boolean).map((value) => -value)]) {
      expect(formatMoney(cents, 'fr-CA'), `${cents} cents`).toBe(french.format(cents / 100));
    }
    expect(formatMoney(8399, 'fr-CA')).toBe('83,99\u00a0$');
    expect(formatMoney(123456, 'fr-CA')).toBe('1\u00a0234,56\u00a0$');
  });
});

describe('formatPercent', () => {
  it('rounds to a whole percent', () => {
    expect(formatPercent(87.4)).toBe('87%');
    expect(formatPercent(87.5)).toBe('88%');
  });

  it('puts a no-break space before the sign in French', () => {
    expect(formatPercent(87.4, 'fr-CA')).toBe('87\u00a0%');
  });
});

describe('asSentence', () => {
  it('capitalises a fragment and closes it with a full stop', () => {
    expect(asSentence('must be 3 or 4 digits')).toBe('Must be 3 or 4 digits.');
    expect(asSentence('  is required ')).toBe('Is required.');
  });

  it('leaves a message written for the shopper exactly as it is', () => {
    expect(asSentence('Full name is required')).toBe('Full name is required');
    expect(asSentence('Enter a valid email address.')).toBe('Enter a valid email address.');
    expect(asSentence('must be MM/YY?')).toBe('Must be MM/YY?');
    expect(asSentence('')).toBe('');
  });
});
