/**
 * `GET /products/{identifier}/reviews` — a product's visible reviews in the order asked, page by
 * page ("Show more reviews" reads the next), with the summary (average, count, stars 5 to 1).
 *
 * The answer is public and a browser may keep it for 30 seconds, so once this page has written a
 * review of the product (noteReviewsWritten) its reads of that product's reviews carry the time of
 * the write: another address, which the browser's cache cannot answer with the list from before.
 */
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ReviewsPageResponse } from '../../../../contract/reviews.ts';
import { api } from '../../../lib/api-client.ts';

export type ReviewSort = 'newest' | 'highest' | 'lowest';

/** Reviews read per page: a screenful on a phone. */
export const REVIEWS_PER_PAGE = 5;

/** When this page last wrote a review of a product, by its slug and by its id. */
const writtenAt = new Map<string, number>();

/** The shopper has just written (or edited) a review of the product known by these identifiers. */
export function noteReviewsWritten(identifiers: readonly string[]): void {
  const now = Date.now();
  for (const identifier of identifiers) writtenAt.set(identifier, now);
}

export function reviewsQueryOptions(identifier: string, sort: ReviewSort) {
  return infiniteQueryOptions({
    queryKey: ['products', 'reviews', identifier, sort] as const,
    queryFn: async ({ pageParam, signal }) => {
      const response = await api.get<ReviewsPageResponse>(
        `/products/${encodeURIComponent(identifier)}/reviews`,
        {
          query: {
            page: pageParam,
            limit: REVIEWS_PER_PAGE,
            sort,
            // Ignored by the server: it only makes the address one the browser has not cached.
            written: writtenAt.get(identifier),
          },
          signal,
        },
      );
      return response.data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pagination.page < last.pagination.totalPages ? last.pagination.page + 1 : undefined,
    staleTime: 60_000,
  });
}
