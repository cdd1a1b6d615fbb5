import type {
  SearchProductsQuery,
  SearchProductsResponse,
  SearchSort,
  SuggestResponse,
} from '../../../contract/search.ts';
import { SEARCH_SORT_LABELS } from '../../../contract/search-rules.ts';
import { AnswerCache } from './cache.ts';
import { queryTokens } from './normalize.ts';
import { planTextSearch } from './plan.ts';
import type { ProductFilters, ProductIndex } from './product-index.ts';
import { suggestTaxonomy } from './taxonomy.ts';

export interface SearchServiceOptions {
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
 * The search answers: plans the shopper's words (prefixes, corrections, did-you-mean), asks the
 * product index for matches, and shapes the contract's envelopes. Which engine holds the products
 * is the index's business (product-index.ts).
 */
export class SearchService {
  /** Answers kept as the JSON text sent, so a hit costs neither a search nor a serialisation. */
  private readonly answers: AnswerCache<string>;

  constructor(
    private readonly index: ProductIndex,
    options: SearchServiceOptions = {},
  ) {
    this.answers = new AnswerCache<string>({
      ttlMs: options.answerTtlMs ?? 0,
      max: 5000,
      sizeOf: (json) => json.length,
      maxSize: 64 * 1024 * 1024,
    });
  }

  /** Forgets every cached answer (the catalog changed). */
  invalidate(): void {
    this.answers.clear();
  }

  /** The `/search/suggest` answer for a (validated) term, as JSON text. */
  suggestJson(q: string): Promise<string> {
    return this.answers.get(`suggest:${queryTokens(q).join(' ')}`, async () =>
      JSON.stringify({ success: true, suggestions: await this.suggest(q) }),
    );
  }

  /** The `/search/products` answer for a (validated) query, as JSON text. */
  searchProductsJson(query: SearchProductsQuery): Promise<string> {
    // The term itself is part of the key: the answer echoes it back as typed.
    const key = JSON.stringify([
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
    ]);
    return this.answers.get(`products:${key}`, () => this.searchProducts(query));
  }

  async suggest(q: string): Promise<SuggestResponse['suggestions']> {
    const vocabulary = await this.index.current();
    const plan = planTextSearch(q, vocabulary.dictionary);
    if (!plan) return { products: [], categories: [], brands: [], flavors: [] };
    return {
      products: await this.index.suggest(plan, SUGGESTED_PRODUCTS),
      categories: suggestTaxonomy(vocabulary.categories, plan, 'CATEGORY', SUGGESTED_PER_TAXONOMY),
      brands: suggestTaxonomy(vocabulary.brands, plan, 'BRAND', SUGGESTED_PER_TAXONOMY),
      flavors: suggestTaxonomy(
        vocabulary.flavors,
        plan,
        'FLAVOR',
        SUGGESTED_PER_TAXONOMY,
        (flavor) => flavor.image ?? flavor.additionalImages[0] ?? null,
      ),
    };
  }

  /**
   * The answer as JSON text. The product summaries come from the index already serialised, so
   * the envelope is written around them rather than parsed and serialised again.
   */
  async searchProducts(query: SearchProductsQuery): Promise<string> {
    const vocabulary = await this.index.current();
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
    const hits = await this.index.search({
      plan,
      // A term with no letters or digits (say `???`) cannot match anything.
      nothing: Boolean(query.search) && !plan,
      filters,
      sort,
      offset: (query.page - 1) * query.limit,
      limit: query.limit,
    });
    const featured = !query.search;
    const label = (value: SearchSort) =>
      value === 'relevance' && featured ? 'Featured' : SEARCH_SORT_LABELS[value];
    const totalPages = Math.ceil(hits.totalProducts / query.limit);
    const pagination: SearchProductsResponse['results']['pagination'] = {
      totalProducts: hits.totalProducts,
      page: query.page,
      limit: query.limit,
      totalPages,
      hasNextPage: query.page < totalPages,
      hasPrevPage: query.page > 1,
    };
    const sorting: SearchProductsResponse['results']['sorting'] = {
      sort,
      label: label(sort),
      options: (Object.keys(SEARCH_SORT_LABELS) as SearchSort[]).map((value) => ({
        value,
        label: label(value),
      })),
    };
    const meta: SearchProductsResponse['meta'] = {
      terms: plan?.terms ?? [],
      corrections: plan?.corrections ?? [],
      didYouMean: plan?.didYouMean ?? null,
      filters,
    };
    return (
      `{"success":true,"results":{"products":[${hits.productsJson.join(',')}],` +
      `"pagination":${JSON.stringify(pagination)},"sorting":${JSON.stringify(sorting)}},` +
      `"meta":${JSON.stringify(meta)},"searchTerm":${JSON.stringify(query.search)},` +
      `"facets":${JSON.stringify(hits.facets)}}`
    );
  }
}
