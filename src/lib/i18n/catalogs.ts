/**
 * The interface's messages in each language (src/locales/<locale>.ts, compiled by `npm run i18n`
 * from the PO catalogs beside them). A page loads its own language's only.
 *
 * A production build also splits each language's messages by route (scripts/vite/route-messages.ts)
 * and says where they are in `window.forgeMessages`. A page loads the messages it shows as it
 * renders (the shell's and its route's, which the server named on the page) before its first
 * render, and those of what it loads lazily (dialogs, menus) once it has rendered; code loaded
 * lazily waits for them (`afterMessages`). Each route's are loaded as the shopper first goes there,
 * found in the table of every route's, which loads once the first page is under way. Without the
 * table (the dev server, tests, the server's render) the whole catalog is loaded.
 */
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type { Locale } from '../../../contract/locale.ts';

const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'en-CA': () => import('../../locales/en-CA.ts'),
  'fr-CA': () => import('../../locales/fr-CA.ts'),
};

type Routes = [pattern: string, file: string][];

/** One language's message files (server/render/first-page-files.ts says what each holds). */
interface MessageFiles {
  shell: string;
  routes: Routes;
  later: { shell: string; routes: Routes };
}

/** Where a production build's page finds its messages (the route-preload script writes it). */
export interface PageMessages {
  /** The module of every route's files in each language (`export const table`). */
  table?: string | undefined;
  /** The page's own files in its language, named by the server (absent in the shell). */
  shell?: string | undefined;
  route?: string | undefined;
  /** The messages of what the page loads lazily, also named by the server. */
  later?: string[] | undefined;
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

const routeFile = (routes: Routes, pathname: string) =>
  routes.find(([pattern]) => new RegExp(pattern).test(pathname))?.[1];

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
  /** The path of the first page, when the server named its files: its route's are loaded. */
  let namedPath: string | undefined;
  /** The first page's later files, and their loading once started. */
  let laterFiles: (string | undefined)[] = [];
  let laterLoad: Promise<void> | undefined;
  /** The document's translator, once loadI18n has made it. */
  let madeI18n: (i18n: I18n) => void = () => {};
  const documentI18n = new Promise<I18n>((resolve) => (madeI18n = resolve));

  /**
   * Adds messages to the translator without telling React: nothing on screen shows them yet (they
   * are for what is still to load, or for a page not yet shown), and a change event would render
   * every translated part of the page again. `i18n.messages` is the live object of its language.
   */
  const add = (i18n: I18n, messages: Messages) => Object.assign(i18n.messages, messages);

  /** Loads `files` not loaded yet into `i18n`. */
  const loadFiles = (i18n: I18n, files: (string | undefined)[]) =>
    Promise.all(
      files
        .filter((file): file is string => file !== undefined && !loadedFiles.has(file))
        .map((file) =>
          messagesOf(file).then((messages) => {
            loadedFiles.add(file);
            add(i18n, messages);
          }),
        ),
    ).then(() => undefined);

  /** Loads the first page's later messages (once; again after a failure). */
  function loadLater(): Promise<void> {
    return (laterLoad ??= documentI18n
      .then((i18n) => loadFiles(i18n, laterFiles))
      .catch((error: unknown) => {
        laterLoad = undefined;
        throw error;
      }));
  }

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
      laterFiles = page.later ?? [];
    } else {
      // A page the server did not render (the offline shell): its files from the table.
      const files = (await loadTable())[locale];
      shell = files?.shell;
      route = files && routeFile(files.routes, pathname);
      laterFiles = files ? [files.later.shell, routeFile(files.later.routes, pathname)] : [];
    }
    const [shellMessages, own] = await Promise.all([
      shell ? messagesOf(shell) : {},
      route ? messagesOf(route) : {},
    ]);
    if (route) loadedFiles.add(route);
    // A fresh object per document: messages added later go into it (`add`).
    const i18n = setupI18n({ locale, messages: { [locale]: { ...shellMessages, ...own } } });
    madeI18n(i18n);
    // What the page loads lazily, and the table for the pages that follow: once it has rendered.
    whenIdle(() => {
      loadLater().catch(() => {});
      loadTable().catch(() => {});
    });
    return i18n;
  }

  /**
   * Loads the messages of the page at `pathname` into `i18n` if it lacks them (the router asks
   * before it shows a page): those it shows as it renders and those of what it loads lazily.
   * Nothing to wait for, and no promise, where they are there already or whole catalogs are
   * loaded: the router then goes on at once, as it would without this step.
   */
  function loadRouteMessages(i18n: I18n, pathname: string): Promise<void> | undefined {
    if (!page?.table || pathname === namedPath) return undefined;
    const load = (files: Record<string, MessageFiles>) => {
      const own = files[i18n.locale];
      const wanted = own
        ? [routeFile(own.routes, pathname), routeFile(own.later.routes, pathname)]
        : [];
      if (wanted.every((file) => file === undefined || loadedFiles.has(file))) return undefined;
      return loadFiles(i18n, wanted);
    };
    return table ? load(table) : loadTable().then(load);
  }

  /**
   * `load()` (a lazily loaded module: a dialog, the menu), once the messages of what the page
   * loads lazily are there too. Where they cannot be fetched, the module comes anyway.
   */
  function afterMessages<T>(load: () => Promise<T>): Promise<T> {
    if (!page?.table) return load();
    const messages = loadLater().catch((error: unknown) =>
      console.warn('The messages of a part of the page could not be loaded.', error),
    );
    return Promise.all([load(), messages]).then(([module]) => module);
  }

  return { loadI18n, loadRouteMessages, afterMessages };
}

const documentLoader = messageLoader(
  typeof window === 'undefined' ? undefined : window.forgeMessages,
  (url) => import(/* @vite-ignore */ url),
);

export const { loadI18n, loadRouteMessages, afterMessages } = documentLoader;
