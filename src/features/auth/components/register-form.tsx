import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN, registerBody } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useRegister } from '../api/register.ts';
import { safeRedirect } from '../api/session-effects.ts';
import { AuthShell, FormFailure } from './auth-shell.tsx';
import styles from './auth.module.css';
import { failureMessage } from './login-form.tsx';
import { confirmMatches } from './password-rules.ts';

export function RegisterForm({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(
    registerBody,
    { name: '', email: '', password: '', confirmPassword: '' },
    confirmMatches,
  );
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.submit();
    if (!body) {
      focusFirstInvalid(formRef.current);
      return;
    }
    register.mutate(
      { name: body.name, email: body.email, password: body.password },
      {
        onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.fieldErrors);
          setFailure(failureMessage(error, 'Your account could not be created. Please try again.'));
        },
      },
    );
  }

  const sending = register.isPending;
  return (
    <AuthShell
      title="Create account"
      intro={<p>Check out faster, follow your orders and keep your cart on every device.</p>}
      footer={
        <p>
          Already have an account?{' '}
          <Link to="/login" search={{ redirect }}>
            Sign in
          </Link>
        </p>
      }
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Create account"
      >
        <TextField label="Name" autoComplete="name" disabled={sending} {...form.field('name')} />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          disabled={sending}
          {...form.field('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN} characters, with a letter and a digit.`}
          disabled={sending}
          {...form.field('password')}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          disabled={sending}
          {...form.field('confirmPassword')}
        />
        <FormFailure message={failure} />
        <Button type="submit" block loading={sending}>
          {sending ? 'Creating account…' : 'Create account'}
        </Button>
      </form>
    </AuthShell>
  );
}
