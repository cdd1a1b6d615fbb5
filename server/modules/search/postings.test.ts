import { describe, expect, test } from 'vitest';
import { Postings } from './postings.ts';

function index(): Postings {
  const postings = new Postings();
  postings.add(0, ['whey protein', 'gold brand', 'chocolate', 'for recovery']);
  postings.add(1, ['creatine monohydrate', 'iron brand', '', 'pure creatine 5 g']);
  postings.add(2, ['protein bar', 'iron brand', 'chocolate', 'whey inside']);
  return postings;
}

const sorted = (docs: number[]) => [...docs].sort((a, b) => a - b);

describe('Postings', () => {
  test('a word of two letters or more matches every word it begins', () => {
    expect(sorted(index().match([['pro']]).docs)).toEqual([0, 2]);
    expect(sorted(index().match([['cr']]).docs)).toEqual([1]);
  });

  test('a single letter or digit matches only itself', () => {
    expect(index().match([['g']]).docs).toEqual([1]);
    expect(index().match([['5']]).docs).toEqual([1]);
  });

  test('every group must match; any alternative of a group does', () => {
    expect(sorted(index().match([['whey'], ['chocolate']]).docs)).toEqual([0, 2]);
    expect(index().match([['protien', 'protein'], ['bar']]).docs).toEqual([2]);
    expect(index().match([['whey'], ['xylophone']]).docs).toEqual([]);
  });

  test('the field bits say where each group matched', () => {
    const { fields } = index().match([['whey'], ['iron']]);
    // Product 2: whey only in the description (bit 3), iron in the brand (bit 1).
    expect(fields[0]![2]).toBe(0b1000);
    expect(fields[1]![2]).toBe(0b0010);
  });

  test('documents added later are found, new words included', () => {
    const postings = index();
    expect(postings.match([['zephyr']]).docs).toEqual([]);
    postings.add(3, ['zephyr whey', '', '', '']);
    expect(postings.match([['zeph']]).docs).toEqual([3]);
    expect(sorted(postings.match([['whey']]).docs)).toEqual([0, 2, 3]);
  });
});
