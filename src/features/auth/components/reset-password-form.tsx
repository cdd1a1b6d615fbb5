import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN, resetPasswordBody } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../stores/toasts.ts';
import { useResetPassword } from '../api/passwords.ts';
import { AuthShell, FormFailure } from './auth-shell.tsx';
import styles from './auth.module.css';
import { PASSWORD_CHANGED } from './forgot-password-form.tsx';
import { failureMessage } from './login-form.tsx';
import { confirmMatches } from './password-rules.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(
    resetPasswordBody,
    { password: '', confirmPassword: '' },
    confirmMatches,
  );
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.submit();
    if (!body) {
      focusFirstInvalid(formRef.current);
      return;
    }
    reset.mutate(
      { token, password: body.password },
      {
        onSuccess: () => {
          toast.success(PASSWORD_CHANGED);
          void navigate({ to: '/login', replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.fieldErrors);
          setFailure(failureMessage(error, 'Your password could not be reset. Please try again.'));
        },
      },
    );
  }

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
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Choose a new password"
      >
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, with a letter and a digit.`}
          disabled={sending}
          {...form.field('password')}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          disabled={sending}
          {...form.field('confirmPassword')}
        />
        <FormFailure message={failure} />
        <Button type="submit" block loading={sending}>
          {sending ? 'Saving…' : 'Save new password'}
        </Button>
      </form>
    </AuthShell>
  );
}
