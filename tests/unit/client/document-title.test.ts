import { expect, test } from 'vitest';
import { titleFromMatches } from '../../../src/lib/document-title.ts';

test('the deepest declared title wins; not-found and nothing fall back to the spec titles', () => {
  expect(titleFromMatches([{ meta: undefined }, { meta: [{ title: 'Your Cart' }] }])).toBe(
    'Your Cart',
  );
  expect(
    titleFromMatches([{ meta: [{ title: 'Outer' }] }, { meta: [{ name: 'description' }] }]),
  ).toBe('Outer');
  expect(titleFromMatches([{ meta: [{ title: 'Home' }], _notFound: true }])).toBe('Page Not Found');
  expect(titleFromMatches([{ status: 'notFound' }])).toBe('Page Not Found');
  expect(titleFromMatches([])).toBe('Builder Dashboard');
});
