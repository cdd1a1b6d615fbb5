/**
 * Calls a callback whenever the router starts a navigation to another path (menus close on every
 * route change).
 */
import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

export function useOnRouteChange(callback: () => void): void {
  const router = useRouter();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) latest.current();
      }),
    [router],
  );
}
