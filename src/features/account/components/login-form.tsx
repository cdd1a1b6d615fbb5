import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useLogin } from '../api/login.ts';
import { safeRedirect } from '../redirect-search.ts';
import { AuthShell } from './auth-shell.tsx';
import { GuestCheckoutForm } from './guest-checkout-form.tsx';
import styles from './auth.module.css';

const loadLoginBody = () => import('../../../../contract/auth.ts').then((rules) => rules.loginBody);

/** Where the cart's checkout buttons send a signed-out shopper. */
const CHECKOUT_PATH = '/checkout';

export function LoginForm({
  redirect,
  guest = false,
}: {
  redirect?: string | undefined;
  guest?: boolean | undefined;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(loadLoginBody, { email: '', password: '' });
  const submission = useFormSubmit(form, t`Sign-in failed. Please try again.`);
  const login = useLogin();

  const onSubmit = submission.onSubmit((body) =>
    login.mutate(body, {
      onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
      onError: submission.fail,
    }),
  );

  const sending = login.isPending;
  return (
    <AuthShell
      title={t`Sign in`}
      intro={
        <p>
          <Trans>
            Welcome back. Sign in to check out, track orders and keep your cart everywhere.
          </Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            New to Forge Nutrition?{' '}
            <Link to="/register" search={{ redirect }}>
              Create an account
            </Link>
          </Trans>
        </p>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`Sign in`}>
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
        <TextField
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          disabled={sending}
          {...form.field('password')}
        />
        <div className={styles.row}>
          <Link to="/forgot-password" className={styles.link}>
            <Trans>Forgot your password?</Trans>
          </Link>
        </div>
        <FormFailure message={submission.failure} />
        <Button type="submit" block loading={sending}>
          {sending ? t`Signing in…` : t`Sign in`}
        </Button>
      </form>
      {/* On the way to the checkout (from the cart), an account is not required. */}
      {redirect === CHECKOUT_PATH ? <GuestCheckoutForm focus={guest} /> : null}
    </AuthShell>
  );
}
