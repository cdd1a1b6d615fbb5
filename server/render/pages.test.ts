import { describe, expect, test } from 'vitest';
import { pageEtag, withDocumentLanguage } from './pages.ts';

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

describe('withDocumentLanguage', () => {
  test('names the page’s language in place of the shell’s', () => {
    const shell = '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" />';
    expect(withDocumentLanguage(shell, 'fr-CA')).toBe(
      '<!doctype html>\n<html lang="fr-CA">\n  <head><meta charset="UTF-8" />',
    );
    expect(withDocumentLanguage(shell, 'en-CA')).toBe(
      '<!doctype html>\n<html lang="en-CA">\n  <head><meta charset="UTF-8" />',
    );
  });

  test('adds a language to a start tag without one, and keeps its other attributes', () => {
    expect(withDocumentLanguage('<!doctype html><html><head>', 'fr-CA')).toBe(
      '<!doctype html><html lang="fr-CA"><head>',
    );
    expect(
      withDocumentLanguage('<html class="dark" lang=en-US data-lang="x"><body lang="de">', 'fr-CA'),
    ).toBe('<html lang="fr-CA" class="dark" data-lang="x"><body lang="de">');
  });
});
