/**
 * The root route's error screen: a failure caused by the network (no connection, a fetch or a code
 * chunk that could not load) shows the offline screen with Retry, and the page loads again by
 * itself when the network returns; anything else is a real crash and shows the crash screen.
 */
import { onlineManager } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { CrashScreen } from '../../../components/ui/crash-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { OfflineScreen } from './offline-screen.tsx';

export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'TypeError' &&
    /fetch|network|load failed|dynamically imported module/i.test(error.message)
  );
}

export function RouteErrorScreen({ error }: ErrorComponentProps) {
  const router = useRouter();
  // Decided once: when the network returns, this screen stays until the page has reloaded its data.
  const [offline] = useState(() => !onlineManager.isOnline() || isNetworkFailure(error));
  useEffect(() => {
    if (!offline) return;
    return onlineManager.subscribe((online) => {
      if (online) void router.invalidate();
    });
  }, [offline, router]);
  return offline ? <OfflineScreen /> : <CrashScreen />;
}
