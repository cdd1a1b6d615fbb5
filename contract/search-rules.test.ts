import { describe, expect, it, test } from 'vitest';
import { compareFolded, foldText, queryWords, textWords } from './search-rules.ts';

describe('text folding', () => {
  test('case and accents are folded', () => {
    expect(foldText('Crème Brûlée PIÑA Açaí Straße Œuf')).toBe(
      'creme brulee pina acai strasse oeuf',
    );
    expect(compareFolded('énergie', 'Energy')).toBeLessThan(0);
    expect(compareFolded('Whey', 'whey')).toBe(0);
  });

  test('query words are distinct and folded; stop words go unless nothing else is left', () => {
    expect(queryWords('  Whey  and the WHEY isolate ')).toEqual(['whey', 'isolate']);
    expect(queryWords('the and')).toEqual(['the', 'and']);
    expect(queryWords(' ?! ')).toEqual([]);
  });
});

describe('text words', () => {
  test('compounds count as parts and joined', () => {
    expect(textWords('Pre-Workout Crème')).toEqual(['pre', 'workout', 'creme', 'preworkout']);
  });
});

describe('compareFolded', () => {
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
    expect([...names].sort(compareFolded)).toEqual([...names].sort(collator.compare));
  });

  it('treats case and accents as equal', () => {
    expect(compareFolded('Énergie', 'energie')).toBe(0);
    expect(compareFolded('Whey', 'whey')).toBe(0);
  });
});
