/**
 * Messages from the page:
 * - `{ type: 'SKIP_WAITING' }`: the shopper chose "Reload" on the update banner; the waiting
 *   worker activates now (it never does by itself, so an open checkout keeps its version).
 * - `{ type: 'CLEAR_API_CACHES' }`: sent at logout; every API cache is deleted, then the sender
 *   gets `{ type: 'API_CACHES_CLEARED' }` on the message port it passed (if any), so the page can
 *   wait for it.
 */
export interface MessageOptions {
  scope: ServiceWorkerGlobalScope;
  apiCaches: readonly string[];
}

export function listenForMessages({ scope, apiCaches }: MessageOptions): void {
  scope.addEventListener('message', (event) => {
    const type = (event.data as { type?: unknown } | null)?.type;
    if (type === 'SKIP_WAITING') {
      void scope.skipWaiting();
    } else if (type === 'CLEAR_API_CACHES') {
      const port = event.ports[0];
      event.waitUntil(
        Promise.all(apiCaches.map((name) => scope.caches.delete(name))).then(() =>
          port?.postMessage({ type: 'API_CACHES_CLEARED' }),
        ),
      );
    }
  });
}
