/**
 * The product page's reviews: the average and count, how many gave each number of stars, and the
 * reviews themselves, newest first or by rating, a page at a time.
 *
 * The server's HTML already holds the summary line and the newest reviews the product answer
 * carries (`reviewsPreview`), so a crawler and a slow phone see them; the browser then reads the
 * first page with the star counts, and "Show more reviews" the next ones.
 *
 * Below the summary, once the page is hydrated (the server's page is the same for everyone): for
 * a signed-in account the review form (write-review.tsx, loaded only then), and for anyone else a
 * line saying reviews are written by buyers, with a link to sign in that comes back to the form.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import type { ProductDetail } from '../../../../contract/catalog.ts';
import { WRITE_REVIEW_ANCHOR } from '../../../../contract/review-rules.ts';
import type { Review, ReviewSummary } from '../../../../contract/reviews.ts';
import { Rating } from '../../../components/products/rating.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatShopDate } from '../../../lib/dates.ts';
import { countText, pluralForm } from '../../../lib/i18n/plural-form.ts';
import { useLocale } from '../../../lib/i18n/use-locale.ts';
import { useHydrated } from '../../../lib/ssr/hydrated.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { reviewsQueryOptions, type ReviewSort } from '../api/get-reviews.ts';
import styles from './product-reviews.module.css';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

const WriteReview = lazy(() =>
  afterMessages(() => import('./write-review.tsx')).then((module) => ({
    default: module.WriteReview,
  })),
);

export const REVIEW_SORT_LABELS: Record<ReviewSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  highest: msg`Highest rated`,
  lowest: msg`Lowest rated`,
};

export const NO_REVIEWS_TEXT = msg`No reviews yet.`;
export const BUYERS_WRITE_TEXT = msg`Reviews are written by shoppers who bought and received the product.`;

export function ProductReviews({ product }: { product: ProductDetail }) {
  const { i18n, t } = useLingui();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const sortId = useId();
  const hasReviews = product.reviewCount > 0;
  const reviews = useInfiniteQuery({
    ...reviewsQueryOptions(product.slug, sort),
    enabled: hasReviews,
  });
  const pages = reviews.data?.pages ?? [];
  const reviewCount = product.reviewCount;
  const summary = pages[0]?.summary ?? null;
  const listed: Review[] =
    pages.length > 0
      ? pages.flatMap((page) => page.reviews)
      : sort === 'newest'
        ? (product.reviewsPreview ?? [])
        : [];

  return (
    <section aria-labelledby="product-reviews" className={styles.reviews}>
      <h2 id="product-reviews" className={styles.title}>
        <Trans>Reviews</Trans>
      </h2>
      {hasReviews ? (
        <div className={styles.summary}>
          <p className={styles.average}>
            <span className={styles.averageNumber}>{product.rating.toFixed(1)}</span>
            <Rating rating={product.rating} reviewCount={product.reviewCount} />
            <span>
              <ReviewCount count={reviewCount} />
            </span>
          </p>
          {summary ? <StarCounts summary={summary} /> : null}
        </div>
      ) : (
        <p>{i18n._(NO_REVIEWS_TEXT)}</p>
      )}
      <ReviewWriting product={product} />
      {hasReviews ? (
        <>
          <div className={styles.sort}>
            <label htmlFor={sortId}>
              <Trans>Sort reviews</Trans>
            </label>
            <select
              id={sortId}
              value={sort}
              onChange={(event) => setSort(event.target.value as ReviewSort)}
            >
              {(Object.keys(REVIEW_SORT_LABELS) as ReviewSort[]).map((key) => (
                <option key={key} value={key}>
                  {i18n._(REVIEW_SORT_LABELS[key])}
                </option>
              ))}
            </select>
          </div>
          <ul className={styles.list}>
            {listed.map((review) => (
              <ReviewItem key={review._id} review={review} />
            ))}
          </ul>
          {reviews.isError ? (
            <p className={styles.failure} role="alert">
              {failureMessage(reviews.error, t`The reviews could not be loaded.`)}{' '}
              <Button variant="outline" onClick={() => void reviews.refetch()}>
                <Trans>Try again</Trans>
              </Button>
            </p>
          ) : null}
          {reviews.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void reviews.fetchNextPage()}
              loading={reviews.isFetchingNextPage}
            >
              <Trans>Show more reviews</Trans>
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/**
 * Who may write a review, known only in the browser: nothing on the server nor while hydrating
 * (the page is the same for everyone until then), so a signed-in shopper never sees the signed-out
 * line first. An account then gets the form's own code, loaded now; a visitor or a guest checkout
 * (no account to keep a review with) the line and a sign-in link that comes back to the form.
 */
