/**
 * Hiding a review: a modal dialog naming the review, with the reason it is hidden (required, at
 * most HIDE_REASON_MAX characters, checked beside the field before anything is sent; the server's
 * 400 lands there too). On success it closes, focus goes back to the row's button and a toast says
 * what happened; any other failure shows above the buttons and the dialog stays.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent, type RefObject } from 'react';
import { HIDE_REASON_MAX, type AdminReview } from '../../../../contract/reviews.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { focusFirstInvalid } from '../../../hooks/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { failureMessage } from '../../../lib/failure-message.ts';
import { toast } from '../../../stores/toasts.ts';
import { useModerateReview } from '../api/desk-reviews.ts';
import styles from './admin.module.css';

export function HideReviewDialog({
  review,
  opener,
  onClose,
}: {
  review: AdminReview;
  opener: RefObject<HTMLButtonElement | null>;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const moderate = useModerateReview();
  const max = HIDE_REASON_MAX;
  const { title, author, productName } = review;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const text = reason.trim();
    const found = !text
      ? t`Enter why the review is hidden.`
      : text.length > HIDE_REASON_MAX
        ? t`Must be at most ${max} characters.`
        : null;
    setError(found);
    setFailure(null);
    if (found) {
      focusFirstInvalid(form);
      return;
    }
    moderate.mutate(
      { reviewId: review._id, reason: text },
      {
        onSuccess: () => {
          onClose();
          toast.success(t`The review “${title}” is hidden.`);
        },
        onError: (failed) => {
          const field = failed instanceof ApiError ? failed.fieldErrors.reason : undefined;
          if (field) {
            setError(field);
            focusFirstInvalid(form);
          } else {
            setFailure(failureMessage(failed, t`The review could not be hidden.`));
          }
        },
      },
    );
  }

  const sending = moderate.isPending;
  return (
    <Dialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      returnFocusTo={opener}
    >
      <form
        className={styles.dialogForm}
        aria-labelledby={`${id}-title`}
        noValidate
        onSubmit={onSubmit}
      >
        <h2 id={`${id}-title`}>
          <Trans>Hide this review?</Trans>
        </h2>
        <p id={`${id}-text`} className={styles.dialogText}>
          <Trans>
            “{title}” by {author} on {productName} leaves the product page, its rating and its
            review count. It can be shown again.
          </Trans>
        </p>
        <TextField
          multiline
          label={t`Reason`}
          name="reason"
          rows={3}
          value={reason}
          error={error}
          hint={t`Kept for the desk, not shown to shoppers. At most ${max} characters.`}
          data-autofocus
          onChange={(event) => setReason(event.target.value)}
        />
        <FormFailure message={failure} />
        <div className={styles.actions}>
          <Button variant="dark" onClick={onClose}>
            <Trans>Keep it</Trans>
          </Button>
          <Button type="submit" variant="primary" loading={sending}>
            <Trans>Hide review</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
