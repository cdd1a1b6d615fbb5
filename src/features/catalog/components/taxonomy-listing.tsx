import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { POPULAR_CATEGORY_SLUGS } from '../../../../contract/catalog-rules.ts';
import { findBySlug, taxonomyQueryOptions } from '../api/get-taxonomy.ts';
import { TAXONOMY_LISTINGS } from '../lib/listing-loaders.ts';
import {
  toSearchParams,
  type ListingFilterName,
  type ListingSearch,
} from '../lib/listing-search.ts';
import { ProductListing, useListingResults } from './product-listing.tsx';
import styles from './product-listing.module.css';

export function TaxonomyListing({
  kind,
  slug,
  search,
}: {
  kind: ListingFilterName;
  slug: string;
  search: ListingSearch;
}) {
  const { data: items } = useSuspenseQuery(taxonomyQueryOptions(TAXONOMY_LISTINGS[kind].name));
  const results = useListingResults(toSearchParams(search, { [kind]: slug }));
  const item = findBySlug(items, slug);
  return (
    <main id="main">
      <ProductListing
        results={results}
        eyebrow={TAXONOMY_LISTINGS[kind].eyebrow}
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
