/**
 * The desk's review moderation:
 * - `GET /admin/reviews`: every review, hidden ones too, newest first, a page at a time.
 * - `POST /admin/reviews/:id/hide` `{ reason }`: the review leaves the shop, and the product's
 *   rating and count with it; 400 names `reason` when it is empty or too long.
 * - `POST /admin/reviews/:id/unhide`: it is shown again.
 *
 * Either way the pages are read again (a refusal too: the review may have changed or gone). The
 * previous page stays on screen while the next loads. In the route's loader a 403 (not staff) is
 * the shop's not-found page.
 */
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { AdminReview, AdminReviewsPageResponse } from '../../../../contract/reviews.ts';
import type { z } from 'zod';
import { api, ApiError } from '../../../lib/api-client.ts';
import type { ReviewDeskSearch } from '../lib/desk-search.ts';
import { notFoundUnlessStaff } from './desk-orders.ts';
import { DESK_QUERY_META, deskKeys } from './keys.ts';

export const REVIEW_DESK_PAGE_SIZE = 20;

type ReviewsAnswer = z.infer<typeof AdminReviewsPageResponse>;
type ReviewAnswer = { success: true; data: AdminReview };
const reviewPath = (reviewId: string) => `/admin/reviews/${encodeURIComponent(reviewId)}`;

export function deskReviewsQueryOptions(page: number) {
  return queryOptions({
    queryKey: deskKeys.reviewList(page),
    queryFn: async ({ signal }) =>
      (
        await api.get<ReviewsAnswer>('/admin/reviews', {
          query: { page, limit: REVIEW_DESK_PAGE_SIZE },
          signal,
        })
      ).data,
    // Shoppers write reviews and other staff hide them: read afresh on every visit.
    staleTime: 0,
    meta: DESK_QUERY_META,
  });
}

export function useDeskReviews(page: number) {
  return useQuery({ ...deskReviewsQueryOptions(page), placeholderData: keepPreviousData });
}

export async function loadDeskReviews(queryClient: QueryClient, search: ReviewDeskSearch) {
  try {
    await queryClient.ensureQueryData(deskReviewsQueryOptions(search.page ?? 1));
  } catch (error) {
    notFoundUnlessStaff(error);
  }
}

export interface Moderation {
  reviewId: string;
  /** Why it is hidden; null shows it again. */
  reason: string | null;
}

export function useModerateReview() {
  const queryClient = useQueryClient();
  const reread = () => queryClient.invalidateQueries({ queryKey: deskKeys.reviewLists() });
  return useMutation({
    mutationFn: async ({ reviewId, reason }: Moderation) =>
      (
        await api.post<ReviewAnswer>(
          `${reviewPath(reviewId)}/${reason === null ? 'unhide' : 'hide'}`,
          reason === null ? {} : { body: { reason } },
        )
      ).data,
    onSuccess: reread,
    onError: async (error) => {
      if (!(error instanceof ApiError) || error.status === 0) return;
      await reread();
    },
  });
}
