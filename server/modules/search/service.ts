import type {
  SearchProductsQuery,
  SearchProductsResponse,
  SearchSort,
} from '../../../contract/search.ts';
import { SEARCH_SORT_LABELS } from '../../../contract/search-rules.ts';
import { AnswerCache } from './cache.ts';
import { queryTokens } from './normalize.ts';
import { planTextSearch } from './plan.ts';
import type { ProductFilters, ProductIndex } from './product-index.ts';
import { suggestTaxonomyJson, type TaxonomyEntry, type TaxonomyKind } from './taxonomy.ts';

export interface SearchOptions {
  /**
   * How long whole answers are reused; 0 (the default) turns the answer cache (and the sharing
   * of identical in-flight queries) off. The index answers the long tail of queries by itself;
   * the cache only spares it the serialisation of the most repeated ones. It is emptied on every
   * catalog change.
   */
  answerTtlMs?: number;
}

const SUGGESTED_PRODUCTS = 5;
const SUGGESTED_PER_TAXONOMY = 3;

/**
 * What the search answers are made from: the product index (which engine holds the products is
 * its business, product-index.ts) and the cache of whole answers. Both are state, kept for the
 * life of the app and changed with the catalog, so they are objects, opened once by the routes;
 * the answers are plain functions taking this first, as the other services take the database.
 */
export interface SearchState {
  readonly index: ProductIndex;
  /** Answers kept as the JSON bytes sent, so a hit costs neither a search nor a serialisation. */
  readonly answers: AnswerCache<Buffer>;
}

export function openSearch(index: ProductIndex, options: SearchOptions = {}): SearchState {
  return {
    index,
    answers: new AnswerCache<Buffer>({
      ttlMs: options.answerTtlMs ?? 0,
      max: 5000,
      sizeOf: (json) => json.length,
      maxSize: 64 * 1024 * 1024,
    }),
  };
}

/** Forgets every cached answer (the catalog changed). */
export function forgetAnswers(search: SearchState): void {
  search.answers.clear();
}

/** The `/search/suggest` answer for a (validated) term, as UTF-8 JSON. */
export function suggestJson(search: SearchState, q: string): Promise<Buffer> {
  return search.answers.get(
    () => `suggest:${queryTokens(q).join(' ')}`,
    async () => Buffer.from(`{"success":true,"suggestions":${await suggestionsJson(search, q)}}`),
  );
}

/** The `/search/products` answer for a (validated) query, as UTF-8 JSON. */
export function searchProductsJson(
  search: SearchState,
  query: SearchProductsQuery,
): Promise<Buffer> {
  // The term itself is part of the key: the answer echoes it back as typed.
  const key = () =>
    `products:${JSON.stringify([
      query.search,
      query.category ?? [],
      query.brand ?? [],
      query.flavor ?? [],
      query.minPrice ?? null,
      query.maxPrice ?? null,
      query.inStock ?? false,
      query.minRating ?? null,
      query.sort ?? 'relevance',
      query.page,
      query.limit,
    ])}`;
  return search.answers.get(key, () => searchProducts(search, query));
}

/**
 * Plans the shopper's words (prefixes, corrections) and asks the index for suggestions: the
 * contract's suggestions object as JSON. Each suggestion comes written but for its score (the
 * index's products, suggestTaxonomyJson's entries): serialising them all afresh took a fifth of
 * a suggestion's time.
 */
async function suggestionsJson({ index }: SearchState, q: string): Promise<string> {
  const vocabulary = await index.current();
  const plan = planTextSearch(q, vocabulary.dictionary);
  if (!plan) return NO_SUGGESTIONS;
  const taxonomy = <E extends TaxonomyEntry>(
    entries: readonly E[],
    type: TaxonomyKind,
    imageOf?: (entry: E) => string | null,
  ) => suggestTaxonomyJson(entries, plan, type, SUGGESTED_PER_TAXONOMY, imageOf);
  return (
    `{"products":${await index.suggest(plan, SUGGESTED_PRODUCTS)},` +
    `"categories":${taxonomy(vocabulary.categories, 'CATEGORY')},` +
    `"brands":${taxonomy(vocabulary.brands, 'BRAND')},` +
    `"flavors":${taxonomy(
      vocabulary.flavors,
      'FLAVOR',
      (flavor) => flavor.image ?? flavor.additionalImages[0] ?? null,
    )}}`
  );
}

