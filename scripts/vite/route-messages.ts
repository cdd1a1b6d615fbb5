/**
 * The interface's messages split by route, so a page loads the messages its code can show and no
 * others. A compiled catalog holds every message of a language (src/locales/<locale>.ts, about
 * 20 KiB gzipped); a first page shows a tenth of them. At build time each chunk's messages are
 * found by their ids in its code (the macros compile each message to its id), then:
 *
 * - the shell holds the messages of the code every page runs (the entry and its static imports);
 * - each page route has the messages of its chunks and what they import statically, that the
 *   shell lacks: what the page shows as it renders;
 * - what is loaded lazily has its messages in `later` files: the frame's (dialogs, the menu, the
 *   search box, and chunks no route reaches) in the shell's, and what each route loads lazily
 *   beyond that in the route's. A page loads them once it has rendered, and code loaded lazily
 *   waits for them (`afterMessages`, src/lib/i18n/catalogs.ts), so a first page fetches only the
 *   messages it shows as it renders.
 *
 * Each becomes a small module per language (`export const messages`), named by its content. The
 * server names a page's files on its route-preload script's tag, which preloads the shell's and
 * the route's with the route's code; the app loads those before it renders, the later ones after,
 * and the table of every route's (a module of its own, `export const table`) for the pages that
 * follow (src/lib/i18n). A build without the table (the dev server, tests, the server's render)
 * loads whole catalogs.
 */
import { createHash } from 'node:crypto';
import type { Rolldown } from 'vite';
import type { Messages } from '@lingui/core';
import type { Locale } from '../../contract/locale.ts';
import type { MessageTable } from '../../server/render/first-page-files.ts';
import { LINGUI_ID_PATTERN, SHORT_ID_PATTERN } from './message-ids.ts';
import { byPatternRank, routePattern, type RouteModule } from './route-preload.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

export interface SplitMessages {
  table: MessageTable;
  /** Files to emit, by file name (relative to the output directory). */
  files: Map<string, string>;
}

/**
 * A quoted token of a message id's shape: Lingui's six characters of base64, or the build's short
 * ids (message-ids.ts).
 */
const QUOTED_ID = new RegExp(`[\`'"](${SHORT_ID_PATTERN}|${LINGUI_ID_PATTERN})[\`'"]`, 'g');

/** The message ids of `catalog` that `code` names. */
export function messageIdsIn(code: string, ids: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (const match of code.matchAll(QUOTED_ID)) if (ids.has(match[1]!)) found.add(match[1]!);
  return found;
}

function messagesModule(catalog: Messages, ids: Iterable<string>): string {
  const picked: Messages = {};
  for (const id of [...ids].sort()) if (catalog[id] !== undefined) picked[id] = catalog[id];
  return `export const messages=JSON.parse(${JSON.stringify(JSON.stringify(picked))});\n`;
}

function fileFor(kind: string, locale: Locale, source: string): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
  return `assets/messages-${kind}-${locale}-${hash}.js`;
}

/**
 * Splits `catalogs` by the bundle's chunks and routes (see above). `routes` are the route files
 * and their lazy imports, as routePreloads takes them; staff pages get theirs like any route.
 */
