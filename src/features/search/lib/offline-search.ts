/**
 * Offline search: what the search box suggests and the results page lists while the device is
 * offline, found among the products saved in the query cache. Loaded on demand (see
 * use-offline-search.ts): nothing here runs while online.
 *
 * The results are shaped as a `/search/products` answer — filters, facets (each counted with every
 * other filter applied, as the API does), sort and page — so the shared listing view shows them
 * like any other results.
 */
import type {
  Facet,
  ProductSuggestion,
  SearchProductsResponse,
} from '../../../../contract/search.ts';
import {
  compareFolded,
  queryWords,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_SORT_LABELS,
  type SearchSort,
} from '../../../../contract/search-rules.ts';
import type { TaxonomyRef } from '../../../../contract/catalog.ts';
import type { SearchProductsParams } from '../../../lib/catalog/search-products.ts';
import {
  collectCachedProducts,
  productSummary,
  type CachedProduct,
  type CachedQuery,
} from './cached-products.ts';
import { rankProducts, type RankedProduct } from './match-products.ts';

export const OFFLINE_SUGGESTIONS = 8;

const DESCRIPTION_MAX = 160;

/** Cut at a word, like the API's suggestion descriptions. */
function excerpt(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

export function offlineSuggestions(
  queries: readonly CachedQuery[],
  term: string,
): ProductSuggestion[] {
  return rankProducts(collectCachedProducts(queries), term)
    .slice(0, OFFLINE_SUGGESTIONS)
    .map(({ product, relevanceScore }) => ({
      _id: product._id,
      name: product.name,
      slug: product.slug,
      type: 'PRODUCT',
      image: product.image,
      // Without its page seen, a product is described by what its card showed.
      description: excerpt(
        product.description ||
          [product.brand.name, ...product.categories.map((c) => c.name)].join(' · '),
      ),
      relevanceScore,
      price: product.price,
    }));
}

type FilterName = 'category' | 'brand' | 'flavor' | 'price';

function filterOf(params: SearchProductsParams) {
  const has = (list: string[] | undefined, refs: TaxonomyRef[]) =>
    !list?.length || refs.some((ref) => list.includes(ref.slug));
  const tests: Record<FilterName, (product: CachedProduct) => boolean> = {
    category: (product) => has(params.category, product.categories),
    brand: (product) => has(params.brand, [product.brand]),
    flavor: (product) => has(params.flavor, product.flavors),
    price: (product) =>
      (params.minPrice === undefined || product.price >= params.minPrice) &&
      (params.maxPrice === undefined || product.price <= params.maxPrice),
  };
  const always = (product: CachedProduct) =>
    (!params.inStock || product.inStock) &&
    (params.minRating === undefined || product.rating >= params.minRating);
  /** Whether the product passes every filter but `except`. */
  return (product: CachedProduct, except?: FilterName) =>
    always(product) &&
    (Object.keys(tests) as FilterName[]).every((name) => name === except || tests[name](product));
}

function countFacet(products: CachedProduct[], refsOf: (product: CachedProduct) => TaxonomyRef[]) {
  const facets = new Map<string, Facet>();
  for (const product of products) {
    for (const ref of refsOf(product)) {
      const facet = facets.get(ref.slug) ?? { slug: ref.slug, name: ref.name, count: 0 };
      facet.count += 1;
      facets.set(ref.slug, facet);
    }
  }
  return [...facets.values()].sort((a, b) => b.count - a.count || compareFolded(a.name, b.name));
}

const SORTS: Record<SearchSort, (a: RankedProduct, b: RankedProduct) => number> = {
  relevance: () => 0,
  'price-asc': (a, b) => a.product.price - b.product.price,
  'price-desc': (a, b) => b.product.price - a.product.price,
  newest: (a, b) => Date.parse(b.product.createdAt) - Date.parse(a.product.createdAt),
  rating: (a, b) =>
    b.product.rating - a.product.rating || b.product.reviewCount - a.product.reviewCount,
  name: (a, b) => compareFolded(a.product.name, b.product.name),
};

export function offlineSearchResults(
  queries: readonly CachedQuery[],
  params: SearchProductsParams,
): SearchProductsResponse {
  const searchTerm = params.search?.trim() ?? '';
  const ranked = rankProducts(collectCachedProducts(queries), searchTerm);
  const passes = filterOf(params);
  const matching = (except?: FilterName) =>
    ranked.map(({ product }) => product).filter((product) => passes(product, except));

  const sort = params.sort ?? 'relevance';
  // Array.prototype.sort is stable: equal items keep their relevance order.
  const results = ranked.filter(({ product }) => passes(product)).sort(SORTS[sort]);
  const limit = params.limit ?? SEARCH_DEFAULT_LIMIT;
  const totalProducts = results.length;
  const totalPages = Math.ceil(totalProducts / limit);
  const page = params.page ?? 1;
  const prices = matching('price').map((product) => product.price);

  return {
    success: true,
    results: {
      products: results
        .slice((page - 1) * limit, page * limit)
        .map(({ product }) => productSummary(product)),
      pagination: {
        totalProducts,
        page,
        limit,
        totalPages,
        hasNextPage: page < totalPages,
        hasPrevPage: page > 1,
      },
      sorting: {
        sort,
        label: SEARCH_SORT_LABELS[sort],
        options: (Object.keys(SEARCH_SORT_LABELS) as SearchSort[]).map((value) => ({
          value,
          label: SEARCH_SORT_LABELS[value],
        })),
      },
    },
    meta: {
      terms: queryWords(searchTerm),
      corrections: [],
      didYouMean: null,
      filters: {
        category: params.category ?? [],
        brand: params.brand ?? [],
        flavor: params.flavor ?? [],
        minPrice: params.minPrice ?? null,
        maxPrice: params.maxPrice ?? null,
        inStock: params.inStock ?? false,
        minRating: params.minRating ?? null,
      },
    },
    searchTerm,
    facets: {
      categories: countFacet(matching('category'), (product) => product.categories),
      brands: countFacet(matching('brand'), (product) => [product.brand]),
      flavors: countFacet(matching('flavor'), (product) => product.flavors),
      priceRange: {
        min: prices.length > 0 ? Math.min(...prices) : null,
        max: prices.length > 0 ? Math.max(...prices) : null,
      },
    },
  };
}
