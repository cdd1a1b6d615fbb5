import { describe, expect, test } from 'vitest';
import { Dictionary } from './dictionary.ts';
import { planTextSearch } from './plan.ts';

const dictionary = new Dictionary(
  ['whey', 'protein', 'creatine', 'creme', 'brulee'].map((term) => ({ term, frequency: 1 })),
);

describe('text search plan', () => {
  test('every word is a group of its own, all of them required', () => {
    const plan = planTextSearch('Whey Crea', dictionary);
    expect(plan?.terms).toEqual(['whey', 'crea']);
    expect(plan?.alternatives).toEqual([['whey'], ['crea']]);
    expect(plan?.text).toBe('whey crea');
    expect(plan?.corrections).toEqual([]);
    expect(plan?.didYouMean).toBeNull();
  });

  test('a misspelt word may match itself or its corrections', () => {
    const plan = planTextSearch('whey protien', dictionary);
    expect(plan?.alternatives).toEqual([['whey'], ['protien', 'protein']]);
    expect(plan?.corrections).toEqual([{ term: 'protien', replacements: ['protein'] }]);
    expect(plan?.didYouMean).toBe('whey protein');
  });

  test('accents and case are folded before matching', () => {
    expect(planTextSearch('CRÈME Brûlée', dictionary)?.alternatives).toEqual([
      ['creme'],
      ['brulee'],
    ]);
  });

  test('a single character is kept as typed, never corrected', () => {
    expect(planTextSearch('vitamin b', dictionary)?.alternatives).toEqual([['vitamin'], ['b']]);
  });

  test('nothing to search for gives no plan', () => {
    expect(planTextSearch('  ?? ', dictionary)).toBeNull();
  });
});
