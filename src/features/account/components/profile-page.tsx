/**
 * Exports: ProfilePage — the signed-in shopper's profile: who they are, a form to change the name
 * and a form to change the password (current + new), each with messages beside the fields and the
 * server's message on failure.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCustomer } from '../../../stores/customer.ts';
import { toast } from '../../../stores/toasts.ts';
import { useChangePassword } from '../api/passwords.ts';
import { useUpdateProfile } from '../api/profile.ts';
import styles from './profile-page.module.css';

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : 'An error occurred. Please try again.';
}

function NameForm({ currentName }: { currentName: string }) {
  const update = useUpdateProfile();
  const [name, setName] = useState(currentName);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    setError(null);
    try {
      await update.mutateAsync({ name: name.trim() });
      toast.success('Your name has been updated.');
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldErrors.name ?? err.message) : messageOf(err));
    }
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate>
      <h2 className={styles.cardTitle}>Your name</h2>
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        value={name}
        error={error}
        disabled={update.isPending}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit" variant="dark" loading={update.isPending}>
        Save name
      </Button>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '' });
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!form.currentPassword) found.currentPassword = 'Current password is required';
    if (form.newPassword.length < 8) found.newPassword = 'Use at least 8 characters';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    try {
      await change.mutateAsync(form);
      setForm({ currentPassword: '', newPassword: '' });
      toast.success('Your password has been changed.');
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors({
          currentPassword: err.fieldErrors.currentPassword,
          newPassword: err.fieldErrors.newPassword,
        });
      }
      setFailure(messageOf(err));
    }
  }

  return (
    <form className={styles.card} onSubmit={onSubmit} noValidate>
      <h2 className={styles.cardTitle}>Change password</h2>
      {failure ? (
        <p className={styles.failure} role="alert">
          {failure}
        </p>
      ) : null}
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={form.currentPassword}
        error={errors.currentPassword}
        disabled={change.isPending}
        onChange={(event) => setForm({ ...form, currentPassword: event.target.value })}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={form.newPassword}
        error={errors.newPassword}
        disabled={change.isPending}
        onChange={(event) => setForm({ ...form, newPassword: event.target.value })}
      />
      <Button type="submit" variant="dark" loading={change.isPending}>
        Change password
      </Button>
    </form>
  );
}

export function ProfilePage() {
  const { user } = useCustomer();
  if (!user) return null;
  return (
    <main id="main" className={styles.page}>
      <p className={styles.eyebrow}>Your account</p>
      <h1 className={styles.title}>Profile</h1>
      <dl className={styles.summary}>
        <div>
          <dt>Name</dt>
          <dd data-testid="profile-name">{user.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
      </dl>
      <div className={styles.forms}>
        <NameForm key={user.name} currentName={user.name} />
        <PasswordForm />
      </div>
    </main>
  );
}
