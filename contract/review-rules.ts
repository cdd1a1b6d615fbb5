/**
 * The review form's limits as plain values, without a schema library, so the product page can
 * show them (and link to the form) before the zod schemas of `./reviews.ts` (built from these
 * values) have loaded.
 */

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_TITLE_MIN = 3;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;

/** How many reviews the product answer carries for the page's first screen and its JSON-LD. */
export const REVIEWS_PREVIEW_COUNT = 3;

/**
 * The id of the product page's review form: `/product/{slug}#write-review` (the delivered-order
 * e-mail's links) scrolls to it and focuses it once it shows.
 */
export const WRITE_REVIEW_ANCHOR = 'write-review';
