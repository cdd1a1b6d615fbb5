import { useId, type SelectHTMLAttributes } from 'react';
import styles from './consultancy-page.module.css';
import { asSentence } from '../../../lib/format.ts';

/** A labelled <select> with its error beside it, matching the shared TextField. */
export function SelectField({
  label,
  error,
  options,
  placeholder,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | null;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={[styles.select, error && styles.invalid].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...rest}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {asSentence(error)}
        </p>
      ) : null}
    </div>
  );
}
