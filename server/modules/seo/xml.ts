import { escapeHtml } from '../../../contract/html.ts';

/** The namespace of both a sitemap and a sitemap index. */
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** The namespace of the `<xhtml:link>` that names a page's twin in another language. */
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A page's twin in one language: `hreflang` a language tag or `x-default`. */
export interface SitemapAlternate {
  hreflang: string;
  /** Absolute address on the shop's public origin. */
  href: string;
}

/** One entry of a sitemap (a page) or of the index (a child sitemap). */
export interface SitemapEntry {
  /** Absolute address on the shop's public origin. */
  loc: string;
  /** W3C datetime (`2025-01-31T12:00:00Z`), or null when nothing says when it changed. */
  lastmod: string | null;
  /** A page's twins in every language, itself included; none in the index. */
  alternates?: readonly SitemapAlternate[];
}

/**
 * The five characters HTML escapes are the five XML predefines, and `&#39;` is a character
 * reference XML reads as well: the page head's escaper serves the sitemaps too.
 */
const escapeXml = escapeHtml;

/**
 * One entry. A page's twins follow its `<lastmod>`: the protocol's schema takes elements of other
 * namespaces only after its own.
 */
function entryXml(tag: 'url' | 'sitemap', { loc, lastmod, alternates = [] }: SitemapEntry): string {
  const modified = lastmod === null ? '' : `<lastmod>${escapeXml(lastmod)}</lastmod>`;
  const twins = alternates
    .map(
      ({ hreflang, href }) =>
        `<xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`,
    )
    .join('');
  return `<${tag}><loc>${escapeXml(loc)}</loc>${modified}${twins}</${tag}>`;
}

function document(root: 'urlset' | 'sitemapindex', namespaces: string, entries: string[]): string {
  return [XML_DECLARATION, `<${root} ${namespaces}>`, ...entries, `</${root}>`, ''].join('\n');
}

/**
 * A child sitemap: one `<url>` per page and language, each naming its twins in every language
 * with `<xhtml:link rel="alternate" hreflang>`, as search engines read them from a sitemap.
 */
export function urlsetXml(pages: readonly SitemapEntry[]): string {
  return document(
    'urlset',
    `xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"`,
    pages.map((page) => entryXml('url', page)),
  );
}

/** The sitemap index: one `<sitemap>` per child sitemap. */
export function sitemapIndexXml(children: readonly SitemapEntry[]): string {
  return document(
    'sitemapindex',
    `xmlns="${SITEMAP_NAMESPACE}"`,
    children.map((child) => entryXml('sitemap', child)),
  );
}
