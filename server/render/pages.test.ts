import { describe, expect, test } from 'vitest';
import { pageEtag } from './pages.ts';

const page = (price: string, readAt: number) =>
  `<html><body><p>${price}</p><script id="forge-query-state" type="application/json">` +
  `{"queries":[{"dehydratedAt":${readAt},"state":{"data":{"price":"${price}"},"dataUpdatedAt":${readAt},` +
  `"errorUpdatedAt":${readAt + 1}}}]}</script></body></html>`;

describe('pageEtag', () => {
  test('is the same for a page rendered again from the same data at another time', () => {
    expect(pageEtag(page('49.99', 1_795_700_000_000))).toBe(
      pageEtag(page('49.99', 1_795_700_060_000)),
    );
  });

  test('changes with anything else on the page', () => {
    expect(pageEtag(page('49.99', 1))).not.toBe(pageEtag(page('44.99', 1)));
    expect(pageEtag(page('49.99', 1))).not.toBe(pageEtag(page('49.99', 1).replace('<p>', '<p >')));
  });

  test('is a quoted strong validator', () => {
    expect(pageEtag(page('49.99', 1))).toMatch(/^"[\w-]{27}"$/);
  });
});
