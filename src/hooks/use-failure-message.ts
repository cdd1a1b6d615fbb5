/**
 * failureMessage (lib/failure-message.ts) for a page that shows a failure only when something goes
 * wrong — an order that could not be loaded or cancelled. That module and the texts of every
 * error code it knows are about 1.3 KiB of script and more of messages, which such a page need
 * not load before anything has failed. A page that sends forms loads them anyway, with the forms.
 */
import { useEffect, useState } from 'react';
import { afterMessages } from '../lib/i18n/catalogs.ts';
import { loadOnce } from '../lib/load-once.ts';
import type * as FailureMessages from '../lib/failure-message.ts';

type FailureModule = typeof FailureMessages;

const loadFailureModule = loadOnce(() => afterMessages(() => import('../lib/failure-message.ts')));

/**
 * What went wrong with `error`, once the module has come: null while there is no error, or until
 * then; `fallback` where it cannot be fetched (offline before it was ever loaded).
 */
export function useFailureMessage(error: unknown, fallback: string): string | null {
  const [module, setModule] = useState<FailureModule | null>(null);
  const [unavailable, setUnavailable] = useState(false);
  const failed = error !== null && error !== undefined;
  useEffect(() => {
    if (!failed) return;
    let live = true;
    loadFailureModule().then(
      (loaded) => live && setModule(() => loaded),
      () => live && setUnavailable(true),
    );
    return () => {
      live = false;
    };
  }, [failed]);
  if (!failed) return null;
  if (module) return module.failureMessage(error, fallback);
  return unavailable ? fallback : null;
}

/** failureMessage for a toast: the text once the module has come, `fallback` if it cannot. */
export function failureMessageLater(error: unknown, fallback: string): Promise<string> {
  return loadFailureModule().then(
    (module) => module.failureMessage(error, fallback),
    () => fallback,
  );
}
