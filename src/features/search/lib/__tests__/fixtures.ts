/** Cache entries shaped like the API's answers, for the offline search tests. */
import type {
  ProductDetail,
  ProductSummary,
  TaxonomyRef,
} from '../../../../../contract/catalog.ts';
import type { SearchProductsResponse } from '../../../../../contract/search.ts';
import type { CachedQuery } from '../cached-products.ts';

export const ref = (name: string): TaxonomyRef => {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return { _id: `id-${slug}`, slug, name };
};

export function summary(name: string, overrides: Partial<ProductSummary> = {}): ProductSummary {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    _id: `p-${slug}`,
    slug,
    name,
    brand: ref('Forge Labs'),
    categories: [ref('Protein Powder')],
    image: `/api/v1/images/products/${slug}/1.svg`,
    price: 4999,
    compareAtPrice: null,
    onSale: false,
    priceVaries: false,
    rating: 4.5,
    reviewCount: 10,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function detail(
  product: ProductSummary,
  { description = '', flavors = [] as TaxonomyRef[] } = {},
): ProductDetail {
  return {
    ...product,
    images: product.image ? [product.image] : [],
    description,
    nutritionFacts: null,
    tags: [],
    variants: flavors.map((flavor, index) => ({
      _id: `v-${product.slug}-${index}`,
      sku: `SKU-${index}`,
      flavor,
      size: '2 lb',
      price: product.price,
      compareAtPrice: null,
      stock: 5,
      image: product.image,
    })),
  };
}

export function searchAnswer(
  products: ProductSummary[],
  { flavor = [] as string[], flavorFacets = [] as TaxonomyRef[] } = {},
): SearchProductsResponse {
  return {
    success: true,
    results: {
      products,
      pagination: {
        totalProducts: products.length,
        page: 1,
        limit: 24,
        totalPages: 1,
        hasNextPage: false,
        hasPrevPage: false,
      },
      sorting: { sort: 'relevance', label: 'Featured', options: [] },
    },
    meta: {
      terms: [],
      corrections: [],
      didYouMean: null,
      filters: {
        category: [],
        brand: [],
        flavor,
        minPrice: null,
        maxPrice: null,
        inStock: false,
        minRating: null,
      },
    },
    searchTerm: '',
    facets: {
      categories: [],
      brands: [],
      flavors: flavorFacets.map(({ slug, name }) => ({ slug, name, count: products.length })),
      priceRange: { min: null, max: null },
    },
  };
}

let clock = 1000;

/** A cached query holding `data`, fetched later than every one before unless told when. */
export function cached(data: unknown, dataUpdatedAt = (clock += 1000)): CachedQuery {
  return { queryKey: ['test', dataUpdatedAt], state: { data, dataUpdatedAt } };
}
