import { describe, expect, test } from 'vitest';
import { LOCALES } from '../../../contract/locale.ts';
import { rowsPerChild, SITEMAP_MAX_URLS } from './service.ts';
import { sitemapIndexXml, urlsetXml } from './xml.ts';

const ORIGIN = 'https://shop.forge.test';

describe('rowsPerChild', () => {
  test('a row is a page in each language: a child takes as many rows as keep its URLs in the limit', () => {
    expect(LOCALES).toHaveLength(2);
    expect(rowsPerChild(SITEMAP_MAX_URLS)).toBe(25_000);
    expect(rowsPerChild(7)).toBe(3);
    expect(rowsPerChild(2)).toBe(1);
    for (const limit of [2, 3, 7, 10, SITEMAP_MAX_URLS, SITEMAP_MAX_URLS - 1]) {
      expect(rowsPerChild(limit) * LOCALES.length, String(limit)).toBeLessThanOrEqual(limit);
    }
  });

  test('refuses a limit too small for one page’s twins', () => {
    expect(() => rowsPerChild(1)).toThrow(RangeError);
    expect(() => rowsPerChild(0)).toThrow(RangeError);
  });
});

describe('urlsetXml', () => {
  test('declares the xhtml namespace and writes each twin after loc and lastmod, escaped', () => {
    const english = `${ORIGIN}/product/protein%26more`;
    const french = `${ORIGIN}/fr/product/protein%26more`;
    const alternates = [
      { hreflang: 'en-CA', href: english },
      { hreflang: 'fr-CA', href: french },
      { hreflang: 'x-default', href: english },
    ];
    const xml = urlsetXml([
      { loc: english, lastmod: '2031-02-03T04:05:06Z', alternates },
      { loc: `${ORIGIN}/fr?a=1&b=2`, lastmod: null, alternates: [] },
    ]);
    expect(xml.split('\n')).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      `<url><loc>${english}</loc><lastmod>2031-02-03T04:05:06Z</lastmod>` +
        `<xhtml:link rel="alternate" hreflang="en-CA" href="${english}"/>` +
        `<xhtml:link rel="alternate" hreflang="fr-CA" href="${french}"/>` +
        `<xhtml:link rel="alternate" hreflang="x-default" href="${english}"/></url>`,
      `<url><loc>${ORIGIN}/fr?a=1&amp;b=2</loc></url>`,
      '</urlset>',
      '',
    ]);
  });

  test('the index stays a plain sitemapindex', () => {
    expect(sitemapIndexXml([{ loc: `${ORIGIN}/sitemaps/pages-1.xml`, lastmod: null }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        `<sitemap><loc>${ORIGIN}/sitemaps/pages-1.xml</loc></sitemap>\n` +
        '</sitemapindex>\n',
    );
  });
});
