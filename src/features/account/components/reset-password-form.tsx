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
  const navigate = useNavigate();
  const form = useSchemaForm(
    loadResetPasswordBody,
    { password: '', confirmPassword: '' },
    confirmMatches,
  );
  const submission = useFormSubmit(form, 'Your password could not be reset. Please try again.');
  const reset = useResetPassword();

  const onSubmit = submission.onSubmit((body) =>
    reset.mutate(
      { token, password: body.password },
      {
        onSuccess: () => {
          toast.success(PASSWORD_CHANGED);
          void navigate({ to: '/login', replace: true });
        },
        onError: submission.fail,
      },
    ),
  );

  const sending = reset.isPending;
  return (
    <AuthShell
      title="Reset password"
      intro={<p>Choose a new password for your account.</p>}
      footer={
        <p>
          Link expired? <Link to="/forgot-password">Request a new one</Link>
        </p>
      }
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Choose a new password"
      >
        <NewPasswordFields
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          disabled={sending}
        />
        <FormFailure message={submission.failure} />
        <Button type="submit" block loading={sending}>
          {sending ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
    </AuthShell>
  );
}
