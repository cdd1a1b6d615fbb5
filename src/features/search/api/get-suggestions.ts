/**
 * `GET /search/suggest?q=`: suggestions for the search box, cached 60 s and fetched only for a
 * trimmed term of at least 2 characters. The answer is flattened to one list — products,
 * categories, brands, flavors in that order; a flavor without an image uses the first of
 * additionalImages.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Suggestion, SuggestResponse } from '../../../../contract/search.ts';
import { api } from '../../../lib/api-client.ts';
import { MIN_SUGGESTION_LENGTH, SUGGESTIONS_STALE_MS } from '../../../lib/constants.ts';

export type { Suggestion, SuggestResponse };

const GROUPS = ['products', 'categories', 'brands', 'flavors'] as const;

type LooseSuggestion = Suggestion & { additionalImages?: string[] };

export function flattenSuggestions(
  body:
    | { suggestions?: Partial<Record<(typeof GROUPS)[number], LooseSuggestion[]>> }
    | null
    | undefined,
): Suggestion[] {
  const groups = body?.suggestions ?? {};
  return GROUPS.flatMap((group) =>
    (groups[group] ?? []).map(({ additionalImages, ...item }) => ({
      ...item,
      image: item.image || additionalImages?.[0] || null,
    })),
  );
}

/** Where a suggestion leads, by its type. */
export function suggestionPath(item: Suggestion): string {
  const slug = item.slug ? encodeURIComponent(item.slug) : null;
  switch (item.type) {
    case 'PRODUCT':
      if (slug) return `/product/${slug}`;
      break;
    case 'CATEGORY':
      if (slug) return `/category/${slug}`;
      break;
    case 'BRAND':
      if (slug) return `/brand/${slug}`;
      break;
    case 'FLAVOR':
      if (slug) return `/flavor/${slug}`;
      break;
  }
  return `/search?${new URLSearchParams({ q: item.name }).toString()}`;
}

export function suggestionsQueryOptions(term: string) {
  const q = term.trim();
  return queryOptions({
    queryKey: ['search', 'suggest', q],
    queryFn: async ({ signal }) =>
      flattenSuggestions(
        await api.get<SuggestResponse>('/search/suggest', { query: { q }, signal }),
      ),
    staleTime: SUGGESTIONS_STALE_MS,
    enabled: q.length >= MIN_SUGGESTION_LENGTH,
    retry: false,
  });
}

/** `enabled: false` (offline: the search box suggests saved products instead) asks nothing. */
export function useSuggestions(term: string, enabled = true) {
  const options = suggestionsQueryOptions(term);
  return useQuery({ ...options, enabled: enabled && options.enabled });
}
