import { useQuery, useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { Link, notFound } from '@tanstack/react-router';
import type { TaxonomyName } from '../../../../contract/catalog.ts';
import { POPULAR_CATEGORY_SLUGS } from '../../../lib/constants.ts';
import { findBySlug, taxonomyQueryOptions } from '../api/get-taxonomy.ts';
import { searchProductsQueryOptions } from '../api/search-products.ts';
import {
  toSearchParams,
  type ListingFilterName,
  type ListingSearch,
} from '../lib/listing-search.ts';
import { ProductListing, useListingResults } from './product-listing.tsx';
import styles from './product-listing.module.css';

const TAXONOMY: Record<ListingFilterName, { name: TaxonomyName; eyebrow: string }> = {
  category: { name: 'categories', eyebrow: 'Category' },
  brand: { name: 'brands', eyebrow: 'Brand' },
  flavor: { name: 'flavors', eyebrow: 'Flavor' },
};

/**
 * The loader of a category, brand or flavor page: the taxonomy list (for the heading) and the
 * first results, together. An unknown slug is the not-found page, not an empty listing.
 * Once on the page (`stay`: a filter, sort or page change) the loader does not wait: the controls
 * move at once and the previous results stay, dimmed, until the new ones arrive.
 */
export async function loadTaxonomyListing(
  queryClient: QueryClient,
  kind: ListingFilterName,
  slug: string,
  search: ListingSearch,
  cause: 'preload' | 'enter' | 'stay',
): Promise<void> {
  const results = searchProductsQueryOptions(toSearchParams(search, { [kind]: slug }));
  if (cause === 'stay') {
    void queryClient.prefetchQuery(results);
    return;
  }
  const [items] = await Promise.all([
    queryClient.ensureQueryData(taxonomyQueryOptions(TAXONOMY[kind].name)),
    queryClient.ensureQueryData(results),
  ]);
  if (!findBySlug(items, slug)) throw notFound();
}

export function TaxonomyListing({
  kind,
  slug,
  search,
}: {
  kind: ListingFilterName;
  slug: string;
  search: ListingSearch;
}) {
  const { data: items } = useSuspenseQuery(taxonomyQueryOptions(TAXONOMY[kind].name));
  const results = useListingResults(toSearchParams(search, { [kind]: slug }));
  const item = findBySlug(items, slug);
  return (
    <main id="main">
      <ProductListing
        results={results}
        eyebrow={TAXONOMY[kind].eyebrow}
        title={item?.name ?? slug}
        description={item?.description ? <p>{item.description}</p> : undefined}
        search={search}
        fixedFacet={kind}
        emptySuggestions={<PopularCategories />}
      />
    </main>
  );
}

/** Where to go when a listing comes up empty: the popular categories, by name. */
export function PopularCategories() {
  const categories = useQuery(taxonomyQueryOptions('categories')).data ?? [];
  const popular = POPULAR_CATEGORY_SLUGS.map((slug) => findBySlug(categories, slug)).filter(
    (category) => category !== undefined,
  );
  if (popular.length === 0) return null;
  return (
    <nav aria-label="Popular categories" className={styles.suggestions}>
      <h4 className={styles.suggestionsTitle}>Popular categories</h4>
      <ul className={styles.suggestionList}>
        {popular.map((category) => (
          <li key={category.slug}>
            <Link
              to="/category/$categorySlug"
              params={{ categorySlug: category.slug }}
              className={styles.suggestion}
            >
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
