/**
 * The signed-in shopper's side of a product's reviews, used only by the lazily loaded review form:
 *
 * - `GET /products/{identifier}/reviews/mine`: whether they may review the product (an account
 *   with a delivered order holding it) and their own review, hidden or not. Private: kept in
 *   memory under the account's id, never saved for offline use.
 * - `POST /products/{identifier}/reviews` writes their review, `PATCH …/reviews/mine` edits it.
 *   Once either succeeds, the product's reviews (every order, every page read) and the product
 *   itself (its rating and review count) are read again before the mutation settles, so the form's
 *   "posted" and the page's new count and average show together.
 */
import {
  queryOptions,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { ProductDetail } from '../../../../contract/catalog.ts';
import { REVIEWS_PREVIEW_COUNT } from '../../../../contract/review-rules.ts';
import type {
  MyReviewResponse,
  Review,
  ReviewBody,
  ReviewsPageResponse,
} from '../../../../contract/reviews.ts';
import { api } from '../../../lib/api-client.ts';
import { noteReviewsWritten, reviewsQueryOptions } from './get-reviews.ts';

export type MyReviewStanding = MyReviewResponse['data'];

/** The product as the review form needs it: the page's query keys use either identifier. */
export type ReviewedProduct = Pick<ProductDetail, '_id' | 'slug'>;

export const myReviewKey = (userId: string, identifier: string) =>
  ['my-review', userId, identifier] as const;

const reviewsPath = (identifier: string) => `/products/${encodeURIComponent(identifier)}/reviews`;

export function myReviewQueryOptions(identifier: string, userId: string) {
  return queryOptions({
    queryKey: myReviewKey(userId, identifier),
    queryFn: async ({ signal }) =>
      (await api.get<MyReviewResponse>(`${reviewsPath(identifier)}/mine`, { signal })).data,
    meta: { persist: false },
  });
}

type ReviewsPages = InfiniteData<ReviewsPageResponse['data']>;

/**
 * Reads the product's reviews and the product again after a review of it was written or edited.
 * The product answer may come from the browser's cache (public for 30 seconds), so its rating and
 * count are then set from the summary of the reviews just read, which are never older than the
 * write (get-reviews.ts): both are the average and count of the visible reviews.
 */
export async function rereadReviewedProduct(
  queryClient: QueryClient,
  product: ReviewedProduct,
): Promise<void> {
  const identifiers = [product.slug, product._id];
  noteReviewsWritten(identifiers);
  await Promise.all(
    identifiers.flatMap((identifier) => [
      queryClient.invalidateQueries({ queryKey: ['products', 'reviews', identifier] }),
      queryClient.invalidateQueries({ queryKey: ['products', 'detail', identifier] }),
    ]),
  );
  // Fresh now if it is on screen; read here if it is not (a product without reviews shows none).
  const newest: ReviewsPages = await queryClient.fetchInfiniteQuery(
    reviewsQueryOptions(product.slug, 'newest'),
  );
  const first = newest.pages[0];
  if (!first) return;
  for (const identifier of identifiers) {
    queryClient.setQueriesData<ProductDetail>(
      { queryKey: ['products', 'detail', identifier], exact: true },
      (detail) =>
        detail && {
          ...detail,
          rating: first.summary.average,
          reviewCount: first.summary.count,
          reviewsPreview: first.reviews.slice(0, REVIEWS_PREVIEW_COUNT),
        },
    );
  }
}

/**
 * Sends the shopper's review: POST while they have none, PATCH once they have. Once the server has
 * it, the product and its reviews are read again; then their standing holds the review as saved (a
 * hidden one stays hidden: an edit does not show it again) and `onSaved` runs, in the same turn,
 * so the form gives way to the saved review and its message together. (`onSaved` is the
 * mutation's own, not `mutate`'s: the form that called `mutate` may be gone by then.)
 */
export function useSaveReview(
  product: ReviewedProduct,
  userId: string,
  existing: boolean,
  onSaved: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReviewBody) => {
      const path = reviewsPath(product.slug);
      const response = existing
        ? await api.patch<{ success: true; data: Review }>(`${path}/mine`, { body })
        : await api.post<{ success: true; data: Review }>(path, { body });
      return response.data;
    },
    onSuccess: async (review) => {
      await rereadReviewedProduct(queryClient, product);
      queryClient.setQueryData<MyReviewStanding>(myReviewKey(userId, product.slug), (standing) => ({
        mayReview: standing?.mayReview ?? true,
        review: { ...review, hidden: standing?.review?.hidden ?? false },
      }));
      onSaved();
    },
  });
}
