/**
 * `GET /taxonomy/{categories|brands|flavors}` (tagged Taxonomy), cached under the same key and with
 * the same list the header's mega-menu caches, so the two share one request.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Brand, Category, Flavor, TaxonomyName } from '../../../contract/catalog.ts';
import { api } from '../api-client.ts';

interface TaxonomyTypes {
  categories: Category;
  brands: Brand;
  flavors: Flavor;
}

/** Taxonomy changes with a deploy of the catalog, not while a shopper browses. */
const TAXONOMY_STALE_MS = 10 * 60_000;

export function taxonomyQueryOptions<N extends TaxonomyName>(name: N) {
  return queryOptions({
    queryKey: ['taxonomy', name] as const,
    queryFn: async ({ signal }) => {
      const response = await api.get<{ data: TaxonomyTypes[N][] }>(`/taxonomy/${name}`, {
        signal,
      });
      return response.data;
    },
    staleTime: TAXONOMY_STALE_MS,
  });
}

export function findBySlug<T extends { slug: string }>(list: readonly T[], slug: string) {
  return list.find((item) => item.slug === slug);
}
