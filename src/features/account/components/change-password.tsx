/**
 * The "Change password" section: the current password and a new one with registration's rules and a
 * confirmation (PATCH /user/auth/change-password). The server signs out every other device and
 * mails a notice; this one stays signed in, and is told so.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm, type FieldErrors } from '../../../hooks/use-schema-form.ts';
import { useChangePassword } from '../api/passwords.ts';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmMatches } from './password-rules.ts';
import styles from './profile-page.module.css';

const loadChangePasswordBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.changePasswordBody);

export const PASSWORD_CHANGED_HERE = msg`Your password has been changed. Every other device signed in to your account has been signed out.`;

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** registration's confirmation rule, for a form whose new password is `newPassword`. */
function newPasswordConfirmed(values: Values, i18n: I18n): FieldErrors<Values> {
  return confirmMatches(
    { password: values.newPassword, confirmPassword: values.confirmPassword },
    i18n,
  );
}

export function ChangePassword() {
  const { t, i18n } = useLingui();
  const change = useChangePassword();
  const form = useSchemaForm(
    loadChangePasswordBody,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    (values) => newPasswordConfirmed(values, i18n),
  );
  const submission = useFormSubmit(form, t`Your password could not be changed. Please try again.`);
  const [changed, setChanged] = useState(false);

  const onSubmit = submission.onSubmit((body) => {
    setChanged(false);
    change.mutate(
      { currentPassword: body.currentPassword, newPassword: body.newPassword },
      {
        onSuccess: () => {
          setChanged(true);
          form.reset();
        },
        onError: submission.fail,
      },
    );
  });

  const sending = change.isPending;
  return (
    <section className={styles.card} aria-labelledby="change-password-title">
      <h2 id="change-password-title" className={styles.cardTitle}>
        <Trans>Change password</Trans>
      </h2>
      <form onSubmit={onSubmit} noValidate aria-label={t`Change password`}>
        <TextField
          label={t`Current password`}
          type="password"
          autoComplete="current-password"
          disabled={sending}
          {...form.field('currentPassword')}
        />
        <NewPasswordFields
          password={form.field('newPassword')}
          confirmPassword={form.field('confirmPassword')}
          disabled={sending}
        />
        <FormFailure message={submission.failure} />
        {changed ? (
          <p className={styles.success} role="status">
            {i18n._(PASSWORD_CHANGED_HERE)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="dark" loading={sending}>
            <Trans>Change password</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}
