import { describe, expect, test } from 'vitest';
import { foldText, normalizeForIndex, queryTokens, words } from './normalize.ts';

describe('normalisation', () => {
  test('folds accents and case', () => {
    expect(foldText('Crème Brûlée')).toBe('creme brulee');
    expect(foldText('PROTÉINE Ñandú Straße Æsir')).toBe('proteine nandu strasse aesir');
  });

  test('splits on anything but letters and digits, keeping compounds joined as well', () => {
    expect(words('Pre-Workout 2.0 (Blue Raspberry)')).toEqual([
      'pre',
      'workout',
      '2',
      '0',
      'blue',
      'raspberry',
      'preworkout',
    ]);
    expect(words('BCAA/EAA')).toEqual(['bcaa', 'eaa', 'bcaaeaa']);
    expect(normalizeForIndex("Gold Standard 100% Whey — Cookies 'n' Cream")).toBe(
      'gold standard 100 whey cookies n cream',
    );
  });

  test('query tokens are distinct, folded, and drop filler words unless nothing else is left', () => {
    expect(queryTokens('  The WHEY and whey Protéin ')).toEqual(['whey', 'protein']);
    expect(queryTokens('the and')).toEqual(['the', 'and']);
    expect(queryTokens('?!%')).toEqual([]);
  });
});
