/**
 * Public catalogue answers (taxonomy, search) served stale-while-revalidate: a shopper sees the
 * last answer at once, offline too, while a fresh one is fetched. Only 200 answers are kept, the
 * cache is bounded by entries and age, and it is dropped whole when the origin runs out of quota.
 * Nothing outside `pathPrefixes` is matched, so private answers (cart, orders, profile, auth)
 * never reach Cache Storage.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { StaleWhileRevalidate } from 'workbox-strategies';

export interface PublicApiCacheOptions {
  cacheName: string;
  /** Same-origin path prefixes whose GET answers may be cached, e.g. '/api/v1/search/'. */
  pathPrefixes: readonly string[];
  maxEntries: number;
  maxAgeSeconds: number;
  /** The worker's own origin; answers from other origins are not touched. */
  origin: string;
}

export function cachePublicApi(options: PublicApiCacheOptions): void {
  const { cacheName, pathPrefixes, maxEntries, maxAgeSeconds, origin } = options;
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' &&
      url.origin === origin &&
      pathPrefixes.some((prefix) => url.pathname.startsWith(prefix)),
    new StaleWhileRevalidate({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }),
      ],
    }),
  );
}
