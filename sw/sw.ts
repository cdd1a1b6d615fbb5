/**
 * The shop's service worker (built by vite-plugin-pwa, injectManifest). This entry only wires the
 * caching concerns together; each lives in its own module. Caching rules: docs/architecture.md,
 * Offline.
 */
import { clientsClaim } from 'workbox-core';
import type { PrecacheEntry } from 'workbox-precaching';
import { API_CACHES, IMAGE_CACHE, PUBLIC_API_CACHE } from './cache-names.ts';
import { IMAGE_CACHE_POLICY, PUBLIC_API_CACHE_POLICY } from './cache-policy.ts';
import { cacheImages } from './image-cache.ts';
import { listenForMessages } from './messages.ts';
import { precacheShell } from './precache-shell.ts';
import { cachePublicApi } from './public-api-cache.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

const origin = self.location.origin;

// On a first install the page that registered the worker should be served by it at once; an
// update still waits for the shopper's "Reload" (SKIP_WAITING), after which this claims the tabs.
clientsClaim();

precacheShell({
  entries: self.__WB_MANIFEST,
  shellUrl: '/index.html',
  // The API, the server's probes and files (a last path segment with an extension, such as
  // /robots.txt) are never pages of the app. Workbox tests these against path + query.
  denylist: [/^\/api\//, /^\/(healthz|readyz)(\?|$)/, /^[^?]*\/[^/?]*\.[^/?]+(\?|$)/],
});

cachePublicApi({ cacheName: PUBLIC_API_CACHE, ...PUBLIC_API_CACHE_POLICY, origin });

cacheImages({ cacheName: IMAGE_CACHE, ...IMAGE_CACHE_POLICY, origin });

listenForMessages({ scope: self, apiCaches: API_CACHES });
