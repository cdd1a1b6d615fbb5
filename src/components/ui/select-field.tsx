/**
 * A labelled <select> with its error beside it (aria-invalid, aria-describedby), like TextField.
 */
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { asSentence } from '../../lib/format.ts';
import fieldStyles from './text-field.module.css';
import styles from './select-field.module.css';

export function SelectField({
  label,
  error,
  children,
  ...rest
}: {
  label: string;
  error?: string | null;
  children: ReactNode;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className={fieldStyles.error} role="alert">
          {asSentence(error)}
        </p>
      ) : null}
    </div>
  );
}
