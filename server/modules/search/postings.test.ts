import { describe, expect, test } from 'vitest';
import { Postings } from './postings.ts';

function index(): Postings {
  const postings = new Postings();
  postings.add(0, ['whey protein', 'gold brand', 'chocolate', 'for recovery']);
  postings.add(1, ['creatine monohydrate', 'iron brand', '', 'pure creatine 5 g']);
  postings.add(2, ['protein bar', 'iron brand', 'chocolate', 'whey inside']);
  return postings;
}

const list = (docs: Int32Array) => [...docs];

describe('Postings', () => {
  test('a word of two letters or more matches every word it begins', () => {
    expect(list(index().match([['pro']]).docs)).toEqual([0, 2]);
    expect(list(index().match([['cr']]).docs)).toEqual([1]);
  });

  test('a single letter or digit matches only itself', () => {
    expect(list(index().match([['g']]).docs)).toEqual([1]);
    expect(list(index().match([['5']]).docs)).toEqual([1]);
  });

  test('every group must match; any alternative of a group does', () => {
    expect(list(index().match([['whey'], ['chocolate']]).docs)).toEqual([0, 2]);
    expect(list(index().match([['protien', 'protein'], ['bar']]).docs)).toEqual([2]);
    expect(list(index().match([['whey'], ['xylophone']]).docs)).toEqual([]);
  });

  test('the field bits say where each group matched', () => {
    const { fields } = index().match([['whey'], ['iron']]);
    // Product 2: whey only in the description (bit 3), iron in the brand (bit 1).
    expect(fields[0]![2]).toBe(0b1000);
    expect(fields[1]![2]).toBe(0b0010);
  });

  test('documents added later are found, new words included', () => {
    const postings = index();
    expect(list(postings.match([['zephyr']]).docs)).toEqual([]);
    postings.add(3, ['zephyr whey', '', '', '']);
    expect(list(postings.match([['zeph']]).docs)).toEqual([3]);
    expect(list(postings.match([['whey']]).docs)).toEqual([0, 2, 3]);
  });

  test('a document matching by several words is listed once', () => {
    const postings = new Postings();
    postings.add(0, ['protein probiotic', 'pro brand', 'professional', 'proven protein']);
    postings.add(1, ['creatine', '', '', 'pure']);
    expect(list(postings.match([['pro']]).docs)).toEqual([0]);
    expect(list(postings.match([['pr'], ['p']]).docs)).toEqual([]);
    expect(list(postings.match([['p'], ['cr']]).docs)).toEqual([]);
    expect(list(postings.match([['pu'], ['cr']]).docs)).toEqual([1]);
  });
});
