import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { searchProductsQueryOptions } from '../api/search-products.ts';
import { toSearchParams, type ListingSearch } from '../lib/listing-search.ts';
import { ProductListing } from './product-listing.tsx';
import styles from './product-listing.module.css';
import { PopularCategories } from './taxonomy-listing.tsx';

/** Product search needs at least one trimmed character (spec §5); otherwise nothing is asked. */
export function hasSearchTerm(search: ListingSearch): boolean {
  return Boolean(search.q?.trim());
}

export async function loadSearchResults(
  queryClient: QueryClient,
  search: ListingSearch,
): Promise<void> {
  if (!hasSearchTerm(search)) return;
  await queryClient.ensureQueryData(searchProductsQueryOptions(toSearchParams(search)));
}

export function SearchResults({ search }: { search: ListingSearch }) {
  return <main id="main">{hasSearchTerm(search) ? <Results search={search} /> : <NoTerm />}</main>;
}

function Results({ search }: { search: ListingSearch }) {
  const { data } = useSuspenseQuery(searchProductsQueryOptions(toSearchParams(search)));
  return (
    <ProductListing
      eyebrow="Search results"
      title={`“${search.q?.trim()}”`}
      search={search}
      data={data}
      emptySuggestions={<PopularCategories />}
    />
  );
}

function NoTerm() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <p className={styles.eyebrow}>Search results</p>
        <h1 className={styles.title}>Search the shop</h1>
      </header>
      <div className={styles.empty}>
        <p>Type a product, brand, flavor or category in the search box to see matching products.</p>
        <PopularCategories />
      </div>
    </div>
  );
}
