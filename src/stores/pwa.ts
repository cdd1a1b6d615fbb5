/**
 * What the page knows about the installed app and its worker, as a small external store:
 * `updateReady` (a new worker is waiting), `canInstall` (the browser offered beforeinstallprompt)
 * and `installed` (the app runs installed or was just installed).
 */
import { useSyncExternalStore } from 'react';

export interface PwaState {
  updateReady: boolean;
  canInstall: boolean;
  installed: boolean;
}

let state: PwaState = { updateReady: false, canInstall: false, installed: false };
const listeners = new Set<() => void>();

export const pwaStore = {
  get: (): PwaState => state,
  set(patch: Partial<PwaState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}