export function splitMessages(
  bundle: OutputBundle,
  routes: readonly RouteModule[],
  catalogs: Record<Locale, Messages>,
): SplitMessages {
  const locales = Object.keys(catalogs) as Locale[];
  const ids = new Set(Object.keys(catalogs[locales[0]!]));
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    // The whole catalogs are chunks too (the fallback): every id is in them.
    const isCatalog = output.moduleIds.some((id) => /[\\/]src[\\/]locales[\\/]/.test(id));
    if (!isCatalog) chunks.set(output.fileName, output);
  }
  const idsOf = new Map<string, Set<string>>();
  for (const chunk of chunks.values()) idsOf.set(chunk.fileName, messageIdsIn(chunk.code, ids));

  const atStart = new Set<string>();
  for (const chunk of chunks.values()) {
    if (!chunk.isEntry) continue;
    atStart.add(chunk.fileName);
    for (const file of chunk.imports) atStart.add(file);
  }
  const reach = (fileName: string, into: Set<string>) => {
    if (atStart.has(fileName) || into.has(fileName) || !chunks.has(fileName)) return;
    into.add(fileName);
    const chunk = chunks.get(fileName)!;
    for (const file of [...chunk.imports, ...chunk.dynamicImports]) reach(file, into);
  };
  const chunkOf = new Map<string, string>();
  for (const chunk of chunks.values()) {
    for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
  }
  const lazyChunks = new Map<string, string[]>();
  for (const { file, lazyModules } of routes) {
    lazyChunks.set(
      file,
      lazyModules.flatMap((id) => chunkOf.get(id) ?? []),
    );
  }

  // Each page route's chunks: its own lazy code and its layouts', with what they import
  // statically (`now`: the page runs it as it renders) and with all they reach (`all`).
  const nowChunks = new Map<string, Set<string>>();
  const routeChunks = new Map<string, Set<string>>();
  const staticReach = (fileName: string, into: Set<string>) => {
    if (atStart.has(fileName) || into.has(fileName) || !chunks.has(fileName)) return;
    into.add(fileName);
    for (const file of chunks.get(fileName)!.imports) staticReach(file, into);
  };
  const addTo = (map: Map<string, Set<string>>, pattern: string, files: Set<string>) =>
    map.set(pattern, new Set([...(map.get(pattern) ?? []), ...files]));
  for (const routeFile of lazyChunks.keys()) {
    const pattern = routePattern(routeFile);
    if (pattern === null || routeFile.split('/').at(-1)!.startsWith('_')) continue;
    const now = new Set<string>();
    const all = new Set<string>();
    const segments = routeFile.split('/');
    for (let depth = 1; depth <= segments.length; depth += 1) {
      for (const chunk of lazyChunks.get(segments.slice(0, depth).join('/')) ?? []) {
        staticReach(chunk, now);
        reach(chunk, all);
      }
    }
    addTo(nowChunks, pattern, now);
    addTo(routeChunks, pattern, all);
  }
  const reached = new Set([...routeChunks.values()].flatMap((files) => [...files]));

  // What the frame loads lazily on any page (a dialog, the menu): the entry's dynamic imports that
  // are no route's code, with all they import.
  const routeLazy = new Set([...lazyChunks.values()].flat());
  const frameLazy = new Set<string>();
  for (const file of atStart) {
    for (const lazy of chunks.get(file)?.dynamicImports ?? []) {
      if (!routeLazy.has(lazy)) reach(lazy, frameLazy);
    }
  }

  const idsIn = (files: Iterable<string>) =>
    new Set([...files].flatMap((file) => [...(idsOf.get(file) ?? [])]));
  const shell = idsIn(atStart);
  const shellLater = new Set<string>();
  for (const [file, found] of idsOf) {
    if (frameLazy.has(file) || (!atStart.has(file) && !reached.has(file))) {
      for (const id of found) if (!shell.has(id)) shellLater.add(id);
    }
  }
  const patterns = [...routeChunks.keys()].sort(byPatternRank);

  const files = new Map<string, string>();
  const emit = (kind: string, locale: Locale, wanted: Iterable<string>) => {
    const source = messagesModule(catalogs[locale], wanted);
    const fileName = fileFor(kind, locale, source);
    files.set(fileName, source);
    return fileName;
  };
  const table = {} as MessageTable;
  for (const locale of locales) {
    const routesOfLocale: [string, string][] = [];
    const routesLater: [string, string][] = [];
    for (const pattern of patterns) {
      const now = new Set([...idsIn(nowChunks.get(pattern)!)].filter((id) => !shell.has(id)));
      const later = [...idsIn(routeChunks.get(pattern)!)].filter(
        (id) => !shell.has(id) && !shellLater.has(id) && !now.has(id),
      );
      if (now.size > 0) routesOfLocale.push([pattern, emit('route', locale, now)]);
      if (later.length > 0) routesLater.push([pattern, emit('route-later', locale, later)]);
    }
    table[locale] = {
      shell: emit('shell', locale, shell),
      routes: routesOfLocale,
      later: { shell: emit('shell-later', locale, shellLater), routes: routesLater },
    };
  }
  return { table, files };
}
