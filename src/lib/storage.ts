/**
 * Local storage that never throws: private modes, full quotas and disabled storage are logged as
 * warnings and otherwise ignored, so the shop keeps working without persistence.
 */

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch (err) {
    console.warn('Local storage is not available.', err);
    return null;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch (err) {
    console.warn(`Could not read "${key}" from local storage.`, err);
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch (err) {
    console.warn(`Could not write "${key}" to local storage.`, err);
  }
}

export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch (err) {
    console.warn(`Could not remove "${key}" from local storage.`, err);
  }
}
