/**
 * "Write a review" in the product page's reviews section, for a signed-in account: loaded on its
 * own (product-reviews.tsx imports it lazily once the page is hydrated and someone is signed in),
 * so none of it is in the product page's first JavaScript.
 *
 * It asks the server whether this shopper may review the product (`…/reviews/mine`) and shows:
 * - the form, for a shopper who received the product in a delivered order and has not reviewed it;
 * - their review with "Edit your review" (the form, prefilled, sent as an edit), once they have;
 * - a line saying only shoppers who received it may review it, for anyone else.
 *
 * The form: the stars as a radio group ("1 star" … "5 stars", the arrow keys move between them),
 * a title and the review, each checked beside the field before anything is sent (the contract's
 * limits and messages), the server's own field errors beside the fields, and anything else it
 * refuses (403, 409, 429) as the form's failure. Once saved, a status line says so and takes the
 * focus, and the page's reviews, count and average are read again (api/my-review.ts).
 *
 * `/product/{slug}#write-review` (the delivered-order e-mail's links) opens the form and, once it
 * shows, scrolls to it and focuses it.
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_RATING_MAX,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_MIN,
  WRITE_REVIEW_ANCHOR,
} from '../../../../contract/review-rules.ts';
import type { MyReview } from '../../../../contract/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { asSentence } from '../../../lib/format.ts';
import { myReviewQueryOptions, useSaveReview, type ReviewedProduct } from '../api/my-review.ts';
import styles from './write-review.module.css';

export const ONLY_BUYERS_TEXT = msg`Only shoppers who have received this product can review it.`;
export const REVIEW_POSTED_TEXT = msg`Thank you: your review is posted.`;
export const REVIEW_UPDATED_TEXT = msg`Your review is updated.`;
export const REVIEW_HIDDEN_TEXT = msg`The shop has hidden this review: it does not show on the product page.`;

const loadReviewRules = () =>
  import('../../../../contract/reviews.ts').then((rules) => rules.ReviewForm);

const STARS = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);
const starsText = (i18n: I18n, n: number) =>
  i18n._(msg`${plural(n, { one: '# star', other: '# stars' })}`);

const openedByLink = () =>
  typeof window !== 'undefined' && window.location.hash === `#${WRITE_REVIEW_ANCHOR}`;

export function WriteReview({ product, userId }: { product: ReviewedProduct; userId: string }) {
  const { i18n, t } = useLingui();
  const mine = useQuery(myReviewQueryOptions(product.slug, userId));
  const [editing, setEditing] = useState(openedByLink);
  // How the form takes the focus when it shows: brought to the top by the e-mail's link, or just
  // focused when "Edit your review" opens it (that button is gone then); not when the page opens.
  const [focusOnShow, setFocusOnShow] = useState<'link' | 'edit' | null>(() =>
    openedByLink() ? 'link' : null,
  );
  const [status, setStatus] = useState<string | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  function saved(text: string) {
    setEditing(false);
    setStatus(text);
    // The form the focus was in is gone: the focus goes to what replaced it.
    requestAnimationFrame(() => statusRef.current?.focus());
  }

  if (mine.isPending) return null;
  if (mine.isError) {
    return (
      <p className={styles.note} role="alert">
        {failureMessage(mine.error, t`Whether you can review this product could not be checked.`)}{' '}
        <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
          <Trans>Try again</Trans>
        </Button>
      </p>
    );
  }
  const { mayReview, review } = mine.data;
  if (!review && !mayReview) return <p className={styles.note}>{i18n._(ONLY_BUYERS_TEXT)}</p>;

  return (
    <div className={styles.writer}>
      <p ref={statusRef} tabIndex={-1} role="status" className={styles.status}>
        {status}
      </p>
      {review && !editing ? (
        <YourReview
          review={review}
          onEdit={() => {
            setStatus(null);
            setFocusOnShow('edit');
            setEditing(true);
          }}
        />
      ) : (
        <ReviewForm
          product={product}
          userId={userId}
          review={review}
          focusOnShow={focusOnShow}
          onSaved={() => saved(i18n._(review ? REVIEW_UPDATED_TEXT : REVIEW_POSTED_TEXT))}
          onCancel={review ? () => setEditing(false) : undefined}
        />
      )}
    </div>
  );
}

/** The shopper's review as it stands, with the way to edit it. */
function YourReview({ review, onEdit }: { review: MyReview; onEdit: () => void }) {
  const { i18n, t } = useLingui();
  const headingId = useId();
  const rating = review.rating;
  const max = REVIEW_RATING_MAX;
  return (
    <section className={styles.yours} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        <Trans>Your review</Trans>
      </h3>
      <p className={styles.yourTitle}>
        <span
          className={styles.shownStars}
          role="img"
          aria-label={t`${rating} out of ${max} stars`}
        >
          {'★'.repeat(review.rating)}
          <span className={styles.emptyStars}>{'★'.repeat(REVIEW_RATING_MAX - review.rating)}</span>
        </span>{' '}
        {review.title}
      </p>
      {review.hidden ? <p className={styles.note}>{i18n._(REVIEW_HIDDEN_TEXT)}</p> : null}
      <Button variant="outline" onClick={onEdit}>
        <Trans>Edit your review</Trans>
      </Button>
    </section>
  );
}

