import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button.tsx';
import { FormFailure } from '../../../components/ui/form-failure.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../hooks/use-form-submit.ts';
import { useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { useRegister } from '../api/register.ts';
import { safeRedirect } from '../redirect-search.ts';
import { AuthShell } from './auth-shell.tsx';
import styles from './auth.module.css';
import { NewPasswordFields } from './new-password-fields.tsx';
import { confirmMatches } from './password-rules.ts';

const loadRegisterBody = () =>
  import('../../../../contract/auth.ts').then((rules) => rules.registerBody);

export function RegisterForm({ redirect }: { redirect?: string | undefined }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm(
    loadRegisterBody,
    { name: '', email: '', password: '', confirmPassword: '' },
    (values) => confirmMatches(values, i18n),
  );
  const submission = useFormSubmit(form, t`Your account could not be created. Please try again.`);
  const register = useRegister();

  const onSubmit = submission.onSubmit((body) =>
    register.mutate(
      { name: body.name, email: body.email, password: body.password },
      {
        onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
        onError: submission.fail,
      },
    ),
  );

  const sending = register.isPending;
  return (
    <AuthShell
      title={t`Create account`}
      intro={
        <p>
          <Trans>Check out faster, follow your orders and keep your cart on every device.</Trans>
        </p>
      }
      footer={
        <p>
          <Trans>
            Already have an account?{' '}
            <Link to="/login" search={{ redirect }}>
              Sign in
            </Link>
          </Trans>
        </p>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t`Create account`}>
        <TextField label={t`Name`} autoComplete="name" disabled={sending} {...form.field('name')} />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
        <NewPasswordFields
          labels={[t`Password`, t`Confirm password`]}
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
          disabled={sending}
        />
        <FormFailure message={submission.failure} />
        <Button type="submit" block loading={sending}>
          {sending ? t`Creating account…` : t`Create account`}
        </Button>
      </form>
    </AuthShell>
  );
}
