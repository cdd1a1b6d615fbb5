/**
 * The page's side of the service worker (sw/), through workbox-window.
 *
 * - Registering (production builds only) loads /sw.js, marks `updateReady` when a new version is
 *   installed and waiting, and looks for one when the shop comes back to the foreground, when the
 *   network returns, and hourly. workbox-window is fetched then, as its own chunk: the worker is
 *   registered after the page has started, so it has no place in the first page's JavaScript.
 * - The "Reload" action (applyUpdate) asks the waiting worker to take over (SKIP_WAITING) and
 *   reloads once it controls the page. Nothing else ever reloads the page.
 * - Logout empties the worker's API caches (clearWorkerCaches), resolving when they are gone.
 */
import type { Workbox } from 'workbox-window';
import { API_CACHES } from '../../../sw/cache-names.ts';
import { pwaStore } from '../../stores/pwa.ts';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
/** How long logout waits for the worker to confirm before deleting the caches itself. */
const CLEAR_ACK_TIMEOUT_MS = 2000;

let workbox: Workbox | null = null;

export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // eslint-disable-next-line no-restricted-syntax -- a package: no interface text of the shop's
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox('/sw.js', { scope: '/', type: 'classic' });
  workbox = wb;
  wb.addEventListener('waiting', () => pwaStore.set({ updateReady: true }));
  wb.register().then(
    () => {
      const check = () => void wb.update().catch(() => undefined);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
      window.addEventListener('online', check);
      setInterval(check, UPDATE_CHECK_INTERVAL_MS);
    },
    (err: unknown) => console.warn('The service worker could not be registered.', err),
  );
}

export function applyUpdate(): void {
  const wb = workbox;
  if (!wb) return;
  wb.addEventListener('controlling', () => window.location.reload());
  wb.messageSkipWaiting();
}

async function deleteCachesHere(): Promise<void> {
  if (!('caches' in window)) return;
  await Promise.all(API_CACHES.map((name) => caches.delete(name)));
}

export async function clearWorkerCaches(): Promise<void> {
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  if (worker) {
    const channel = new MessageChannel();
    const acknowledged = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), CLEAR_ACK_TIMEOUT_MS);
      channel.port1.onmessage = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    worker.postMessage({ type: 'CLEAR_API_CACHES' }, [channel.port2]);
    if (await acknowledged) return;
  }
  // No worker controls this page (first visit, or it did not answer): Cache Storage is the
  // origin's, so the page can empty the same caches itself.
  await deleteCachesHere();
}
