/**
 * The shopper's own choice of language, kept on the device: set by the language switch or by
 * answering the first-visit offer. Addresses decide a page's language (crawlers and shared links
 * always get the page they name); the choice only sends a shopper who comes back on an address in
 * the other language to its twin, in the browser, after the page has loaded.
 */
import { isLocale, type Locale, pathInLocale } from '../../../contract/locale.ts';
import { STORAGE_KEYS } from '../constants.ts';

export function chosenLocale(): Locale | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.locale);
    return isLocale(value) ? value : choiceInMemory;
  } catch {
    return choiceInMemory;
  }
}

const listeners = new Set<() => void>();
let choiceInMemory: Locale | undefined;

/** Hears every choice made in this document (for useSyncExternalStore). */
export function subscribeToChoice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function chooseLocale(locale: Locale): void {
  choiceInMemory = locale;
  try {
    localStorage.setItem(STORAGE_KEYS.locale, locale);
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
  for (const listener of listeners) listener();
}

/** The current page's address (path, query and fragment) in `locale`. */
export function twinHref(
  location: { pathname: string; searchStr: string; hash: string },
  locale: Locale,
): string {
  return `${pathInLocale(location.pathname, locale)}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`;
}