function ReviewForm({
  product,
  userId,
  review,
  focusOnShow,
  onSaved,
  onCancel,
}: {
  product: ReviewedProduct;
  userId: string;
  review: MyReview | null;
  focusOnShow: 'link' | 'edit' | null;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const form = useSchemaForm(loadReviewRules, {
    rating: review ? String(review.rating) : '',
    title: review?.title ?? '',
    body: review?.body ?? '',
  });
  const editing = review !== null;
  const submission = useFormSubmit(
    form,
    editing
      ? t`Your review could not be saved. Please try again.`
      : t`Your review could not be sent. Please try again.`,
  );
  const save = useSaveReview(product, userId, editing, onSaved);
  const onSubmit = submission.onSubmit((body) => save.mutate(body, { onError: submission.fail }));
  const [titleMin, titleMax] = [REVIEW_TITLE_MIN, REVIEW_TITLE_MAX];
  const [bodyMin, bodyMax] = [REVIEW_BODY_MIN, REVIEW_BODY_MAX];

  // Focused once, when it shows (see focusOnShow); the e-mail's link also brings it to the top.
  const formRef = useCallback(
    (element: HTMLFormElement | null) => {
      if (!element || !focusOnShow) return;
      if (focusOnShow === 'link') element.scrollIntoView({ block: 'start' });
      element.focus({ preventScroll: focusOnShow === 'link' });
    },
    // Only when the form first shows, not when how it would be focused changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  return (
    <form
      id={WRITE_REVIEW_ANCHOR}
      ref={formRef}
      tabIndex={-1}
      className={styles.form}
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      noValidate
    >
      <h3 id={headingId} className={styles.heading}>
        {editing ? <Trans>Edit your review</Trans> : <Trans>Write a review</Trans>}
      </h3>
      <StarRating disabled={save.isPending} {...form.field('rating')} />
      <TextField
        label={t`Title`}
        hint={t`${titleMin} to ${titleMax} characters.`}
        disabled={save.isPending}
        {...form.field('title')}
      />
      <TextField
        label={t`Your review`}
        multiline
        rows={6}
        hint={t`${bodyMin} to ${bodyMax} characters: what you liked, what you did not.`}
        disabled={save.isPending}
        {...form.field('body')}
      />
      <FormFailure message={submission.failure} />
      <div className={styles.actions}>
        <Button type="submit" loading={save.isPending}>
          {editing ? <Trans>Save your review</Trans> : <Trans>Post your review</Trans>}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The stars as native radio buttons ("1 star" … "5 stars"), so the keyboard works as in any radio
 * group: Tab reaches the chosen star (or the first), the arrow keys move and choose. The buttons
 * are hidden behind the stars they colour; the focused one is outlined.
 */
function StarRating({
  name,
  value,
  error,
  onChange,
  disabled,
}: {
  name: string;
  value: string;
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  disabled?: boolean;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const chosen = Number(value) || 0;
  const max = REVIEW_RATING_MAX;
  return (
    <fieldset
      className={styles.rating}
      role="radiogroup"
      aria-labelledby={legendId}
      aria-required="true"
    >
      <legend id={legendId} className={styles.legend}>
        <Trans>Your rating</Trans>
      </legend>
      <div className={styles.stars}>
        {STARS.map((n) => (
          <label
            key={n}
            className={[styles.star, n <= chosen && styles.lit].filter(Boolean).join(' ')}
          >
            <input
              type="radio"
              name={name}
              value={String(n)}
              checked={value === String(n)}
              onChange={onChange}
              disabled={disabled}
              className={styles.starInput}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            <span className={styles.starGlyph} aria-hidden="true">
              ★
            </span>
            <span className="visually-hidden">{starsText(i18n, n)}</span>
          </label>
        ))}
        <span className={styles.chosen} aria-hidden="true">
          {chosen ? (
            <Trans>
              {chosen} of {max}
            </Trans>
          ) : (
            <Trans>Choose 1 to 5 stars</Trans>
          )}
        </span>
      </div>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {asSentence(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
