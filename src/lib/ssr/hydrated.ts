/**
 * Whether this render may show what only the browser knows (the signed-in shopper, the cart, local
 * storage, the network state). False on the server and during the browser's hydration of the
 * server's HTML, so both render the same public page; true from the render after hydration on, and
 * at once when the browser renders without server HTML (the worker's app shell).
 */
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
