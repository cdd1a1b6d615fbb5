import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { SearchProductsResponse, SearchSort } from '../../../contract/search.ts';
import { Spinner } from '../ui/spinner.tsx';
import { countText, pluralForm } from '../../lib/i18n/plural-form.ts';
import { useLocale } from '../../lib/i18n/use-locale.ts';
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
 * What the sort menu calls each order, in the page's language: the interface's own words for the
 * API's sort values (the English is the contract's SEARCH_SORT_LABELS).
 */
const SORT_LABELS: Record<SearchSort, MessageDescriptor> = {
  relevance: msg`Best match`,
  'price-asc': msg`Price: low to high`,
  'price-desc': msg`Price: high to low`,
  newest: msg`Newest`,
  rating: msg`Top rated`,
  name: msg`Name: A to Z`,
};

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
  const { t } = useLingui();
  if (!results.data) {
    return (
      <div className={styles.page}>
        <header className={styles.header}>
          <p className={styles.eyebrow}>{eyebrow}</p>
          <h1 className={styles.title}>{title}</h1>
        </header>
        {results.isError ? (
          <div className={styles.empty} role="alert">
            <p>
              <Trans>These products could not be loaded.</Trans>
            </p>
            <button
              type="button"
              className={styles.clearLarge}
              onClick={() => void results.refetch()}
            >
              <Trans>Try again</Trans>
            </button>
          </div>
        ) : (
          <div className={styles.loading}>
            <Spinner label={t`Loading products`} />
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
  const { i18n, t } = useLingui();
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

  const didYouMean = data.meta.didYouMean;
  // On a listing's first render: its form and number are written without Intl (plural-form.ts).
  const locale = useLocale();
  const form = pluralForm(pagination.totalProducts, locale);
  const totalProducts = countText(pagination.totalProducts, locale);
  const activeCount = activeFilters.length;

  const clearAll = () =>
    update((previous) => ({ q: previous.q, sort: previous.sort }) as ListingSearch);

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{eyebrow}</p>
        <h1 className={styles.title}>{title}</h1>
        {description ? <div className={styles.description}>{description}</div> : null}
        {didYouMean ? (
          <p className={styles.didYouMean}>
            <Trans>
              Showing results for <strong>{didYouMean}</strong>.
            </Trans>
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
            {filtersOpen ? <Trans>Hide filters</Trans> : <Trans>Show filters</Trans>}
            {hasFilters ? (
              activeCount > 0 ? (
                ` (${activeCount})`
              ) : (
                <>
                  {' '}
                  <Trans comment="Filters are on (none of them a facet value)">(on)</Trans>
                </>
              )
            ) : (
              ''
            )}
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
              {t`${select(form, { one: `${totalProducts} product`, other: `${totalProducts} products` })}`}
            </h2>
            <div className={styles.sort}>
              <label htmlFor={sortId}>
                <Trans>Sort by</Trans>
              </label>
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
                    {SORT_LABELS[option.value] ? i18n._(SORT_LABELS[option.value]) : option.label}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {activeFilters.length > 0 || hasFilters ? (
            <ul className={styles.chips} aria-label={t`Active filters`}>
              {activeFilters.map((filter) => {
                const filterLabel = filter.label;
                return (
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
                      aria-label={t`Remove filter ${filterLabel}`}
                    >
                      {filter.label} <span aria-hidden="true">×</span>
                    </button>
                  </li>
                );
              })}
              <li>
                <button type="button" className={styles.clear} onClick={clearAll}>
                  <Trans>Clear all filters</Trans>
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
              <h3 className={styles.emptyTitle}>
                <Trans>No products match</Trans>
              </h3>
              <p>
                {hasFilters ? (
                  <Trans>Try removing a filter or widening the price range.</Trans>
                ) : (
                  <Trans>Try another word, or browse one of our most popular categories.</Trans>
                )}
              </p>
              {hasFilters ? (
                <button type="button" className={styles.clearLarge} onClick={clearAll}>
                  <Trans>Clear all filters</Trans>
                </button>
              ) : null}
              {emptySuggestions}
              <p className={styles.emptyHelp}>
                <Trans>
                  Need a hand choosing? <Link to="/consultancy">Book a free consultation</Link>.
                </Trans>
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
