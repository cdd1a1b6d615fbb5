import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
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

  test('few or many candidates, the same documents: many come in document order', () => {
    // 1,000 documents: `rare` in every 100th (sparse: listed as the walk meets them), `common`
    // in every other one and `cola` in every third (dense: listed by scanning the marks).
    const postings = new Postings();
    const expected = { rare: [] as number[], common: [] as number[], both: [] as number[] };
    for (let doc = 0; doc < 1000; doc++) {
      const words = [doc % 3 === 0 ? 'cola' : 'lime', doc % 2 === 0 ? 'common' : 'other'];
      if (doc % 100 === 7) words.push('rare');
      postings.add(doc, [words.join(' '), '', '', '']);
      if (doc % 100 === 7) expected.rare.push(doc);
      if (doc % 2 === 0) expected.common.push(doc);
      if (doc % 100 === 7 && doc % 2 === 0) expected.both.push(doc);
    }
    const sorted = (docs: Int32Array) => [...docs].sort((a, b) => a - b);
    expect(sorted(postings.match([['rare']]).docs)).toEqual(expected.rare);
    expect(list(postings.match([['common']]).docs)).toEqual(expected.common);
    // `co` names both dense words (`cola`'s list walked first): once each, in document order.
    const co = list(postings.match([['co']]).docs);
    expect(co).toEqual([...new Set(co)].sort((a, b) => a - b));
    expect(co).toHaveLength(expected.common.length + Math.ceil(1000 / 3 / 2));
    // Whichever word is given first, the rarer one lists the candidates.
    expect(sorted(postings.match([['common'], ['rare']]).docs)).toEqual(
      expected.rare.filter((d) => d % 2 === 0),
    );
    expect(sorted(postings.match([['rare'], ['common']]).docs)).toEqual(expected.both);
    expect(list(postings.match([['common'], ['nothing']]).docs)).toEqual([]);
  });
});

describe('Postings against a brute-force match', () => {
  // Short words sharing prefixes, so prefixes name several words and lists overlap.
  const vocabulary = ['pro', 'protein', 'probiotic', 'prime', 'whey', 'wheat', 'w', '5', 'cola'];
  const word = fc.constantFrom(...vocabulary);
  const text = fc.array(word, { maxLength: 4 }).map((words) => words.join(' '));
  const doc = fc.array(text, { minLength: 4, maxLength: 4 });
  const alternative = fc.oneof(
    word,
    word.map((w) => w.slice(0, 2)),
    word.map((w) => w.slice(0, 1)),
  );
  const query = fc.array(fc.array(alternative, { minLength: 1, maxLength: 2 }), {
    minLength: 1,
    maxLength: 3,
  });
  // Batches of documents, each followed by queries: later batches land after earlier matches.
  const batches = fc.array(
    fc.record({
      docs: fc.array(doc, { maxLength: 40 }),
      queries: fc.array(query, { maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 4 },
  );

  const matches = (alternative: string, candidate: string) =>
    alternative.length < 2 ? candidate === alternative : candidate.startsWith(alternative);

  test('the same documents and field bits, dense or sparse, after documents are added', () => {
    fc.assert(
      fc.property(batches, (plan) => {
        const postings = new Postings();
        const all: string[][] = [];
        for (const batch of plan) {
          for (const fields of batch.docs) {
            postings.add(all.length, fields);
            all.push(fields);
          }
          for (const groups of batch.queries) {
            const expected = groups.map((alternatives) =>
              all.map((fields) =>
                fields.reduce(
                  (bits, field, f) =>
                    field.split(' ').some((w) => w && alternatives.some((a) => matches(a, w)))
                      ? bits | (1 << f)
                      : bits,
                  0,
                ),
              ),
            );
            const expectedDocs = all
              .map((_, d) => d)
              .filter((d) => expected.every((bits) => bits[d] !== 0));
            const { docs, fields } = postings.match(groups);
            expect([...docs].sort((a, b) => a - b)).toEqual(expectedDocs);
            for (const d of expectedDocs) {
              expect(groups.map((_, g) => fields[g]![d])).toEqual(expected.map((bits) => bits[d]));
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
