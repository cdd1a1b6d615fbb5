/**
 * The head of a server-rendered page beyond its title: a description, the canonical address, Open
 * Graph and Twitter tags for link previews, and structured data (JSON-LD) for search engines —
 * Product with its offers and a BreadcrumbList on product pages, a BreadcrumbList on listings,
 * Organization and WebSite with a SearchAction on home. Built from what the page's loaders put in
 * the query cache. Only the server imports this (src/entry-server.tsx): the browser keeps just the
 * title up to date, so none of it weighs on a first page's JavaScript.
 *
 * Every address is absolute on the shop's public origin (PUBLIC_ORIGIN), never on the Host a
 * request named, and in the page's own language: a French page (`/fr/...`) names French addresses
 * (canonical, og:url, JSON-LD) and says `og:locale` fr_CA. Every page that is there also names its
 * twin in each language with `<link rel="alternate" hreflang>`, English as `x-default`. A product
 * with reviews also carries its AggregateRating and its newest reviews (those the product answer
 * previews); one without any carries neither, as search engines ask.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouteMatch } from '@tanstack/react-router';
import type { Brand, Category, Flavor, ProductDetail } from '../contract/catalog.ts';
import { escapeHtml } from '../contract/html.ts';
import {
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  OPEN_GRAPH_LOCALES,
  pathInLocale,
  pathWithoutLocale,
} from '../contract/locale.ts';
import { productQueryOptions } from './lib/catalog/get-product.ts';
import { taxonomyQueryOptions } from './lib/catalog/get-taxonomy.ts';

export const SHOP_NAME = 'Forge Nutrition';

/** index.html's description: the shop's, for pages without one of their own. */
export const SHOP_DESCRIPTION =
  'Forge Nutrition — protein, creatine, pre-workout and more sports-nutrition supplements, shipped across Canada.';

/** Search engines show about this many characters of a description. */
const DESCRIPTION_LENGTH = 160;

/** The shop's logo for link previews and the Organization: the largest icon. */
const SHOP_IMAGE = '/icons/icon-512.png';

type JsonLd = Record<string, unknown>;

interface Head {
  description: string;
  type: 'website' | 'product';
  image: string;
  /** og:title: the product's or listing's name; the page's title otherwise. */
  name?: string;
  jsonLd: JsonLd[];
}

const LISTINGS = {
  '/_shop/category/$categorySlug': {
    param: 'categorySlug',
    taxonomy: 'categories',
    path: 'category',
  },
  '/_shop/brand/$brandSlug': { param: 'brandSlug', taxonomy: 'brands', path: 'brand' },
  '/_shop/flavor/$flavorSlug': { param: 'flavorSlug', taxonomy: 'flavors', path: 'flavor' },
} as const;

/** JSON safe inside a <script> element. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Where the head's addresses point: the shop's origin and the page's language. */
interface Site {
  origin: string;
  locale: Locale;
}

/** The absolute address of the page at `path` (a path the routes know) in the site's language. */
const addressOf = ({ origin, locale }: Site, path: string) =>
  `${origin}${pathInLocale(path, locale)}`;

function breadcrumbs(site: Site, trail: [name: string, path: string][]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map(([name, path], index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name,
      item: addressOf(site, path),
    })),
  };
}

/** The rating and the first reviews of a product's JSON-LD, or nothing without reviews. */
function reviewsLd(product: ProductDetail): JsonLd {
  if (product.reviewCount === 0) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: product.rating,
      reviewCount: product.reviewCount,
      bestRating: 5,
      worstRating: 1,
    },
    review: (product.reviewsPreview ?? []).map((review) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      name: review.title,
      reviewBody: review.body,
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.rating,
        bestRating: 5,
        worstRating: 1,
      },
    })),
  };
}

function productHead(site: Site, product: ProductDetail, url: string): Head {
  const { origin } = site;
  const images = (product.images.length > 0 ? product.images : [SHOP_IMAGE]).map(
    (image) => `${origin}${image}`,
  );
  const category = product.categories[0];
  return {
    name: product.name,
    description: shorten(product.description),
    type: 'product',
    image: images[0]!,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        image: images,
        sku: product.variants[0]?.sku,
        brand: { '@type': 'Brand', name: product.brand.name },
        url,
        offers: product.variants.map((variant) => ({
          '@type': 'Offer',
          sku: variant.sku,
          name: `${product.name} — ${variant.flavor.name}, ${variant.size}`,
          price: dollars(variant.price),
          priceCurrency: 'CAD',
          availability:
            variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          itemCondition: 'https://schema.org/NewCondition',
          url,
        })),
        ...reviewsLd(product),
      },
      breadcrumbs(site, [
        ['Home', '/'],
        ...(category ? [[category.name, `/category/${category.slug}`] as [string, string]] : []),
        [product.name, `/product/${product.slug}`],
      ]),
    ],
  };
}

