import type { SearchSort } from '../../../contract/search.ts';
import type { Dictionary } from './dictionary.ts';
import type { TextPlan } from './plan.ts';
import type { TaxonomyEntry } from './taxonomy.ts';

/**
 * What the search routes need from a search engine. The embedded default holds the catalog in
 * memory (memory-index.ts); a shop that outgrows one machine can implement the same interface
 * over a dedicated engine (docs/search.md maps our fields to Meilisearch, Typesense and
 * OpenSearch) without the routes, the contract or the query planning changing.
 */
export interface ProductIndex {
  /** Resolves once the index reflects every catalog change announced so far in this process. */
  current(): Promise<CatalogVocabulary>;
  /** The best few products for the dropdown, best first: a ProductSuggestion list as JSON. */
  suggest(plan: TextPlan, limit: number): Promise<string>;
  /** One page of matches in the requested order, the number of matches, and the facets. */
  search(query: ProductQuery): Promise<ProductHits>;
  close(): Promise<void>;
}

/** The slow-changing parts of the catalog that planning a query and suggesting names need. */
export interface CatalogVocabulary {
  dictionary: Dictionary;
  categories: TaxonomyEntry[];
  brands: TaxonomyEntry[];
  flavors: (TaxonomyEntry & { additionalImages: string[] })[];
}

export interface ProductFilters {
  /** Slugs; unknown slugs match nothing. */
  category: string[];
  brand: string[];
  flavor: string[];
  minPrice: number | null;
  maxPrice: number | null;
  inStock: boolean;
  minRating: number | null;
}

export interface ProductQuery {
  /** The words to match, or null for a listing of every active product. */
  plan: TextPlan | null;
  /** True when the term had no words at all (`???`): nothing matches. */
  nothing: boolean;
  filters: ProductFilters;
  sort: SearchSort;
  offset: number;
  limit: number;
}

export interface ProductHits {
  /** The page's product summaries (the contract's ProductSummary) as UTF-8 JSON. */
  products: Buffer[];
  totalProducts: number;
  /** The facets (the contract's SearchFacets), already serialised as JSON. */
  facetsJson: string;
}

/** Relevance tier: every word in the name (3), in name/brand/categories (2), … (0). */
export type Tier = 0 | 1 | 2 | 3;

const TIER_BASE = [20, 35, 50, 70] as const;

/** A product's relevance percentage: its tier, plus up to 30 for a name close to the query. */
export function productScore(tier: Tier, similarity: number): number {
  return Math.max(0, Math.min(100, Math.round(TIER_BASE[tier] + 30 * similarity)));
}

/**
 * A suggestion's JSON without its score and closing brace, to be kept and finished per query as
 * `${head}${score}}`: the rest of a suggestion does not change from one keystroke to the next.
 */
export function suggestionHead(suggestion: object): string {
  return `${JSON.stringify(suggestion).slice(0, -1)},"relevanceScore":`;
}
