/**
 * `GET /products/{identifier}/reviews` — a product's visible reviews in the order asked, page by
 * page ("Show more reviews" reads the next), with the summary (average, count, stars 5 to 1).
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ReviewsPageResponse } from '../../../../contract/reviews.ts';
import { api } from '../../../lib/api-client.ts';

export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** Reviews read per page: a screenful on a phone. */
export const REVIEWS_PER_PAGE = 5;

export function reviewsQueryOptions(identifier: string, sort: ReviewSort) {
  return infiniteQueryOptions({
    queryKey: ['products', 'reviews', identifier, sort] as const,
    queryFn: async ({ pageParam, signal }) => {
      const response = await api.get<ReviewsPageResponse>(
        `/products/${encodeURIComponent(identifier)}/reviews`,
        { query: { page: pageParam, limit: REVIEWS_PER_PAGE, sort }, signal },
      );
      return response.data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    staleTime: 60_000,
  });
}
