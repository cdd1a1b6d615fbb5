/**
 * The staff's review list: every review, hidden ones too, newest first, a page at a time (the page
 * lives in the URL). Each row has its product (linked to its page), stars, title and text (a long
 * text cut short, with a way to read it all), who wrote it, whether they bought the product, and
 * whether the shop shows it. "Hide" asks for the reason in a dialog; "Show again" undoes it. The
 * list is read again after each, and a toast says what happened.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import type { AdminReview } from '../../../../contract/reviews.ts';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { LoadFailure } from '../../../components/ui/load-failure.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { formatOrderDateTime } from '../../../lib/order-format.ts';
import { useChunk } from '../../../hooks/use-chunk.ts';
import { toast } from '../../../stores/toasts.ts';
import { useDeskReviews, useModerateReview } from '../api/desk-reviews.ts';
import type { ReviewDeskSearch } from '../lib/desk-search.ts';
import styles from './admin.module.css';
import { DeskNav } from './desk-nav.tsx';
import frame from '../../../components/ui/page-frame.module.css';
import { DeskPager } from './desk-pager.tsx';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

/**
 * The hide dialog is a chunk of its own: it brings the contract's limit and the zod schemas built
 * with it, which the list should not wait for.
 */
const loadHideDialog = () => afterMessages(() => import('./hide-review-dialog.tsx'));

/** Longer texts show this many characters until "Read all". */
const BODY_PREVIEW = 180;

export function ReviewDeskPage({ search }: { search: ReviewDeskSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const reviews = useDeskReviews(search.page ?? 1);
  const answer = reviews.data;
  const total = answer?.pagination.total ?? 0;

  function goToPage(page: number) {
    void navigate({ to: '/admin/reviews', search: { page: page === 1 ? undefined : page } });
  }

  return (
    <main id="main" className={frame.page}>
      <DeskNav />
      <p className={frame.eyebrow}>
        <Trans>Staff</Trans>
      </p>
      <h1 className={frame.title}>
        <Trans>Reviews</Trans>
      </h1>

      <div className={styles.toolbar}>
        <p className={styles.muted} role="status">
          {answer ? <Plural value={total} one="# review" other="# reviews" /> : ''}
        </p>
      </div>

      {reviews.isPending ? (
        <Spinner label={t`Loading reviews`} />
      ) : !answer ? (
        <LoadFailure
          message={failureMessage(reviews.error, t`The reviews could not be loaded.`)}
          onRetry={() => void reviews.refetch()}
        />
      ) : (
        <>
          <div className={styles.tableScroll}>
            <table className={styles.table} aria-busy={reviews.isPlaceholderData || undefined}>
              <caption className="visually-hidden">
                <Trans>Reviews, newest first</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Product</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Stars</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Review</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Author</Trans>
                  </th>
                  <th scope="col">
                    <Trans>State</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {answer.reviews.map((review) => (
                  <ReviewRow key={review._id} review={review} />
                ))}
              </tbody>
            </table>
          </div>
          {answer.pagination.total === 0 ? (
            <p>
              <Trans>No reviews yet.</Trans>
            </p>
          ) : null}
          <DeskPager
            page={answer.pagination.page}
            totalPages={answer.pagination.totalPages}
            onPage={goToPage}
          />
        </>
      )}
    </main>
  );
}

function ReviewRow({ review }: { review: AdminReview }) {
  const { t } = useLingui();
  const { hiddenAt } = review;
  const rating = review.rating;
  const reason = review.hiddenReason;
  return (
    <tr>
      <td>
        <time dateTime={review.createdAt}>{formatOrderDateTime(review.createdAt)}</time>
      </td>
      <td>
        <Link to="/product/$identifier" params={{ identifier: review.productId }}>
          {review.productName}
        </Link>
      </td>
      <td>
        <span className={styles.stars} role="img" aria-label={t`${rating} out of 5 stars`}>
          {'★'.repeat(review.rating)}
          <span className={styles.emptyStars}>{'★'.repeat(5 - review.rating)}</span>
        </span>
      </td>
      <td className={styles.reviewText}>
        <strong className={styles.reviewTitle}>{review.title}</strong>
        <ReviewBody review={review} />
      </td>
      <td>
        {review.author}
        <span className={styles.muted}>
          {review.verifiedPurchase ? t`Verified purchase` : t`Not a verified purchase`}
        </span>
      </td>
      <td>
        <div className={styles.state}>
          {hiddenAt !== null ? (
            <>
              <span className={styles.hiddenBadge}>
                <Trans>Hidden</Trans>
              </span>
              <span className={styles.muted}>
                <Since at={hiddenAt} />
              </span>
              <span className={styles.muted}>
                <Trans>Reason: {reason}</Trans>
              </span>
            </>
          ) : (
            <span className={styles.badge}>
              <Trans>Published</Trans>
            </span>
          )}
          <ModerationButton review={review} />
        </div>
      </td>
    </tr>
  );
}

/** The text, cut at BODY_PREVIEW characters when longer, with "Read all" / "Show less". */
function ReviewBody({ review }: { review: AdminReview }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const title = review.title;
  if (review.body.length <= BODY_PREVIEW) return <p>{review.body}</p>;
  return (
    <>
      <p id={id}>{open ? review.body : `${review.body.slice(0, BODY_PREVIEW).trimEnd()}…`}</p>
      <button
        type="button"
        className={styles.linkButton}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        {open ? <Trans>Show less</Trans> : <Trans>Read all</Trans>}
        <span className="visually-hidden">
          {' '}
          <Trans>of “{title}”</Trans>
        </span>
      </button>
    </>
  );
}

/**
 * "Hide" (through the reason's dialog) or "Show again": one button whose label follows the
 * review's state, so the focus it holds, or is given back as the dialog closes, survives the
 * list being read again.
 */
function ModerationButton({ review }: { review: AdminReview }) {
  const { t } = useLingui();
  const hidden = review.hiddenAt !== null;
  const title = review.title;
  const author = review.author;
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const moderate = useModerateReview();
  const dialog = useChunk(loadHideDialog);
  const named = ` ${t`review “${title}” by ${author}`}`;

  function showAgain() {
    // Not disabled while it runs: a disabled button would drop the keyboard's focus.
    if (moderate.isPending) return;
    moderate.mutate(
      { reviewId: review._id, reason: null },
      {
        onSuccess: () => toast.success(t`The review “${title}” is shown again.`),
        onError: (error) =>
          toast.error(failureMessage(error, t`The review could not be shown again.`)),
      },
    );
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className={buttonClassName({ variant: 'outline', size: 'sm' })}
        aria-disabled={moderate.isPending || undefined}
        onClick={() => (hidden ? showAgain() : setAsking(true))}
      >
        {hidden ? <Trans>Show again</Trans> : <Trans>Hide</Trans>}
        <span className="visually-hidden">{named}</span>
      </button>
      {asking && dialog ? (
        <dialog.HideReviewDialog review={review} opener={button} onClose={() => setAsking(false)} />
      ) : null}
    </>
  );
}

/** "Since <date>" under a hidden review's badge. */
function Since({ at }: { at: string }) {
  const when = formatOrderDateTime(at);
  return (
    <Trans>
      Since <time dateTime={at}>{when}</time>
    </Trans>
  );
}
