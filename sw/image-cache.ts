/**
 * Product images, cache-first: an image never changes under its URL, so once seen it is shown
 * from the cache, offline too. The cache is bounded by entry count and age, images larger than
 * `maxImageBytes` (by Content-Length) are not kept, and the cache is dropped on quota errors.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types.js';

export interface ImageCacheOptions {
  cacheName: string;
  pathPrefix: string;
  maxEntries: number;
  maxAgeSeconds: number;
  maxImageBytes: number;
  origin: string;
}

function sizeLimit(maxBytes: number): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => {
      const length = Number(response.headers.get('content-length') ?? '0');
      return length > maxBytes ? null : response;
    },
  };
}

export function cacheImages(options: ImageCacheOptions): void {
  const { cacheName, pathPrefix, maxEntries, maxAgeSeconds, maxImageBytes, origin } = options;
  registerRoute(
    ({ url, request }) =>
      request.method === 'GET' && url.origin === origin && url.pathname.startsWith(pathPrefix),
    new CacheFirst({
      cacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        sizeLimit(maxImageBytes),
        new ExpirationPlugin({ maxEntries, maxAgeSeconds, purgeOnQuotaError: true }),
      ],
    }),
  );
}
