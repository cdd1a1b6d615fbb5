import { describe, expect, test } from 'vitest';
import { Dictionary, editDistance } from './dictionary.ts';

const dictionary = new Dictionary([
  { term: 'protein', frequency: 120 },
  { term: 'proteins', frequency: 2 },
  { term: 'whey', frequency: 80 },
  { term: 'wheat', frequency: 3 },
  { term: 'creatine', frequency: 40 },
  { term: 'casein', frequency: 10 },
  { term: 'isolate', frequency: 30 },
]);

describe('edit distance', () => {
  test('counts insertions, deletions, substitutions and adjacent swaps as one edit each', () => {
    expect(editDistance('whey', 'whey')).toBe(0);
    expect(editDistance('wehy', 'whey')).toBe(1);
    expect(editDistance('protien', 'protein')).toBe(1);
    expect(editDistance('creatin', 'creatine')).toBe(1);
    expect(editDistance('kreatine', 'creatine')).toBe(1);
    expect(editDistance('isolat', 'isolate')).toBe(1);
    expect(editDistance('whey', 'wheat')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });

  test('gives up past the limit', () => {
    expect(editDistance('creatine', 'protein', 2)).toBe(3);
  });
});

describe('dictionary', () => {
  test('knows the prefixes of its words', () => {
    expect(dictionary.hasPrefix('prot')).toBe(true);
    expect(dictionary.hasPrefix('protein')).toBe(true);
    expect(dictionary.hasPrefix('proteinz')).toBe(false);
    expect(dictionary.hasPrefix('zzz')).toBe(false);
    expect(dictionary.size).toBe(7);
  });

  test('corrects misspellings to the closest, most frequent words', () => {
    expect(dictionary.corrections('protien')).toEqual(['protein', 'proteins']);
    expect(dictionary.corrections('wehy')).toEqual(['whey']);
    expect(dictionary.corrections('kreatine')).toEqual(['creatine']);
    expect(dictionary.corrections('caseln')).toEqual(['casein']);
  });

  test('leaves alone short words, numbers, prefixes of known words and hopeless words', () => {
    expect(dictionary.corrections('wey')).toEqual([]);
    expect(dictionary.corrections('1000')).toEqual([]);
    expect(dictionary.corrections('isola')).toEqual([]);
    expect(dictionary.corrections('xylophone')).toEqual([]);
  });

  test('allows one edit in short words and two in longer ones', () => {
    expect(dictionary.corrections('whex')).toEqual(['whey']);
    expect(dictionary.corrections('wxxy')).toEqual([]);
    expect(dictionary.corrections('protxxn')).toEqual(['protein']);
  });
});
