import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { OTP_LENGTH } from '../../../../contract/auth-rules.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { toast } from '../../../stores/toasts.ts';
import { useForgotPassword, useVerifyOtpReset } from '../api/passwords.ts';
import { AuthShell } from './auth-shell.tsx';
import styles from './auth.module.css';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmMatches, PASSWORD_CHANGED } from './password-rules.ts';

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

const loadForgotPasswordBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.forgotPasswordBody);
const loadVerifyOtpResetBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.verifyOtpResetBody);

function EmailForm({ onSent }: { onSent: (sent: { email: string; message: string }) => void }) {
  const form = useSchemaForm(loadForgotPasswordBody, { email: '' });
  const submission = useFormSubmit(form, 'The reset e-mail could not be sent. Please try again.');
  const forgot = useForgotPassword();

  const onSubmit = submission.onSubmit((body) =>
    forgot.mutate(body, {
      onSuccess: (response) =>
        onSent({
          email: body.email,
          message:
            response.message ||
            `If an account exists for ${body.email}, we have sent a reset link and a code.`,
        }),
      onError: submission.fail,
    }),
  );

  const sending = forgot.isPending;
  return (
    <form
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
      <FormFailure message={submission.failure} />
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
  const form = useSchemaForm(
    loadVerifyOtpResetBody,
    { email: sentTo.email, otp: '', password: '', confirmPassword: '' },
    confirmMatches,
  );
  const submission = useFormSubmit(form, 'Your password could not be reset. Please try again.');
  const verify = useVerifyOtpReset();

  const onSubmit = submission.onSubmit((body) =>
    verify.mutate(
      { email: body.email, otp: body.otp, password: body.password },
      {
        onSuccess: () => {
          toast.success(PASSWORD_CHANGED);
          void navigate({ to: '/login', replace: true });
        },
        onError: submission.fail,
      },
    ),
  );

  const sending = verify.isPending;
  return (
    <form
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
        <button
          type="button"
          className={styles.secondary}
          onClick={onChangeEmail}
          disabled={sending}
        >
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
      <NewPasswordFields
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
        disabled={sending}
      />
      <FormFailure message={submission.failure} />
      <Button type="submit" block loading={sending}>
        {sending ? 'Saving…' : 'Reset password'}
      </Button>
    </form>
  );
}
