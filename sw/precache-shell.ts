/**
 * The app shell: precaches the build's files (HTML, JS, CSS, fonts, icons) listed by
 * vite-plugin-pwa, drops precaches of older workers, and answers every in-app navigation with the
 * cached index.html so a reload works with no network. API paths are never navigations of the
 * app: they go to the network untouched.
 */
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

export interface PrecacheShellOptions {
  /** The build's file list (`self.__WB_MANIFEST`). */
  entries: (PrecacheEntry | string)[];
  /** The precached page that stands in for every client-side route. */
  shellUrl: string;
  /** Navigations to these paths are left to the network. */
  denylist: RegExp[];
}

export function precacheShell({ entries, shellUrl, denylist }: PrecacheShellOptions): void {
  precacheAndRoute(entries);
  cleanupOutdatedCaches();
  registerRoute(new NavigationRoute(createHandlerBoundToURL(shellUrl), { denylist }));
}
