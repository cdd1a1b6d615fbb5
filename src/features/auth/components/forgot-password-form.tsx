import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import {
  forgotPasswordBody,
  OTP_LENGTH,
  PASSWORD_MIN,
  verifyOtpResetBody,
} from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../stores/toasts.ts';
import { useForgotPassword, useVerifyOtpReset } from '../api/passwords.ts';
import { AuthShell, FormFailure } from './auth-shell.tsx';
import styles from './auth.module.css';
import { failureMessage } from './login-form.tsx';
import { confirmMatches } from './password-rules.ts';

export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';

/**
 * Step one asks for the e-mail; the shop then sends a link and a code. Step two takes the code
 * here, so a shopper reading mail on another device can finish on this one.
 */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  return (
    <AuthShell
      title="Forgot password"
      intro={
        sentTo ? (
          <p>Enter the {OTP_LENGTH}-digit code from the e-mail and choose a new password.</p>
        ) : (
          <p>
            Enter your account's e-mail. We will send you a reset link and a {OTP_LENGTH}-digit
            code.
          </p>
        )
      }
      footer={
        <p>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {sentTo ? (
        <CodeForm sentTo={sentTo} onChangeEmail={() => setSentTo(null)} />
      ) : (
        <EmailForm onSent={setSentTo} />
      )}
    </AuthShell>
  );
}

function EmailForm({ onSent }: { onSent: (sent: { email: string; message: string }) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(forgotPasswordBody, { email: '' });
  const forgot = useForgotPassword();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.submit();
    if (!body) {
      focusFirstInvalid(formRef.current);
      return;
    }
    forgot.mutate(body, {
      onSuccess: (response) =>
        onSent({
          email: body.email,
          message:
            response.message ||
            `If an account exists for ${body.email}, we have sent a reset link and a code.`,
        }),
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
        setFailure(failureMessage(error, 'The reset e-mail could not be sent. Please try again.'));
      },
    });
  }

  const sending = forgot.isPending;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Request a password reset"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        disabled={sending}
        {...form.field('email')}
      />
      <FormFailure message={failure} />
      <Button type="submit" block loading={sending}>
        {sending ? 'Sending…' : 'Send reset link and code'}
      </Button>
    </form>
  );
}

function CodeForm({
  sentTo,
  onChangeEmail,
}: {
  sentTo: { email: string; message: string };
  onChangeEmail: () => void;
}) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(
    verifyOtpResetBody,
    { email: sentTo.email, otp: '', password: '', confirmPassword: '' },
    confirmMatches,
  );
  const verify = useVerifyOtpReset();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.submit();
    if (!body) {
      focusFirstInvalid(formRef.current);
      return;
    }
    verify.mutate(
      { email: body.email, otp: body.otp, password: body.password },
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

  const sending = verify.isPending;
  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label="Reset with the e-mailed code"
    >
      <p className={styles.success} role="status">
        {sentTo.message}
      </p>
      <p>
        Code sent to <strong>{sentTo.email}</strong>.{' '}
        <button type="button" className={styles.secondary} onClick={onChangeEmail}>
          Use another e-mail
        </button>
      </p>
      <TextField
        label={`${OTP_LENGTH}-digit code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        disabled={sending}
        {...form.field('otp')}
      />
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
        {sending ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}
