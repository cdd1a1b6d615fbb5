/**
 * Product images, cache-first: an image never changes under its URL, so once seen it is shown
 * from the cache, offline too. The cache is bounded by entry count and age, images larger than
 * `maxImageBytes` are not kept, and the cache is dropped on quota errors.
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

/**
 * Whether the body Cache Storage would keep (the decoded one) is at most `maxBytes`. Content-Length
 * says so only for a body sent as is: a compressed answer (the shop's SVGs are) declares its
 * compressed size, and a chunked one declares none, so those are counted as they are read, and
 * the reading stops once past the bound.
 */
async function fitsIn(response: Response, maxBytes: number): Promise<boolean> {
  const declared = response.headers.get('content-length');
  const encoding = response.headers.get('content-encoding') ?? 'identity';
  if (declared !== null && encoding === 'identity') return Number(declared) <= maxBytes;
  const reader = response.clone().body?.getReader();
  if (!reader) return true;
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return false;
    }
  }
}

function sizeLimit(maxBytes: number): WorkboxPlugin {
  return {
    cacheWillUpdate: async ({ response }) => ((await fitsIn(response, maxBytes)) ? response : null),
  };
}

/**
 * Offline, a picture not kept at the width asked for (a cart line's small rendering of a product
 * seen only on its card) is shown from a rendering of it that is kept, whatever its query (width,
 * or an older drawing's version): the browser scales it to its box, and a picture beats none.
 */
function anyKeptRendering(cacheName: string): WorkboxPlugin {
  return {
    handlerDidError: async ({ request }) => {
      const cache = await caches.open(cacheName);
      return (await cache.match(request, { ignoreSearch: true })) ?? undefined;
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
        anyKeptRendering(cacheName),
      ],
    }),
  );
}
