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

/** What the server renders, and so what the page hydrates with before the browser's answers. */
const INITIAL_STATE: PwaState = { updateReady: false, canInstall: false, installed: false };
let state: PwaState = INITIAL_STATE;
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

/**
 * The state, starting from INITIAL_STATE while a server-rendered page hydrates: the browser may
 * have offered the install before React starts, and the first render must match the server's.
 */
export function usePwaState(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, () => INITIAL_STATE);
}
