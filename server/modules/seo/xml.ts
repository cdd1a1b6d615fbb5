import { escapeHtml } from '../../../contract/html.ts';

/** The namespace of both a sitemap and a sitemap index. */
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** One entry of a sitemap (a page) or of the index (a child sitemap). */
export interface SitemapEntry {
  /** Absolute address on the shop's public origin. */
  loc: string;
  /** W3C datetime (`2025-01-31T12:00:00Z`), or null when nothing says when it changed. */
  lastmod: string | null;
}

/**
 * The five characters HTML escapes are the five XML predefines, and `&#39;` is a character
 * reference XML reads as well: the page head's escaper serves the sitemaps too.
 */
const escapeXml = escapeHtml;

function entryXml(tag: 'url' | 'sitemap', { loc, lastmod }: SitemapEntry): string {
  const modified = lastmod === null ? '' : `<lastmod>${escapeXml(lastmod)}</lastmod>`;
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}</${tag}>`;
}

function document(root: 'urlset' | 'sitemapindex', entries: string[]): string {
  return [
    XML_DECLARATION,
    `<${root} xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries,
    `</${root}>`,
    '',
  ].join('\n');
}

/** A child sitemap: one `<url>` per page. */
export function urlsetXml(pages: readonly SitemapEntry[]): string {
  return document(
    'urlset',
    pages.map((page) => entryXml('url', page)),
  );
}

/** The sitemap index: one `<sitemap>` per child sitemap. */
export function sitemapIndexXml(children: readonly SitemapEntry[]): string {
  return document(
    'sitemapindex',
    children.map((child) => entryXml('sitemap', child)),
  );
}
