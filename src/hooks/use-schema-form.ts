/**
 * Form state checked against a zod schema (usually the contract's own body schema, so the form and
 * the API agree on every rule and message).
 *
 * Each field's error sits beside it; after the first submit an error is re-checked as the shopper
 * types, so it disappears as soon as the value is fixed.
 *
 * The schema comes through a dynamic import (`() => import('contract/…').then(…)`): the contract's
 * schemas need the full zod, about 25 KiB gzipped, which a form page should not wait for before it
 * renders. Running zod's module is itself a long task on a phone (some 90–200 ms at a quarter of a
 * laptop's speed), so the import starts at the shopper's first input on the page, not while it
 * loads; a submit waits for it, and one made offline before it arrived is reported beside the form
 * (the service worker holds the file once installed).
 *
 * The contract's messages are in English; `field()` gives each error in the page's language when
 * it knows it (./field-error-text.ts) and an I18nProvider is above. `errors` keeps them as they came.
 */
import { LinguiContext } from '@lingui/react';
import { useContext, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { flushSync } from 'react-dom';
import type { z } from 'zod';
import { onFirstInput } from '../lib/first-input.ts';
import { fieldErrorText } from './field-error-text.ts';

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
  loadSchema: () => Promise<S>,
  initial: V,
  crossCheck?: (values: V) => FieldErrors<V>,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [submitted, setSubmitted] = useState(false);
  const schema = useRef<S | null>(null);
  const loading = useRef<Promise<S> | null>(null);
  // Read without useLingui, which throws where no provider is above (forms not yet translated).
  const i18n = useContext(LinguiContext)?.i18n;

  /** The schema, imported once; a failed import (a dropped connection) is tried again next time. */
  function getSchema(): Promise<S> {
    loading.current ??= loadSchema().then(
      (loaded) => (schema.current = loaded),
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    );
    return loading.current;
  }

  useEffect(
    () =>
      onFirstInput(() => {
        getSchema().catch(() => {
          // A submit imports it again and reports the failure beside the form.
        });
      }),
    // Once, when the form first shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  function check(rules: S, next: V): FieldErrors<V> {
    const result = rules.safeParse(next);
    const found: FieldErrors<V> = Object.assign({}, crossCheck?.(next));
    return result.success ? found : Object.assign(found, firstErrors<V>(result.error));
  }

  function setValue(name: keyof V & string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    if (submitted && schema.current) setErrors(check(schema.current, next));
  }

  function field(name: keyof V & string) {
    const error = errors[name];
    return {
      name,
      value: values[name] ?? '',
      error: error === undefined ? null : fieldErrorText(error, i18n),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        setValue(name, event.target.value),
    };
  }

  /**
   * The parsed body when every field is valid; otherwise null, with the errors shown. Rejects
   * when the schema cannot be imported.
   */
  async function submit(): Promise<z.output<S> | null> {
    setSubmitted(true);
    const rules = await getSchema();
    const found = check(rules, values);
    const result = rules.safeParse(values);
    if (result.success && Object.keys(found).length === 0) {
      setErrors({});
      return result.data;
    }
    // Painted now, not at React's next turn: the submit handler focuses the first invalid field
    // right after this, and it awaited the schema, so it is no longer a batched click handler.
    flushSync(() => setErrors(found));
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
