/**
 * A labelled <input> (or <textarea> with `multiline`) with its error message beside it: `label`,
 * `error` (shown and wired with aria-invalid/aria-describedby), `hint`, plus every input attribute
 * (name, type, value, onChange, disabled, autoComplete...).
 */
import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { asSentence } from '../../lib/format.ts';
import styles from './text-field.module.css';

interface CommonProps {
  label: string;
  error?: string | null;
  hint?: string;
}

type InputProps = CommonProps & InputHTMLAttributes<HTMLInputElement> & { multiline?: false };
type AreaProps = CommonProps & TextareaHTMLAttributes<HTMLTextAreaElement> & { multiline: true };

export function TextField(props: InputProps | AreaProps) {
  const generated = useId();
  const { label, error, hint, id = generated, className, ...rest } = props;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  const shared = {
    id,
    className: [styles.input, error && styles.invalid, className].filter(Boolean).join(' '),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {rest.multiline ? (
        <textarea
          {...(withoutMultiline(rest) as TextareaHTMLAttributes<HTMLTextAreaElement>)}
          {...shared}
        />
      ) : (
        <input {...(withoutMultiline(rest) as InputHTMLAttributes<HTMLInputElement>)} {...shared} />
      )}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {asSentence(error)}
        </p>
      ) : null}
    </div>
  );
}

function withoutMultiline<T extends { multiline?: boolean }>(props: T): Omit<T, 'multiline'> {
  const { multiline: _multiline, ...rest } = props;
  return rest;
}
