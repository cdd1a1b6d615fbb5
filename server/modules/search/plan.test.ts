import { describe, expect, test } from 'vitest';
import { Dictionary } from './dictionary.ts';
import { planTextSearch } from './plan.ts';

const dictionary = new Dictionary(
  ['whey', 'protein', 'creatine', 'creme', 'brulee'].map((term) => ({ term, frequency: 1 })),
);

describe('text search plan', () => {
  test('each word matches as a prefix, and all words are required', () => {
    const plan = planTextSearch('Whey Crea', dictionary);
    expect(plan?.terms).toEqual(['whey', 'crea']);
    expect(plan?.query).toBe("'whey':* & 'crea':*");
    expect(plan?.queryA).toBe("'whey':*A & 'crea':*A");
    expect(plan?.queryAB).toBe("'whey':*AB & 'crea':*AB");
    expect(plan?.corrections).toEqual([]);
    expect(plan?.didYouMean).toBeNull();
  });

  test('a misspelt word may match itself or its corrections', () => {
    const plan = planTextSearch('whey protien', dictionary);
    expect(plan?.query).toBe("'whey':* & ('protien':* | 'protein':*)");
    expect(plan?.corrections).toEqual([{ term: 'protien', replacements: ['protein'] }]);
    expect(plan?.didYouMean).toBe('whey protein');
  });

  test('accents and case are folded before matching', () => {
    expect(planTextSearch('CRÈME Brûlée', dictionary)?.query).toBe("'creme':* & 'brulee':*");
  });

  test('a single character matches exactly, not as a prefix', () => {
    expect(planTextSearch('vitamin b', dictionary)?.query).toBe("'vitamin':* & 'b'");
    expect(planTextSearch('b', dictionary)?.queryA).toBe("'b':A");
  });

  test('nothing to search for gives no plan', () => {
    expect(planTextSearch('  ?? ', dictionary)).toBeNull();
  });
});
