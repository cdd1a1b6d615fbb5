/**
 * The submit half of a form backed by useSchemaForm: stops the browser's own submit, checks every
 * field (focusing the first invalid one), and turns a failed request into field errors beside the
 * fields plus one message for the whole form (a failure is never only logged).
 *
 * The caller's texts (`fallback`, `sent`, `failed`) come translated; the hook's own (the shop could
 * not be reached, too many attempts) are in the page's language when an I18nProvider is above.
 */
import { LinguiContext } from '@lingui/react';
import { useCallback, useContext, useState, type FormEvent } from 'react';
import { ApiError } from '../lib/api-client.ts';
import { apiErrorText, failureMessage, unreachableMessage } from '../lib/failure-message.ts';
import { fieldErrorText } from './field-error-text.ts';
import { focusFirstInvalid, type FieldErrors } from './use-schema-form.ts';

interface SubmittableForm<B> {
  submit(): Promise<B | null>;
  setErrors(errors: FieldErrors<Record<string, string>>): void;
}

/** The part of a TanStack mutation a form sends with. */
interface SendingMutation<B, R> {
  mutate(body: B, options: { onSuccess(response: R): void; onError(error: unknown): void }): void;
}

export function useFormSubmit<B>(form: SubmittableForm<B>, fallback: string) {
  const [failure, setFailure] = useState<string | null>(null);
  // Read without useLingui, which throws where no provider is above (forms not yet translated).
  const i18n = useContext(LinguiContext)?.i18n;

  /**
   * The mutation's onError: server field errors go beside their fields, the rest above. The
   * server writes English: a field error the form's rules also know is said in the page's language
   * beside the field (useSchemaForm's `field()`); another is said as its code's meaning there.
   */
  function fail(error: unknown) {
    if (error instanceof ApiError) {
      const errors: Record<string, string> = {};
      for (const [name, message] of Object.entries(error.fieldErrors)) {
        errors[name] =
          fieldErrorText(message, i18n) === message ? apiErrorText(error, i18n, message) : message;
      }
      form.setErrors(errors);
    }
    setFailure(failureMessage(error, fallback, i18n));
  }

  /** A form's onSubmit that calls `send` with the parsed body once every field is valid. */
  function onSubmit(send: (body: B) => void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      setFailure(null);
      let body: B | null;
      try {
        body = await form.submit();
      } catch (error) {
        // The form's rules could not be loaded: the connection dropped before they arrived.
        console.warn('form rules could not be loaded', error);
        setFailure(unreachableMessage(i18n));
        return;
      }
      if (body) send(body);
      else focusFirstInvalid(element);
    };
  }

  return { failure, fail, onSubmit };
}

/**
 * A form that is replaced by a confirmation once its request succeeds (contact, consultancy):
 * `sent` is the server's message, or `texts.sent` when it gives none, and the form is emptied;
 * `again()` shows it once more. A failure is `failure`, as with useFormSubmit.
 *
 * `sentRef` goes on the confirmation (with tabIndex -1): it is brought into view and focused when it
 * shows. It replaces a form that was often much taller, so on a phone it would otherwise appear
 * above the screen, with the shopper looking at the footer.
 */
export function useSendForm<B, R extends { message?: string }>(
  form: SubmittableForm<B> & { reset(): void },
  mutation: SendingMutation<B, R>,
  texts: { sent: string; failed: string },
) {
  const submission = useFormSubmit(form, texts.failed);
  const [sent, setSent] = useState<string | null>(null);
  const onSubmit = submission.onSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (response) => {
        setSent(response.message || texts.sent);
        form.reset();
      },
      onError: submission.fail,
    }),
  );
  const sentRef = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'nearest' });
  }, []);
  return { failure: submission.failure, onSubmit, sent, sentRef, again: () => setSent(null) };
}
