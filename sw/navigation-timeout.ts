/**
 * How long a navigation waits for the server before the cached shell answers instead: a
 * rendered page arrives in well under a second on a slow 4G phone; a network that slow gets the
 * shell, whose code is cached, as fast as the first page would take to wait for anyway. (A module
 * of its own, without Workbox, so the browser tests can read it.)
 */
export const NAVIGATION_NETWORK_TIMEOUT_MS = 2500;
