import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { toast } from '../../../stores/toasts.ts';
import { useResetPassword } from '../api/passwords.ts';
import { AuthShell } from './auth-shell.tsx';
import styles from './auth.module.css';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmMatches, PASSWORD_CHANGED } from './password-rules.ts';

const loadResetPasswordBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.resetPasswordBody);

export function ResetPasswordForm({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(
    loadResetPasswordBody,
    { password: '', confirmPassword: '' },
    (values) => confirmMatches(values, i18n),
  );
  const submission = useFormSubmit(form, t`Your password could not be reset. Please try again.`);
  const reset = useResetPassword();

  const onSubmit = submission.onSubmit((body) =>
    reset.mutate(
      { token, password: body.password },
      {
        onSuccess: () => {
          toast.success(i18n._(PASSWORD_CHANGED));
          void navigate({ to: '/login', replace: true });
        },
        onError: submission.fail,
      },
    ),
  );

  const sending = reset.isPending;
  return (
    <AuthShell
      title={t`Reset password`}
      intro={
        <p>
          <Trans>Choose a new password for your account.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            Link expired? <Link to="/forgot-password">Request a new one</Link>
          </Trans>
        </p>
      }
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label={t`Choose a new password`}
      >
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          disabled={sending}
        />
        <FormFailure message={submission.failure} />
        <Button type="submit" block loading={sending}>
          {sending ? t`Saving…` : t`Save new password`}
        </Button>
      </form>
    </AuthShell>
  );
}
