import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const length = OTP_LENGTH;
  return (
    <AuthShell
      title={t`Forgot password`}
      intro={
        sentTo ? (
          <p>
            <Trans>Enter the {length}-digit code from the e-mail and choose a new password.</Trans>
          </p>
        ) : (
          <p>
            <Trans>
              Enter your account's e-mail. We will send you a reset link and a {length}-digit code.
            </Trans>
          </p>
        )
      }
      footer={
        <p>
          <Trans>
            Remembered it? <Link to="/login">Back to sign in</Link>
          </Trans>
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
  const { t } = useLingui();
  const form = useSchemaForm(loadForgotPasswordBody, { email: '' });
  const submission = useFormSubmit(form, t`The reset e-mail could not be sent. Please try again.`);
  const forgot = useForgotPassword();

  const onSubmit = submission.onSubmit((body) =>
    forgot.mutate(body, {
      onSuccess: (response) => {
        const email = body.email;
        onSent({
          email,
          message:
            response.message ||
            t`If an account exists for ${email}, we have sent a reset link and a code.`,
        });
      },
      onError: submission.fail,
    }),
  );

  const sending = forgot.isPending;
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Request a password reset`}
    >
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="email"
        disabled={sending}
        {...form.field('email')}
      />
      <FormFailure message={submission.failure} />
      <Button type="submit" block loading={sending}>
        {sending ? t`Sending…` : t`Send reset link and code`}
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
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(
    loadVerifyOtpResetBody,
    { email: sentTo.email, otp: '', password: '', confirmPassword: '' },
    (values) => confirmMatches(values, i18n),
  );
  const submission = useFormSubmit(form, t`Your password could not be reset. Please try again.`);
  const verify = useVerifyOtpReset();

  const onSubmit = submission.onSubmit((body) =>
    verify.mutate(
      { email: body.email, otp: body.otp, password: body.password },
      {
        onSuccess: () => {
          toast.success(i18n._(PASSWORD_CHANGED));
          void navigate({ to: '/login', replace: true });
        },
        onError: submission.fail,
      },
    ),
  );

  const sending = verify.isPending;
  const email = sentTo.email;
  const length = OTP_LENGTH;
  return (
    <form
      className={styles.form}
      onSubmit={onSubmit}
      noValidate
      aria-label={t`Reset with the e-mailed code`}
    >
      <p className={styles.success} role="status">
        {sentTo.message}
      </p>
      <p>
        <Trans>
          Code sent to <strong>{email}</strong>.
        </Trans>{' '}
        <button
          type="button"
          className={styles.secondary}
          onClick={onChangeEmail}
          disabled={sending}
        >
          <Trans>Use another e-mail</Trans>
        </button>
      </p>
      <TextField
        label={t`${length}-digit code`}
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
        {sending ? t`Saving…` : t`Reset password`}
      </Button>
    </form>
  );
}
