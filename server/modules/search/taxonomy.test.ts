import { describe, expect, test } from 'vitest';
import { Dictionary } from './dictionary.ts';
import { planTextSearch } from './plan.ts';
import type { TaxonomySuggestion } from '../../../contract/search.ts';
import { excerpt, scoreTaxonomyName, suggestTaxonomyJson, taxonomyEntry } from './taxonomy.ts';

const dictionary = new Dictionary(
  ['optimum', 'nutrition', 'protein', 'powder', 'pre', 'workout', 'preworkout', 'creme'].map(
    (term) => ({ term, frequency: 1 }),
  ),
);
const plan = (q: string) => {
  const result = planTextSearch(q, dictionary);
  if (!result) throw new Error(`no plan for ${q}`);
  return result;
};
const suggestTaxonomy = (...args: Parameters<typeof suggestTaxonomyJson>) =>
  JSON.parse(suggestTaxonomyJson(...args)) as TaxonomySuggestion[];
const entry = (name: string, description = '') =>
  taxonomyEntry({ id: name, slug: name.toLowerCase(), name, description, image: null });

describe('taxonomy name scoring', () => {
  const on = entry('Optimum Nutrition');
  test('an exact name scores 100, a name the query begins 90', () => {
    expect(scoreTaxonomyName(on, plan('optimum nutrition'))).toBe(100);
    expect(scoreTaxonomyName(on, plan('OPTI'))).toBe(90);
  });

  test('words may match any word of the name, by prefix', () => {
    const score = scoreTaxonomyName(on, plan('nutri'));
    expect(score).toBeGreaterThanOrEqual(65);
    expect(score).toBeLessThan(90);
  });

  test('a corrected word scores below the same match typed right', () => {
    const typo = scoreTaxonomyName(entry('Protein Powder'), plan('powder protien'));
    const right = scoreTaxonomyName(entry('Protein Powder'), plan('powder protein'));
    expect(typo).not.toBeNull();
    expect(typo).toBeLessThan(right ?? 0);
  });

  test('a name contained in a longer query matches', () => {
    expect(scoreTaxonomyName(on, plan('optimum nutrition gold standard'))).toBe(60);
  });

  test('compound names match with or without their hyphen', () => {
    const pre = entry('Pre-Workout');
    expect(scoreTaxonomyName(pre, plan('preworkout'))).not.toBeNull();
    expect(scoreTaxonomyName(pre, plan('pre workout'))).toBe(100);
    expect(scoreTaxonomyName(pre, plan('pre-wor'))).toBe(90);
  });

  test('a word the name lacks means no match', () => {
    expect(scoreTaxonomyName(on, plan('optimum creatine'))).toBeNull();
    expect(scoreTaxonomyName(entry('Crème Brûlée'), plan('vanilla'))).toBeNull();
  });
});

describe('taxonomy suggestions', () => {
  test('best first, limited, with the suggestion fields', () => {
    const entries = [
      entry('Protein Bars'),
      entry('Protein Powder', 'Whey, casein and more.'),
      entry('Creatine'),
    ];
    const result = suggestTaxonomy(entries, plan('protein po'), 'CATEGORY', 3);
    expect(result).toEqual([
      {
        _id: 'Protein Powder',
        name: 'Protein Powder',
        slug: 'protein powder',
        type: 'CATEGORY',
        image: null,
        description: 'Whey, casein and more.',
        relevanceScore: 90,
      },
    ]);
    expect(suggestTaxonomy(entries, plan('protein'), 'CATEGORY', 1)).toHaveLength(1);
  });

  test('the entries looked up are every entry that scores (compared with scoring them all)', () => {
    const names = [
      'Optimum Nutrition',
      'Pre-Workout',
      'Amino Acids (BCAA/EAA)',
      'Crème Brûlée',
      'Protein Powder',
      'Protein Bars',
      'Creatine',
      'Nutrition Bars & Snacks',
      'Gold',
    ];
    const entries = names.map((name) => entry(name));
    const words = names.flatMap((name) => name.toLowerCase().split(/[^\p{L}]+/u)).filter(Boolean);
    const queries = [
      ...words.flatMap((word) => [word, word.slice(0, 1), word.slice(0, 3), `${word}x`]),
      ...words.map((word, i) => `${words[(i * 7) % words.length]} ${word.slice(0, 4)}`),
      ...names,
      'protien',
      'preworkout',
      'pre wor',
      'optimum nutrition gold standard',
      'bcaa eaa amino acids',
      'creme brulee',
      'nutrition',
    ];
    for (const q of queries) {
      const p = plan(q);
      const everyEntry = entries
        .map((e) => ({ name: e.name, score: scoreTaxonomyName(e, p) }))
        .filter((x) => x.score !== null)
        .sort((a, b) => b.score! - a.score! || a.name.localeCompare(b.name));
      const suggested = suggestTaxonomy(entries, p, 'CATEGORY', entries.length);
      expect(
        suggested.map((s) => ({ name: s.name, score: s.relevanceScore })),
        q,
      ).toEqual(everyEntry);
    }
  });
});

describe('excerpt', () => {
  test('keeps short text and cuts long text at a word', () => {
    expect(excerpt('  Short   text. ')).toBe('Short text.');
    const long = 'word '.repeat(60);
    const cut = excerpt(long, 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
