import { describe, expect, it } from 'vitest';
import { compareNames } from '../../../src/lib/compare-names.ts';

describe('compareNames', () => {
  it('sorts like an English collator at base strength for Latin names', () => {
    const names = [
      'creatine',
      'Amino Acids',
      'Énergie',
      'beta-Alanine',
      'Casein',
      'Zinc',
      'energy',
    ];
    const collator = new Intl.Collator('en', { sensitivity: 'base' });
    expect([...names].sort(compareNames)).toEqual([...names].sort(collator.compare));
  });

  it('treats case and accents as equal', () => {
    expect(compareNames('Énergie', 'energie')).toBe(0);
    expect(compareNames('Whey', 'whey')).toBe(0);
  });
});
