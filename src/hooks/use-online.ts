/**
 * TanStack's onlineManager state (which follows the browser, see src/lib/persist/online-state.ts)
 * as a React value.
 */
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
