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
  labels = ['New password', 'Confirm new password'],
}: {
  password: FieldProps;
  confirmPassword: FieldProps;
  disabled: boolean;
  labels?: [password: string, confirmation: string];
}) {
  return (
    <>
      <TextField
        label={labels[0]}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN} characters, with a letter and a digit.`}
        disabled={disabled}
        {...password}
      />
      <TextField
        label={labels[1]}
        type="password"
        autoComplete="new-password"
        disabled={disabled}
        {...confirmPassword}
      />
    </>
  );
}
