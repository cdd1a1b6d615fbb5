/**
 * The interface's messages in each language (src/locales/<locale>.ts, compiled by `npm run i18n`
 * from the PO catalogs beside them). A page loads its own language's only.
 *
 * A production build also splits each language's messages by route (scripts/vite/route-messages.ts)
 * and names the files in `window.forgeMessages`: a page then loads the shell's messages and its
 * route's, and each route's as the shopper first goes there. Without that table (the dev server,
 * tests, the server's render) the whole catalog is loaded.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Locale } from '../../../contract/locale.ts';

const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-CA': () => import('../../locales/en-CA.ts'),
  'fr-CA': () => import('../../locales/fr-CA.ts'),
};

/** One language's message files: the shell's, and each route's beyond it by URL pattern. */
interface MessageFiles {
  shell: string;
  routes: [pattern: string, file: string][];
}

declare global {
  interface Window {
    /** Written by the route-preload script of a production build. */
    forgeMessages?: Partial<Record<Locale, MessageFiles>>;
  }
}

function messageFiles(locale: Locale): MessageFiles | undefined {
  return typeof window === 'undefined' ? undefined : window.forgeMessages?.[locale];
}

const importMessages = (file: string) =>
  import(/* @vite-ignore */ file) as Promise<{ messages: Messages }>;

/** The route message files loaded so far (one document, one language). */
const loadedFiles = new Set<string>();

function routeFile(files: MessageFiles, pathname: string): string | undefined {
  return files.routes.find(([pattern]) => new RegExp(pattern).test(pathname))?.[1];
}

/**
 * A translator for `locale` with the messages of the page at `pathname` (a path the routes know,
 * without the language prefix) loaded: one per document, one per server render.
 */
export async function loadI18n(locale: Locale, pathname = '/'): Promise<I18n> {
  const files = messageFiles(locale);
  if (!files) {
    const { messages } = await CATALOGS[locale]();
    return setupI18n({ locale, messages: { [locale]: messages } });
  }
  const route = routeFile(files, pathname);
  const [shell, own] = await Promise.all([
    importMessages(files.shell),
    route ? importMessages(route) : { messages: {} },
  ]);
  if (route) loadedFiles.add(route);
  return setupI18n({ locale, messages: { [locale]: { ...shell.messages, ...own.messages } } });
}

/**
 * Loads the messages of the page at `pathname` into `i18n` if it lacks them (the router asks before
 * it shows a page). Nothing to wait for, and no promise, where they are there already or whole
 * catalogs are loaded: the router then goes on at once, as it would without this step.
 */
export function loadRouteMessages(i18n: I18n, pathname: string): Promise<void> | undefined {
  const files = messageFiles(i18n.locale as Locale);
  if (!files) return undefined;
  const route = routeFile(files, pathname);
  if (!route || loadedFiles.has(route)) return undefined;
  return importMessages(route).then(({ messages }) => {
    loadedFiles.add(route);
    i18n.load(i18n.locale, messages);
  });
}
