/**
 * The e-mail change, in two parts:
 * - ChangeEmail: the "Change e-mail" section: the new address and the current password (POST
 *   /user/profile/email). The e-mail changes only once the link mailed to the new address is
 *   opened, so success says that and the form empties.
 * - EmailConfirmation: what the mailed link (`/profile/me?confirmEmail=<token>`) opens to: the
 *   token is sent once, the param leaves the URL (replacing the history entry, so Back or a reload
 *   never sends a used token again) and the outcome is announced: the new e-mail, or the server's
 *   reason.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { failureMessage } from '../../../lib/failure-message.ts';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useConfirmEmailChange, useRequestEmailChange } from '../api/email-change.ts';
import styles from './profile-page.module.css';

const loadChangeEmailBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.changeEmailBody);

export const EMAIL_CHANGE_FALLBACK = msg`We have sent a confirmation link to the new address. Your e-mail changes once you open it.`;

export function ChangeEmail() {
  const { t, i18n } = useLingui();
  const request = useRequestEmailChange();
  const form = useSchemaForm(loadChangeEmailBody, { newEmail: '', password: '' });
  const submission = useFormSubmit(form, t`Your e-mail could not be changed. Please try again.`);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = submission.onSubmit((body) => {
    setSent(null);
    request.mutate(body, {
      onSuccess: (response) => {
        setSent(response.message || i18n._(EMAIL_CHANGE_FALLBACK));
        form.reset();
      },
      onError: submission.fail,
    });
  });

  const sending = request.isPending;
  return (
    <section className={styles.card} aria-labelledby="change-email-title">
      <h2 id="change-email-title" className={styles.cardTitle}>
        <Trans>Change e-mail</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>We send a link to the new address; your e-mail changes when you open it.</Trans>
      </p>
      <form onSubmit={onSubmit} noValidate aria-label={t`Change e-mail`}>
        <TextField
          label={t`New e-mail`}
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('newEmail')}
        />
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          disabled={sending}
          {...form.field('password')}
        />
        <FormFailure message={submission.failure} />
        {sent ? (
          <p className={styles.success} role="status">
            {sent}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="dark" loading={sending}>
            <Trans>Send confirmation link</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

export function EmailConfirmation({ token }: { token: string | undefined }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const confirm = useConfirmEmailChange();
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate(token);
    void navigate({ to: '/profile/me', search: {}, replace: true });
  }, [token, mutate, navigate]);

  if (confirm.isIdle && !token) return null;
  let notice: ReactNode = (
    <p className={styles.notice} role="status">
      <Trans>Confirming your new e-mail…</Trans>
    </p>
  );
  if (confirm.isSuccess) {
    const { message, user } = confirm.data;
    const email = user?.email;
    notice = (
      <p className={`${styles.notice} ${styles.success}`} role="status">
        {message}
        {user ? (
          <>
            {' '}
            <Trans>
              Your e-mail is now <strong>{email}</strong>.
            </Trans>
          </>
        ) : null}
      </p>
    );
  } else if (confirm.isError) {
    notice = (
      <p className={`${styles.notice} ${styles.failure}`} role="alert">
        {failureMessage(
          confirm.error,
          t`Your new e-mail could not be confirmed. Please try again.`,
        )}
      </p>
    );
  }
  // Shown from the first paint (as "Confirming…"), so the outcome moves nothing below it.
  return <div className={styles.noticeArea}>{notice}</div>;
}
