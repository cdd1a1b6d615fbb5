/**
 * Search shapes shared by the API and the PWA: the suggestion dropdown (`/search/suggest`) and
 * the product search and filtered listings (`/search/products`). Money is integer cents, CAD.
 */
import { z } from 'zod';
import { ProductSummary } from './catalog.ts';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_SORTS,
  type SearchSort,
} from './search-rules.ts';

/** Suggestions are fetched from 2 trimmed characters on. */
export const SUGGEST_MIN_LENGTH = 2;

export const SuggestQuery = z.object({
  q: z
    .string({ error: 'is required' })
    .trim()
    .min(SUGGEST_MIN_LENGTH, `must be at least ${SUGGEST_MIN_LENGTH} characters`)
    .max(100, 'must be at most 100 characters'),
});
export type SuggestQuery = z.infer<typeof SuggestQuery>;

const suggestionBase = {
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Null when neither the item nor (for flavors) its additional images have one. */
  image: z.string().nullable(),
  description: z.string(),
  /** How well the item matches the term, as a whole percentage 0–100. */
  relevanceScore: z.number().int().min(0).max(100),
};

export const ProductSuggestion = z.object({
  ...suggestionBase,
  type: z.literal('PRODUCT'),
  /** Lowest active variant price, cents. */
  price: z.number().int(),
});
export type ProductSuggestion = z.infer<typeof ProductSuggestion>;

export const CategorySuggestion = z.object({ ...suggestionBase, type: z.literal('CATEGORY') });
export const BrandSuggestion = z.object({ ...suggestionBase, type: z.literal('BRAND') });
export const FlavorSuggestion = z.object({ ...suggestionBase, type: z.literal('FLAVOR') });
export type TaxonomySuggestion =
  | z.infer<typeof CategorySuggestion>
  | z.infer<typeof BrandSuggestion>
  | z.infer<typeof FlavorSuggestion>;
export type Suggestion = ProductSuggestion | TaxonomySuggestion;

export const SuggestResponse = z.object({
  success: z.literal(true),
  suggestions: z.object({
    products: z.array(ProductSuggestion),
    categories: z.array(CategorySuggestion),
    brands: z.array(BrandSuggestion),
    flavors: z.array(FlavorSuggestion),
  }),
});
export type SuggestResponse = z.infer<typeof SuggestResponse>;

export { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_SORTS, type SearchSort };

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Slugs sent comma-joined (`a,b`) or repeated (`x=a&x=b`); blanks skipped, duplicates dropped. */
const slugList = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => {
    const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => part.split(','));
    return [...new Set(parts.map((part) => part.trim().toLowerCase()).filter(Boolean))];
  })
  .pipe(
    z
      .array(z.string().regex(SLUG, 'must be slugs like protein-powder, comma-joined'))
      .max(50, 'must list at most 50 slugs'),
  )
  .optional();

const cents = z.coerce
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(100_000_000, 'is too large');

export const SearchProductsQuery = z
  .object({
    search: z.string().trim().max(200, 'must be at most 200 characters').default(''),
    category: slugList,
    brand: slugList,
    flavor: slugList,
    minPrice: cents.optional(),
    maxPrice: cents.optional(),
    inStock: z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .transform((value) => value === 'true' || value === '1')
      .optional(),
    minRating: z.coerce
      .number({ error: 'must be a number from 0 to 5' })
      .min(0, 'must be a number from 0 to 5')
      .max(5, 'must be a number from 0 to 5')
      .optional(),
    sort: z.enum(SEARCH_SORTS, { error: `must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    page: z.coerce
      .number({ error: 'must be a whole number from 1' })
      .int('must be a whole number from 1')
      .min(1, 'must be a whole number from 1')
      .max(10_000, 'must be at most 10000')
      .default(1),
    limit: z.coerce
      .number({ error: `must be a whole number from 1 to ${SEARCH_MAX_LIMIT}` })
      .int(`must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`)
      .min(1, `must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`)
      .max(SEARCH_MAX_LIMIT, `must be a whole number from 1 to ${SEARCH_MAX_LIMIT}`)
      .default(SEARCH_DEFAULT_LIMIT),
  })
  .refine(
    (query) =>
      query.minPrice === undefined ||
      query.maxPrice === undefined ||
      query.minPrice <= query.maxPrice,
    { message: 'must not be below minPrice', path: ['maxPrice'] },
  );
export type SearchProductsQuery = z.infer<typeof SearchProductsQuery>;

/** A value to filter on: its slug (what the filter takes), its name and its count. */
export const Facet = z.object({
  slug: z.string(),
  name: z.string(),
  /** Matching products that would remain with this value selected (other filters kept). */
  count: z.number().int(),
});
export type Facet = z.infer<typeof Facet>;

export const SearchFacets = z.object({
  categories: z.array(Facet),
  brands: z.array(Facet),
  flavors: z.array(Facet),
  /** Lowest and highest price of the matches, ignoring the price filter; null when none match. */
  priceRange: z.object({ min: z.number().int().nullable(), max: z.number().int().nullable() }),
});
export type SearchFacets = z.infer<typeof SearchFacets>;

export const SearchCorrection = z.object({
  /** A word of the query that the catalog does not contain… */
  term: z.string(),
  /** …and the catalog words searched for instead (besides the word itself). */
  replacements: z.array(z.string()),
});

export const SearchProductsResponse = z.object({
  success: z.literal(true),
  results: z.object({
    products: z.array(ProductSummary),
    pagination: z.object({
      totalProducts: z.number().int(),
      page: z.number().int(),
      limit: z.number().int(),
      totalPages: z.number().int(),
      hasNextPage: z.boolean(),
      hasPrevPage: z.boolean(),
    }),
    sorting: z.object({
      sort: z.enum(SEARCH_SORTS),
      label: z.string(),
      options: z.array(z.object({ value: z.enum(SEARCH_SORTS), label: z.string() })),
    }),
  }),
  meta: z.object({
    /** The words searched for, normalised (accents and case folded). */
    terms: z.array(z.string()),
    corrections: z.array(SearchCorrection),
    /** The query with its corrections applied, when any word was corrected. */
    didYouMean: z.string().nullable(),
    filters: z.object({
      category: z.array(z.string()),
      brand: z.array(z.string()),
      flavor: z.array(z.string()),
      minPrice: z.number().int().nullable(),
      maxPrice: z.number().int().nullable(),
      inStock: z.boolean(),
      minRating: z.number().nullable(),
    }),
  }),
  searchTerm: z.string(),
  facets: SearchFacets,
});
export type SearchProductsResponse = z.infer<typeof SearchProductsResponse>;
