import { useLingui } from '@lingui/react/macro';
import type { ChangeEventHandler } from 'react';
import { PASSWORD_MIN } from '../../../../contract/auth-rules.ts';
import { TextField } from '../../../components/ui/text-field.tsx';

interface FieldProps {
  name: string;
  value: string;
  error: string | null;
  onChange: ChangeEventHandler<HTMLInputElement>;
}

/** A new password with its rule spelled out, and its confirmation (checked by confirmMatches). */
export function NewPasswordFields({
  password,
  confirmPassword,
  disabled,
  labels,
}: {
  password: FieldProps;
  confirmPassword: FieldProps;
  disabled: boolean;
  labels?: [password: string, confirmation: string];
}) {
  const { t } = useLingui();
  const [passwordLabel, confirmationLabel] = labels ?? [t`New password`, t`Confirm new password`];
  const min = PASSWORD_MIN;
  return (
    <>
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={t`At least ${min} characters, with a letter and a digit.`}
        disabled={disabled}
        {...password}
      />
      <TextField
        label={confirmationLabel}
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        {...confirmPassword}
      />
    </>
  );
}
