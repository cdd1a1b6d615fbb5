/**
 * The interface's messages in each language (src/locales/<locale>.ts, compiled by `npm run i18n`
 * from the PO catalogs beside them). A page loads its own language's only.
 *
 * A production build also splits each language's messages by route (scripts/vite/route-messages.ts)
 * and says where they are in `window.forgeMessages`: a page then loads the shell's messages and its
 * route's (the server named both on the page), and each route's as the shopper first goes there,
 * found in the table of every route's, which loads once the first page is under way. Without the
 * table (the dev server, tests, the server's render) the whole catalog is loaded.
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

/** Where a production build's page finds its messages (the route-preload script writes it). */
export interface PageMessages {
  /** The module of every route's files in each language (`export const table`). */
  table?: string | undefined;
  /** The page's own files in its language, named by the server (absent in the shell). */
  shell?: string | undefined;
  route?: string | undefined;
}

declare global {
  interface Window {
    forgeMessages?: PageMessages;
  }
}

type ImportModule = (url: string) => Promise<unknown>;

/** Starts `task` once the browser is idle, where it can tell (else soon). */
function whenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task);
  else setTimeout(task, 0);
}

/**
 * The message loading of one document: `page` says where its files are (nothing: whole catalogs),
 * `importModule` loads a module by URL.
 */
export function messageLoader(page: PageMessages | undefined, importModule: ImportModule) {
  const messagesOf = (file: string) =>
    (importModule(file) as Promise<{ messages: Messages }>).then(({ messages }) => messages);
  /** The route message files loaded so far (one document, one language). */
  const loadedFiles = new Set<string>();
  let table: Record<string, MessageFiles> | undefined;
  let tableLoad: Promise<Record<string, MessageFiles>> | undefined;
  const loadTable = () =>
    (tableLoad ??= (
      importModule(page!.table!) as Promise<{ table: Record<string, MessageFiles> }>
    ).then(
      (module) => (table = module.table),
      (error: unknown) => {
        tableLoad = undefined; // asked again by the next page
        throw error;
      },
    ));
  const routeFile = (files: MessageFiles | undefined, pathname: string) =>
    files?.routes.find(([pattern]) => new RegExp(pattern).test(pathname))?.[1];
  /** The path of the first page, when the server named its files: its route's are loaded. */
  let namedPath: string | undefined;

  /**
   * A translator for `locale` with the messages of the page at `pathname` (a path the routes
   * know, without the language prefix) loaded: one per document, one per server render.
   */
  async function loadI18n(locale: Locale, pathname = '/'): Promise<I18n> {
    if (!page?.table) {
      const { messages } = await CATALOGS[locale]();
      return setupI18n({ locale, messages: { [locale]: messages } });
    }
    let shell = page.shell;
    let route = page.route;
    if (shell) {
      namedPath = pathname;
      // The table is for the pages that follow: fetched once the first one is under way.
      whenIdle(() => void loadTable().catch(() => {}));
    } else {
      // A page the server did not render (the offline shell): its files from the table.
      const files = (await loadTable())[locale];
      shell = files?.shell;
      route = routeFile(files, pathname);
    }
    const [shellMessages, own] = await Promise.all([
      shell ? messagesOf(shell) : {},
      route ? messagesOf(route) : {},
    ]);
    if (route) loadedFiles.add(route);
    return setupI18n({ locale, messages: { [locale]: { ...shellMessages, ...own } } });
  }

  /**
   * Loads the messages of the page at `pathname` into `i18n` if it lacks them (the router asks
   * before it shows a page). Nothing to wait for, and no promise, where they are there already or
   * whole catalogs are loaded: the router then goes on at once, as it would without this step.
   */
  function loadRouteMessages(i18n: I18n, pathname: string): Promise<void> | undefined {
    if (!page?.table || pathname === namedPath) return undefined;
    const load = (files: Record<string, MessageFiles>) => {
      const route = routeFile(files[i18n.locale], pathname);
      if (!route || loadedFiles.has(route)) return undefined;
      return messagesOf(route).then((messages) => {
        loadedFiles.add(route);
        i18n.load(i18n.locale, messages);
      });
    };
    return table ? load(table) : loadTable().then(load);
  }

  return { loadI18n, loadRouteMessages };
}

const documentLoader = messageLoader(
  typeof window === 'undefined' ? undefined : window.forgeMessages,
  (url) => import(/* @vite-ignore */ url),
);

export const { loadI18n, loadRouteMessages } = documentLoader;
