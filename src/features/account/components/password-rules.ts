import type { FieldErrors } from '../../../hooks/use-schema-form.ts';

/** The confirmation must repeat the password exactly. */
export function confirmMatches<V extends { password: string; confirmPassword: string }>(
  values: V,
): FieldErrors<V> {
  if (!values.confirmPassword) {
    return { confirmPassword: 'Confirm your password.' } as FieldErrors<V>;
  }
  return values.password === values.confirmPassword
    ? {}
    : ({ confirmPassword: 'The passwords do not match.' } as FieldErrors<V>);
}

export const PASSWORD_CHANGED = 'Your password has been changed. Sign in with your new password.';