function ReviewWriting({ product }: { product: ProductDetail }) {
  const { i18n } = useLingui();
  const hydrated = useHydrated();
  const { user } = useCustomer();
  if (!hydrated) return null;
  if (user && !user.guest) {
    return (
      <Suspense fallback={null}>
        <WriteReview key={user._id} product={product} userId={user._id} />
      </Suspense>
    );
  }
  return (
    <p className={styles.writeInvite}>
      {i18n._(BUYERS_WRITE_TEXT)}{' '}
      <Link to="/login" search={{ redirect: `/product/${product.slug}#${WRITE_REVIEW_ANCHOR}` }}>
        <Trans>Sign in to review it</Trans>
      </Link>
    </p>
  );
}

/**
 * "Based on 12 reviews". On a product page's first render: its form and number are written
 * without Intl (plural-form.ts), as are the star counts' below.
 */
function ReviewCount({ count }: { count: number }) {
  const { t } = useLingui();
  const locale = useLocale();
  const form = pluralForm(count, locale);
  const reviews = countText(count, locale);
  return t`${select(form, { one: `Based on ${reviews} review`, other: `Based on ${reviews} reviews` })}`;
}

/** How many reviews gave each number of stars, 5 to 1, as bars with their counts. */
function StarCounts({ summary }: { summary: ReviewSummary }) {
  const { t } = useLingui();
  const locale = useLocale();
  const stars = [5, 4, 3, 2, 1] as const;
  return (
    <ul className={styles.histogram} aria-label={t`Reviews by stars`}>
      {stars.map((star) => {
        const count = summary.histogram[star];
        const share = summary.count > 0 ? count / summary.count : 0;
        const starForm = pluralForm(star, locale);
        const countForm = pluralForm(count, locale);
        return (
          <li key={star} className={styles.bar}>
            <span>{t`${select(starForm, { one: `${star} star`, other: `${star} stars` })}`}</span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fill} style={{ width: `${Math.round(share * 100)}%` }} />
            </span>
            <span>
              {count}
              <span className="visually-hidden">
                {' '}
                {t`${select(countForm, { one: 'review', other: 'reviews' })}`}
              </span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useLingui();
  const locale = useLocale();
  const rating = review.rating;
  return (
    <li className={styles.review}>
      <span className={styles.stars} role="img" aria-label={t`${rating} out of 5 stars`}>
        {'★'.repeat(review.rating)}
        <span className={styles.emptyStars}>{'★'.repeat(5 - review.rating)}</span>
      </span>
      <h3 id={`review-${review._id}`} className={styles.reviewTitle}>
        {review.title}
      </h3>
      <p className={styles.byline}>
        {review.author}
        {review.verifiedPurchase ? (
          <span className={styles.verified}>
            {' '}
            · <Trans>Verified purchase</Trans>
          </span>
        ) : null}{' '}
        ·{' '}
        <time dateTime={review.createdAt}>
          {formatShopDate(new Date(review.createdAt), locale)}
        </time>
      </p>
      <p className={styles.body}>{review.body}</p>
    </li>
  );
}
