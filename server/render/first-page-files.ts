/**
 * The files a server-rendered page starts with, beyond the entry: its route's code and its
 * messages. The build lists them for every route (`FIRST_PAGES_FILE`, written by
 * scripts/vite/route-preload.ts); the server names a page's own on the tag of the route-preload
 * script, which preloads them once the first view has painted. So the first page fetches no table
 * of every route, only its own few addresses in its HTML.
 */
import { pathWithoutLocale, type Locale } from '../../contract/locale.ts';

/** Where the build writes the table, under the browser build's directory (not a public asset). */
export const FIRST_PAGES_FILE = '.vite/first-pages.json';

/** One language's message files: the shell's, and each route's beyond it by URL pattern. */
export interface MessageFiles {
  /** What the page shows as it renders. */
  shell: string;
  /** [URL pattern, file] in route order; routes needing nothing are absent. */
  routes: [pattern: string, file: string][];
  /** What code loaded lazily shows (a dialog, the menu): loaded once the page has rendered. */
  later: { shell: string; routes: [pattern: string, file: string][] };
}

export type MessageTable = Record<Locale, MessageFiles>;

/** Every shopper route's URL pattern and code, in the order routes are tried; URLs are absolute. */
export interface FirstPages {
  routes: { pattern: string; urls: string[] }[];
  messages: MessageTable;
}

/** A page's own files, as the route-preload script's tag names them. */
export interface PageFiles {
  /** Its route's chunks (and its layouts'). */
  code: string[];
  /** Its messages in its language: the shell's, and its route's beyond them if any. */
  shellMessages: string | undefined;
  routeMessages: string | undefined;
  /** The messages of what it loads lazily, loaded once it has rendered (not preloaded). */
  laterMessages: string[];
}

const matches = (pattern: string, path: string) => new RegExp(pattern).test(path);

/**
 * The files of the page at `pathname` in `locale`. A French page's route is its English twin's
 * (`/fr/cart` as `/cart`).
 */
export function pageFiles(pages: FirstPages, pathname: string, locale: Locale): PageFiles {
  const path = pathWithoutLocale(pathname);
  const code = pages.routes.find(({ pattern }) => matches(pattern, path))?.urls ?? [];
  const messages = pages.messages[locale];
  const shellMessages = messages?.shell;
  const routeOf = (routes: [string, string][]) =>
    routes.find(([pattern]) => matches(pattern, path))?.[1];
  const later = messages && [messages.later.shell, routeOf(messages.later.routes)];
  return {
    code,
    shellMessages,
    routeMessages: messages && routeOf(messages.routes),
    laterMessages: later?.filter((file) => file !== undefined) ?? [],
  };
}

/** The route-preload script's tag (index.html's, as the build wrote it). */
export const PRELOAD_SCRIPT_TAG =
  /<script defer src="([^"]*route-preload[^"]*\.js)" data-entry="([^"]+)"([^>]*)><\/script>/;

/** Attribute values here are URLs the build made: no quote or angle bracket to escape. */
const attribute = (name: string, value: string | undefined) => (value ? ` ${name}="${value}"` : '');

/** `html` with the route-preload script's tag naming `files` (unchanged without that tag). */
export function withPageFiles(html: string, files: PageFiles): string {
  return html.replace(
    PRELOAD_SCRIPT_TAG,
    (tag) =>
      tag.slice(0, -'></script>'.length) +
      attribute('data-preload', files.code.join(' ')) +
      attribute('data-shell-messages', files.shellMessages) +
      attribute('data-route-messages', files.routeMessages) +
      attribute('data-later-messages', files.laterMessages.join(' ')) +
      '></script>',
  );
}
