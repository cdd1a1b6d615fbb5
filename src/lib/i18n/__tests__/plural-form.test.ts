import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../contract/locale.ts';
import { countText, pluralForm } from '../plural-form.ts';

/** Counts around every boundary the two languages' rules have, and a few large ones. */
const COUNTS = [
  ...Array.from({ length: 1201 }, (_, index) => index),
  0.5,
  1.5,
  2.5,
  1_000_000,
  2_000_000,
  1_500_000,
  -1,
  -2,
];

describe('pluralForm', () => {
  it.each(LOCALES)('gives the form Intl.PluralRules gives in %s', (locale) => {
    const rules = new Intl.PluralRules(locale);
    for (const count of COUNTS) {
      const intl = rules.select(count);
      // The shop's messages have 'one' and 'other' only; Lingui reads any other form as 'other'.
      expect([count, pluralForm(count, locale)]).toEqual([count, intl === 'one' ? 'one' : 'other']);
    }
  });

  it('tells the languages apart where they differ', () => {
    expect(pluralForm(0, 'en-CA')).toBe('other');
    expect(pluralForm(0, 'fr-CA')).toBe('one');
    expect(pluralForm(1, 'en-CA')).toBe('one');
    expect(pluralForm(2, 'fr-CA')).toBe('other');
  });
});

describe('countText', () => {
  it.each(LOCALES)('writes a whole count as Intl.NumberFormat does in %s', (locale) => {
    const format = new Intl.NumberFormat(locale);
    const counts = [
      ...COUNTS.filter((count) => Number.isInteger(count)),
      9_999,
      10_000,
      123_456,
      1_234_567_890,
      -1_234,
    ];
    for (const count of counts) {
      expect([count, countText(count, locale)]).toEqual([count, format.format(count)]);
    }
  });
});
