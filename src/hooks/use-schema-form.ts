/**
 * Form state checked against a zod schema (usually the contract's own body schema, so the form and
 * the API agree on every rule and message).
 *
 * Exports: useSchemaForm(schema, initial) → { values, errors, field(name), setValue, submit,
 * setErrors, reset }. Each field's error sits beside it; after the first submit an error is
 * re-checked as the shopper types, so it disappears as soon as the value is fixed.
 */
import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';

type Values = Record<string, string>;
export type FieldErrors<V> = Partial<Record<keyof V & string, string>>;

export function firstErrors<V extends Values>(error: z.ZodError): FieldErrors<V> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !(key in errors)) errors[key] = issue.message;
  }
  return errors as FieldErrors<V>;
}

/**
 * `crossCheck` adds rules between fields the schema does not hold (a password and its
 * confirmation); its errors count like the schema's.
 */
export function useSchemaForm<V extends Values, S extends z.ZodType>(
  schema: S,
  initial: V,
  crossCheck?: (values: V) => FieldErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);

  function check(next: V): FieldErrors<V> {
    const result = schema.safeParse(next);
    const found: FieldErrors<V> = Object.assign({}, crossCheck?.(next));
    return result.success ? found : Object.assign(found, firstErrors<V>(result.error));
  }

  function setValue(name: keyof V & string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  }

  function field(name: keyof V & string) {
    return {
      name,
      value: values[name] ?? '',
      error: errors[name] ?? null,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value),
    };
  }

  /** The parsed body when every field is valid; otherwise null, with the errors shown. */
  function submit(): z.output<S> | null {
    setSubmitted(true);
    const found = check(values);
    const result = schema.safeParse(values);
    if (result.success && Object.keys(found).length === 0) {
      setErrors({});
      return result.data;
    }
    setErrors(found);
    return null;
  }

  function reset() {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  }

  return { values, errors, field, setValue, submit, setErrors, reset };
}

/** Moves focus to the first field marked invalid once React has painted the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => {
    form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });
}
