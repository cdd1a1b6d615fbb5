/**
 * Offline support, started once by main.tsx before the first render: the online state follows the
 * browser, data never loaded fails at once while offline (so the page shows the offline screen),
 * the persisted query cache is restored (bounded by the 5 s PERSIST_TIMEOUT_MS) and then saved on
 * change, the service worker is registered, and the install prompt is kept for the "Install app"
 * button. Never rejects: the shop starts anyway.
 *
 * Logout (clearOfflineData) deletes the persisted query cache and the worker's API caches; never
 * rejects.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../contract/locale.ts';
import { followBrowserOnlineState } from '../persist/online-state.ts';
import { failUnseenQueriesWhileOffline } from '../persist/unseen-offline.ts';
import { clearPersistedQueries, startQueryPersistence } from '../persist/query-persistence.ts';
import { listenForInstallPrompt } from './install-prompt.ts';

/**
 * The worker's side of the page is a chunk of its own: registering waits for nothing the first
 * render needs, and logout loads it if the page has not yet.
 */
// eslint-disable-next-line no-restricted-syntax -- it shows nothing; it need not wait for messages
const loadServiceWorker = () => import('./service-worker.ts');

/** `locale` is the document's language: its own saved cache is the one restored. */
export async function startOfflineSupport(queryClient: QueryClient, locale: Locale): Promise<void> {
  followBrowserOnlineState();
  failUnseenQueriesWhileOffline(queryClient);
  listenForInstallPrompt();
  void loadServiceWorker()
    .then((worker) => worker.registerServiceWorker())
    .catch((err: unknown) => console.warn('The service worker could not be registered.', err));
  await startQueryPersistence(queryClient, { locale });
}

export async function clearOfflineData(): Promise<void> {
  const warn = (err: unknown) => console.warn('The offline caches could not be cleared.', err);
  // Logout must go on whatever storage is (or is not) available, so nothing here rejects.
  await Promise.all([
    Promise.resolve().then(clearPersistedQueries).catch(warn),
    loadServiceWorker()
      .then((worker) => worker.clearWorkerCaches())
      .catch(warn),
  ]);
}
