/**
 * Runs a function with the offline search module over the query cache, once per key (a null key
 * does nothing). The module is loaded by a dynamic import on first use: only an offline shopper
 * needs it, so it stays out of the chunks of the search box and the results page. The service
 * worker precaches it with every other chunk, so the import works offline.
 *
 * Answers `pending` until the run for the current key is done — with the last key's data as
 * `previous`, so a listing can stay on screen while a filter changes — then `success` or `error`.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CachedQuery } from '../lib/cached-products.ts';
import type * as offlineSearch from '../lib/offline-search.ts';
import { afterMessages } from '../../../lib/i18n/catalogs.ts';

export type OfflineSearchModule = typeof offlineSearch;

export type OfflineSearch<T> =
  | { status: 'idle' }
  | { status: 'pending'; previous?: T | undefined }
  | { status: 'success'; data: T }
  | { status: 'error'; error: Error };

export function useOfflineSearch<T>(
  key: string | null,
  run: (module: OfflineSearchModule, queries: readonly CachedQuery[]) => T,
): OfflineSearch<T> {
  const queryClient = useQueryClient();
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  const [answer, setAnswer] = useState<{ key: string; result: OfflineSearch<T> } | null>(null);

  useEffect(() => {
    if (key === null) return;
    let current = true;
    const settle = (result: OfflineSearch<T>) => {
      if (current) setAnswer({ key, result });
    };
    afterMessages(() => import('../lib/offline-search.ts'))
      .then((module) => {
        const data = runRef.current(module, queryClient.getQueryCache().getAll());
        settle({ status: 'success', data });
      })
      .catch((err: unknown) => {
        settle({ status: 'error', error: err instanceof Error ? err : new Error(String(err)) });
      });
    return () => {
      current = false;
    };
  }, [key, queryClient]);

  if (key === null) return { status: 'idle' };
  if (answer?.key === key) return answer.result;
  return {
    status: 'pending',
    previous: answer?.result.status === 'success' ? answer.result.data : undefined,
  };
}
