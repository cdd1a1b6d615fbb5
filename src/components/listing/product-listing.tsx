import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { SearchProductsResponse, SearchSort } from '../../../contract/search.ts';
import { Spinner } from '../ui/spinner.tsx';
import {
  searchProductsQueryOptions,
  type SearchProductsParams,
} from '../../lib/catalog/search-products.ts';
import {
  listOf,
  toggleInList,
  withoutPage,
  type ListingFilterName,
  type ListingSearch,
} from '../../lib/catalog/listing-search.ts';
import { ListingFilters } from './listing-filters.tsx';
import styles from './product-listing.module.css';
import { Pagination } from './pagination.tsx';
import { ProductGrid } from '../products/product-grid.tsx';

/**
 * The results of a listing; while another filter, sort or page loads, the previous answer stays
 * (`isPlaceholderData`) so the page never blanks out.
 */
export function useListingResults(params: SearchProductsParams) {
  return useQuery({ ...searchProductsQueryOptions(params), placeholderData: keepPreviousData });
}

export type ListingResults = ReturnType<typeof useListingResults>;

interface ProductListingProps {
  eyebrow: string;
  title: string;
  description?: ReactNode;
  search: ListingSearch;
  results: ListingResults;
  /** The listing's own filter (a category page's category): not offered as a facet. */
  fixedFacet?: ListingFilterName;
  /** Shown when nothing matches, after the offer to clear filters. */
  emptySuggestions?: ReactNode;
}

export type UpdateSearch = (update: (search: ListingSearch) => ListingSearch) => void;

/** The one listing view behind category, brand, flavor and search pages. */
export function ProductListing({
  eyebrow,
  title,
  description,
  search,
  results,
  fixedFacet,
  emptySuggestions,
}: ProductListingProps) {
  if (!results.data) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
        </header>
        {results.isError ? (
          <div className={styles.empty} role="alert">
            <p>These products could not be loaded.</p>
            <button
              type="button"
              className={styles.clearLarge}
              onClick={() => void results.refetch()}
            >
              Try again
            </button>
          </div>
        ) : (
          <div className={styles.loading}>
            <Spinner label="Loading products" />
          </div>
        )}
      </div>
    );
  }
  return (
    <ListingView
      eyebrow={eyebrow}
      title={title}
      description={description}
      search={search}
      data={results.data}
      updating={results.isPlaceholderData}
      fixedFacet={fixedFacet}
      emptySuggestions={emptySuggestions}
    />
  );
}

/** The listing of one answer, however it was found (the API, or saved products while offline). */
export function ListingView({
  eyebrow,
  title,
  description,
  search,
  data,
  updating,
  fixedFacet,
  emptySuggestions,
}: Omit<ProductListingProps, 'results'> & { data: SearchProductsResponse; updating: boolean }) {
  const navigate = useNavigate();
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const sortId = useId();
  const { products, pagination, sorting } = data.results;
  // With one flavor asked for, the answer shows each product in it; its cards open on it too.
  const flavors = data.meta.filters.flavor;
  const cardFlavor = flavors.length === 1 ? flavors[0] : undefined;

  const update: UpdateSearch = (change) => {
    void navigate({
      to: '.',
      search: ((previous: ListingSearch) => withoutPage(change(previous))) as never,
      resetScroll: false,
    });
  };

  const activeFilters = (['category', 'brand', 'flavor'] as const).flatMap((name) =>
    name === fixedFacet
      ? []
      : listOf(search[name]).map((slug) => ({
          name,
          slug,
          label: data.facets[FACET_KEYS[name]].find((facet) => facet.slug === slug)?.name ?? slug,
        })),
  );
  const hasFilters =
    activeFilters.length > 0 ||
    search.minPrice !== undefined ||
    search.maxPrice !== undefined ||
    Boolean(search.inStock) ||
    Boolean(search.minRating);

  const clearAll = () =>
    update((previous) => ({ q: previous.q, sort: previous.sort }) as ListingSearch);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.title}>{title}</h1>
        {description ? <div className={styles.description}>{description}</div> : null}
        {data.meta.didYouMean ? (
          <p className={styles.didYouMean}>
            Showing results for <strong>{data.meta.didYouMean}</strong>.
          </p>
        ) : null}
      </header>

      <div className={styles.layout}>
        <div className={styles.sidebar}>
          <button
            type="button"
            className={styles.filtersToggle}
            aria-expanded={filtersOpen}
            aria-controls={filtersId}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {filtersOpen ? 'Hide filters' : 'Show filters'}
            {hasFilters ? ` (${activeFilters.length || 'on'})` : ''}
          </button>
          <div
            id={filtersId}
            className={[styles.filters, filtersOpen && styles.filtersOpen]
              .filter(Boolean)
              .join(' ')}
          >
            <ListingFilters
              search={search}
              facets={data.facets}
              fixedFacet={fixedFacet}
              onUpdate={update}
            />
          </div>
        </div>

        <section
          className={[styles.results, updating && styles.updating].filter(Boolean).join(' ')}
          aria-labelledby={`${sortId}-count`}
          aria-busy={updating || undefined}
        >
          <div className={styles.toolbar}>
            <h2
              id={`${sortId}-count`}
              ref={resultsRef}
              tabIndex={-1}
              className={styles.count}
              aria-live="polite"
            >
              {pagination.totalProducts === 1
                ? '1 product'
                : `${pagination.totalProducts} products`}
            </h2>
            <div className={styles.sort}>
              <label htmlFor={sortId}>Sort by</label>
              <select
                id={sortId}
                className={styles.select}
                value={search.sort ?? sorting.sort}
                onChange={(event) => {
                  const sort = event.target.value as SearchSort;
                  update((previous) => ({ ...previous, sort }));
                }}
              >
                {sorting.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {activeFilters.length > 0 || hasFilters ? (
            <ul className={styles.chips} aria-label="Active filters">
              {activeFilters.map((filter) => (
                <li key={`${filter.name}-${filter.slug}`}>
                  <button
                    type="button"
                    className={styles.chip}
                    onClick={() =>
                      update((previous) => ({
                        ...previous,
                        [filter.name]: toggleInList(previous[filter.name], filter.slug),
                      }))
                    }
                    aria-label={`Remove filter ${filter.label}`}
                  >
                    {filter.label} <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
              <li>
                <button type="button" className={styles.clear} onClick={clearAll}>
                  Clear all filters
                </button>
              </li>
            </ul>
          ) : null}

          {products.length > 0 ? (
            <>
              <ProductGrid products={products} eagerCount={4} flavor={cardFlavor} />
              <Pagination
                page={pagination.page}
                totalPages={pagination.totalPages}
                onNavigate={() => resultsRef.current?.focus({ preventScroll: true })}
              />
            </>
          ) : (
            <div className={styles.empty}>
              <h3 className={styles.emptyTitle}>No products match</h3>
              <p>
                {hasFilters
                  ? 'Try removing a filter or widening the price range.'
                  : 'Try another word, or browse one of our most popular categories.'}
              </p>
              {hasFilters ? (
                <button type="button" className={styles.clearLarge} onClick={clearAll}>
                  Clear all filters
                </button>
              ) : null}
              {emptySuggestions}
              <p className={styles.emptyHelp}>
                Need a hand choosing? <Link to="/consultancy">Book a free consultation</Link>.
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export const FACET_KEYS = {
  category: 'categories',
  brand: 'brands',
  flavor: 'flavors',
} as const;
