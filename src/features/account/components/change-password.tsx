/**
 * The "Change password" section: the current password and a new one with registration's rules and a
 * confirmation (PATCH /user/auth/change-password). The server signs out every other device and
 * mails a notice; this one stays signed in, and is told so.
 */
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

export const PASSWORD_CHANGED_HERE =
  'Your password has been changed. Every other device signed in to your account has been signed out.';

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };

/** registration's confirmation rule, for a form whose new password is `newPassword`. */
function newPasswordConfirmed(values: Values): FieldErrors<Values> {
  return confirmMatches({ password: values.newPassword, confirmPassword: values.confirmPassword });
}

export function ChangePassword() {
  const change = useChangePassword();
  const form = useSchemaForm(
    loadChangePasswordBody,
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    newPasswordConfirmed,
  );
  const submission = useFormSubmit(form, 'Your password could not be changed. Please try again.');
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
        Change password
      </h2>
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <TextField
          label="Current password"
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
            {PASSWORD_CHANGED_HERE}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" variant="dark" loading={sending}>
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
