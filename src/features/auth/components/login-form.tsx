import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { loginBody } from '../../../../contract/auth.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { focusFirstInvalid, useSchemaForm } from '../../../hooks/use-schema-form.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLogin } from '../api/login.ts';
import { safeRedirect } from '../api/session-effects.ts';
import { AuthShell, FormFailure } from './auth-shell.tsx';
import styles from './auth.module.css';

/** Why a sign-in failed, in words the shopper can act on (DESIGN §8: never only logged). */
export function failureMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError)
      return 'We could not reach the shop. Check your connection and try again.';
    if (error.status === 429)
      return error.message || 'Too many attempts. Please wait a moment and try again.';
    return error.message || fallback;
  }
  return fallback;
}

export function LoginForm({ redirect }: { redirect?: string | undefined }) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(loginBody, { email: '', password: '' });
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const body = form.submit();
    if (!body) {
      focusFirstInvalid(formRef.current);
      return;
    }
    login.mutate(body, {
      onSuccess: () => void navigate({ href: safeRedirect(redirect), replace: true }),
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(error.fieldErrors);
        setFailure(failureMessage(error, 'Sign-in failed. Please try again.'));
      },
    });
  }

  const sending = login.isPending;
  return (
    <AuthShell
      title="Sign in"
      intro={<p>Welcome back. Sign in to check out, track orders and keep your cart everywhere.</p>}
      footer={
        <p>
          New to Forge Nutrition?{' '}
          <Link to="/register" search={{ redirect }}>
            Create an account
          </Link>
        </p>
      }
    >
      <form
        ref={formRef}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        aria-label="Sign in"
      >
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
          autoComplete="current-password"
          disabled={sending}
          {...form.field('password')}
        />
        <div className={styles.row}>
          <Link to="/forgot-password" className={styles.link}>
            Forgot your password?
          </Link>
        </div>
        <FormFailure message={failure} />
        <Button type="submit" block loading={sending}>
          {sending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </AuthShell>
  );
}
