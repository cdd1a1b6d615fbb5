import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldErrors } from '../../../hooks/use-schema-form.ts';

/** The confirmation must repeat the password exactly (its messages in the page's language). */
export function confirmMatches<V extends { password: string; confirmPassword: string }>(
  values: V,
  i18n: I18n,
): FieldErrors<V> {
  if (!values.confirmPassword) {
    return { confirmPassword: i18n._(msg`Confirm your password.`) } as FieldErrors<V>;
  }
  return values.password === values.confirmPassword
    ? {}
    : ({ confirmPassword: i18n._(msg`The passwords do not match.`) } as FieldErrors<V>);
}

export const PASSWORD_CHANGED = msg`Your password has been changed. Sign in with your new password.`;