function homeHead(site: Site): Head {
  const { origin } = site;
  const home = addressOf(site, '/');
  return {
    description: SHOP_DESCRIPTION,
    type: 'website',
    image: `${origin}${SHOP_IMAGE}`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: SHOP_NAME,
        url: home,
        logo: `${origin}${SHOP_IMAGE}`,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SHOP_NAME,
        url: home,
        inLanguage: site.locale,
        potentialAction: {
          '@type': 'SearchAction',
          target: {
            '@type': 'EntryPoint',
            urlTemplate: `${addressOf(site, '/search/products')}?q={search_term_string}`,
          },
          'query-input': 'required name=search_term_string',
        },
      },
    ],
  };
}

function headOf(
  site: Site,
  matches: readonly AnyRouteMatch[],
  queryClient: QueryClient,
  url: string,
): Head {
  const { origin } = site;
  const fallback: Head = {
    description: SHOP_DESCRIPTION,
    type: 'website',
    image: `${origin}${SHOP_IMAGE}`,
    jsonLd: [],
  };
  const leaf = matches.at(-1);
  if (!leaf || matches.some((match) => match.status !== 'success')) return fallback;
  if (leaf.routeId === '/_shop/') return homeHead(site);
  if (leaf.routeId === '/_shop/product/$identifier') {
    const identifier = (leaf.params as { identifier: string }).identifier;
    const product = queryClient.getQueryData(productQueryOptions(identifier).queryKey);
    return product ? productHead(site, product, url) : fallback;
  }
  const listing = LISTINGS[leaf.routeId as keyof typeof LISTINGS];
  if (listing) {
    const slug = (leaf.params as Record<string, string>)[listing.param];
    const items: readonly (Category | Brand | Flavor)[] | undefined = queryClient.getQueryData(
      taxonomyQueryOptions(listing.taxonomy).queryKey,
    );
    const item = items?.find((entry) => entry.slug === slug);
    if (!item) return fallback;
    return {
      name: item.name,
      description: shorten(item.description || SHOP_DESCRIPTION),
      type: 'website',
      image: item.image ? `${origin}${item.image}` : fallback.image,
      jsonLd: [
        breadcrumbs(site, [
          ['Home', '/'],
          [item.name, `/${listing.path}/${item.slug}`],
        ]),
      ],
    };
  }
  return fallback;
}

/**
 * The page at `pathname` in `locale`, absolute: the query string `search` is kept (its `q` alone)
 * on search pages only, as a listing's filters and sorts are the same page.
 */
function pageAddress(origin: string, pathname: string, search: string, locale: Locale): string {
  const query = new URLSearchParams(search).get('q');
  const path = pathInLocale(pathname, locale);
  const kept = pathWithoutLocale(pathname).startsWith('/search') && query;
  return `${origin}${path}${kept ? `?${new URLSearchParams({ q: query })}` : ''}`;
}

/**
 * The page's twin in each language, and English for a reader whose language is neither; every
 * twin names all of them, itself included, as search engines ask.
 */
function alternateLinks(origin: string, pathname: string, search: string): string[] {
  const twins: [hreflang: string, locale: Locale][] = [
    ...LOCALES.map((locale): [string, Locale] => [locale, locale]),
    ['x-default', DEFAULT_LOCALE],
  ];
  return twins.map(
    ([hreflang, locale]) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(pageAddress(origin, pathname, search, locale))}" />`,
  );
}

/**
 * The tags for the page at `pathname` in `locale` (with `search`, the query string, kept on the
 * canonical address of search pages only: a listing's filters and sorts are the same page).
 */
export function pageHead(options: {
  origin: string;
  /** The page's language; `pathname` is the path the routes know, without `/fr`. */
  locale: Locale;
  status: number;
  pathname: string;
  search: string;
  title: string;
  matches: readonly AnyRouteMatch[];
  queryClient: QueryClient;
}): string {
  const { origin, locale, status, pathname, search, title, matches, queryClient } = options;
  // A page that is not there has nothing to preview or index.
  if (status !== 200)
    return `<meta name="description" content="${escapeHtml(SHOP_DESCRIPTION)}" />`;
  const url = pageAddress(origin, pathname, search, locale);
  const head = headOf({ origin, locale }, matches, queryClient, url);
  const tags = [
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...alternateLinks(origin, pathname, search),
    `<meta property="og:site_name" content="${SHOP_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.name ?? title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(head.image)}" />`,
    `<meta property="og:locale" content="${OPEN_GRAPH_LOCALES[locale]}" />`,
    ...LOCALES.filter((other) => other !== locale).map(
      (other) => `<meta property="og:locale:alternate" content="${OPEN_GRAPH_LOCALES[other]}" />`,
    ),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.name ?? title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(head.image)}" />`,
    ...head.jsonLd.map(
      (data) => `<script type="application/ld+json">${scriptSafeJson(data)}</script>`,
    ),
  ];
  return tags.join('');
}
