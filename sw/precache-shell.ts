/**
 * The app shell and navigations: precaches the build's files (HTML, JS, CSS, fonts, icons) listed
 * by vite-plugin-pwa and drops precaches of older workers. A navigation is answered from the
 * network first — the page the server rendered, with the page in its HTML before any script runs
 * — using navigation preload so the request starts while the worker wakes. Without an answer in
 * NAVIGATION_NETWORK_TIMEOUT_MS, or with no network at all, or a server error, it is answered with
 * the cached index.html, which renders the page in the browser from the cached code and data (or
 * shows that the shop is offline). API paths are never navigations of the app: they go to the
 * network untouched.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types.js';
import { NAVIGATION_NETWORK_TIMEOUT_MS } from './navigation-timeout.ts';

declare const self: ServiceWorkerGlobalScope;

export interface PrecacheShellOptions {
  /** The build's file list (`self.__WB_MANIFEST`). */
  entries: (PrecacheEntry | string)[];
  /** The precached page that stands in for every client-side route. */
  shellUrl: string;
  /** Navigations to these paths are left to the network. */
  denylist: RegExp[];
}

/** The server's answer to a navigation, or null when there is none in time or it failed. */
async function fromNetwork(event: FetchEvent | undefined, request: Request) {
  const answer = (async () =>
    ((await event?.preloadResponse) as Response | undefined) ?? fetch(request))();
  // The preload runs on after a time-out; keeping the worker alive for it avoids the browser's
  // warning that it was cancelled.
  event?.waitUntil(
    answer.then(
      () => undefined,
      () => undefined,
    ),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), NAVIGATION_NETWORK_TIMEOUT_MS);
  });
  try {
    const response = await Promise.race([answer, late]);
    // A rendered page answers 200 or 404 (the not-found page); a 5xx is a server in trouble,
    // whose page the shell renders better from what this browser has.
    return response && response.status < 500 ? response : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export function precacheShell({ entries, shellUrl, denylist }: PrecacheShellOptions): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.registration.navigationPreload?.enable() ?? Promise.resolve());
  });
  const shell = createHandlerBoundToURL(shellUrl);
  registerRoute(
    new NavigationRoute(
      async (options: RouteHandlerCallbackOptions) =>
        (await fromNetwork(options.event as FetchEvent | undefined, options.request)) ??
        shell(options),
      { denylist },
    ),
  );
}