const NO_SUGGESTIONS = JSON.stringify({ products: [], categories: [], brands: [], flavors: [] });

/**
 * The `/search/products` answer as UTF-8 JSON, uncached. The product summaries come from the
 * index already serialised, so the envelope is written around their bytes rather than the whole
 * parsed and serialised again (or even joined as text: copying bytes into one buffer spares the
 * heap the 20-odd kilobytes of text per answer, and the socket their encoding).
 */
export async function searchProducts(
  { index }: SearchState,
  query: SearchProductsQuery,
): Promise<Buffer> {
  const vocabulary = await index.current();
  const plan = query.search ? planTextSearch(query.search, vocabulary.dictionary) : null;
  const sort = query.sort ?? 'relevance';
  const filters: ProductFilters = {
    category: query.category ?? [],
    brand: query.brand ?? [],
    flavor: query.flavor ?? [],
    minPrice: query.minPrice ?? null,
    maxPrice: query.maxPrice ?? null,
    inStock: query.inStock ?? false,
    minRating: query.minRating ?? null,
  };
  const hits = await index.search({
    plan,
    // A term with no letters or digits (say `???`) cannot match anything.
    nothing: Boolean(query.search) && !plan,
    filters,
    sort,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const totalPages = Math.ceil(hits.totalProducts / query.limit);
  const pagination: SearchProductsResponse['results']['pagination'] = {
    totalProducts: hits.totalProducts,
    page: query.page,
    limit: query.limit,
    totalPages,
    hasNextPage: query.page < totalPages,
    hasPrevPage: query.page > 1,
  };
  const meta: SearchProductsResponse['meta'] = {
    terms: plan?.terms ?? [],
    corrections: plan?.corrections ?? [],
    didYouMean: plan?.didYouMean ?? null,
    filters,
  };
  const tail =
    `],"pagination":${JSON.stringify(pagination)},"sorting":${sortingJson(sort, !query.search)}},` +
    `"meta":${JSON.stringify(meta)},"searchTerm":${JSON.stringify(query.search)},` +
    `"facets":${hits.facetsJson}}`;
  // One allocation: the summaries' bytes copied in, the rest encoded in place.
  let size = ANSWER_HEAD.length + Buffer.byteLength(tail) + Math.max(hits.products.length - 1, 0);
  for (const product of hits.products) size += product.length;
  const answer = Buffer.allocUnsafe(size);
  let at = ANSWER_HEAD.copy(answer, 0);
  hits.products.forEach((product, i) => {
    if (i > 0) answer[at++] = COMMA;
    at += product.copy(answer, at);
  });
  answer.write(tail, at);
  return answer;
}

const ANSWER_HEAD = Buffer.from('{"success":true,"results":{"products":[');
const COMMA = 0x2c;

/** The `sorting` part of an answer: the same few texts every time, so written once each. */
const SORTING_JSON = new Map<string, string>();

function sortingJson(sort: SearchSort, featured: boolean): string {
  const key = `${sort}:${featured}`;
  let json = SORTING_JSON.get(key);
  if (json === undefined) {
    const label = (value: SearchSort) =>
      value === 'relevance' && featured ? 'Featured' : SEARCH_SORT_LABELS[value];
    const sorting: SearchProductsResponse['results']['sorting'] = {
      sort,
      label: label(sort),
      options: (Object.keys(SEARCH_SORT_LABELS) as SearchSort[]).map((value) => ({
        value,
        label: label(value),
      })),
    };
    json = JSON.stringify(sorting);
    SORTING_JSON.set(key, json);
  }
  return json;
}
