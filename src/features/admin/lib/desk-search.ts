/**
 * The order desk's list state in the URL: status, date range (days, `to` included), search text,
 * sort and page. It runs with the route definitions on every first page, so it uses the search
 * param readers (lib/search-params.ts) and imports nothing else: not even the contract's status list, whose module would come along whole
 * (desk-query.ts checks the status once the desk's own code has loaded). A value that does not
 * fit is dropped and the default shows instead.
 */
import {
  matching,
  oneOf,
  searchSchema,
  searchText,
  wholeNumber,
} from '../../../lib/search-params.ts';

export const DESK_SORTS = ['createdAt', 'total'] as const;
export type DeskSort = (typeof DESK_SORTS)[number];

/** One refinement rather than zod's regex check: less to ship. */
export const deskSearchSchema = searchSchema({
  status: matching(/^[a-z_]{1,40}$/),
  /** A day, 2026-11-25. */
  from: matching(/^\d{4}-\d{2}-\d{2}$/),
  to: matching(/^\d{4}-\d{2}-\d{2}$/),
  q: searchText,
  sort: oneOf(DESK_SORTS),
  order: oneOf(['asc', 'desc']),
  page: wholeNumber(1, 100_000),
});

export interface DeskSearch {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort?: DeskSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
}

/** The review desk's list in the URL: only its page. */
export const reviewDeskSearchSchema = searchSchema({ page: wholeNumber(1, 100_000) });

export interface ReviewDeskSearch {
  page?: number | undefined;
}
