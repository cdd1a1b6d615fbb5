/**
 * A Vite plugin that decides when a first page's JavaScript starts, and starts its route code
 * together with the entry instead of after it. Route components are split into chunks that the
 * router imports only once the entry has downloaded and run; on a slow phone that is a second
 * round trip, and the entry's run time, before the page is interactive. The plugin lists each
 * route's chunks (and its layouts') and message files for the server (`FIRST_PAGES_FILE`), and
 * writes a small script, loaded `defer` from index.html in place of the entry's module script,
 * that waits for the server-rendered first view to paint, then adds `modulepreload` links for the
 * files the server named on its tag, and the entry, so they download together (`preloadScript`).
 * The service worker precaches the script with the rest of the shell.
 */
import type { Plugin, Rolldown } from 'vite';
import { messages as english } from '../../src/locales/en-CA.ts';
import { messages as french } from '../../src/locales/fr-CA.ts';
import { STORAGE_KEYS } from '../../src/lib/constants.ts';
import { CART_EMPTY_MARK, FIRST_VIEW } from '../../src/lib/ssr/first-view.ts';
import {
  FIRST_PAGES_FILE,
  type FirstPages,
  type MessageTable,
} from '../../server/render/first-page-files.ts';
import { SHORT_MESSAGE_IDS, withShortKeys } from './message-ids.ts';
import { splitMessages } from './route-messages.ts';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A route file's module id; the capture is its path under src/routes without the extension. */
const ROUTE_FILE = /[\\/]src[\\/]routes[\\/](.+)\.tsx$/;

/** A route file (its path under src/routes, without extension) and the modules it imports lazily. */
export interface RouteModule {
  file: string;
  lazyModules: readonly string[];
}

/**
 * Each route file and the modules it imports dynamically, from the module graph the bundler gives
 * every plugin (`this.getModuleIds()`, `this.getModuleInfo(id).dynamicallyImportedIds`). The
 * router plugin's code splitting turns a route's component into such an import; how it names the
 * split module is its own business, and nothing here depends on it.
 */
export function routeModules(
  moduleIds: Iterable<string>,
  dynamicImportsOf: (id: string) => readonly string[],
): RouteModule[] {
  const routes: RouteModule[] = [];
  for (const id of moduleIds) {
    const file = ROUTE_FILE.exec(id)?.[1]?.replaceAll('\\', '/');
    if (file) routes.push({ file, lazyModules: dynamicImportsOf(id) });
  }
  return routes;
}

/**
 * The URL pattern (a regular-expression source) of a TanStack Router file route, from its path
 * under src/routes without extension: pathless segments (`_shop`) and `index` add nothing, `$param`
 * matches one segment, `$` the rest. Null for the root route.
 */
export function routePattern(routeFile: string): string | null {
  if (routeFile === '__root') return null;
  const parts = routeFile
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index')
    .map((segment) => {
      if (segment === '$') return '.*';
      if (segment.startsWith('$')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return `^/${parts.join('/')}${parts.length > 0 ? '/?' : ''}$`;
}

/**
 * Whether a route file is a staff page (under an `admin` segment): never a shopper's first page.
 * Left out of the script, its chunk names cost no shopper a byte, and the staff's first visit
 * simply fetches its code after the entry.
 */
export function isStaffRoute(routeFile: string): boolean {
  return routeFile.split('/').includes('admin');
}

/** Whether a route file is a pathless layout (`_shop`, `_shop/_account`), framing the routes below. */
function isLayout(routeFile: string): boolean {
  return routeFile.split('/').at(-1)!.startsWith('_');
}

export interface RoutePreload {
  pattern: string;
  files: string[];
}

/**
 * Each shopper page route's URL pattern and the chunks it needs beyond the entry: the chunks of
 * the modules it and its layouts import lazily (its component, split off by the router plugin),
 * and everything those import statically (staff pages have none: isStaffRoute). Routes without
 * parameters come first, so `/search/products` wins over a `$param` sibling.
 */
export function routePreloads(
  bundle: OutputBundle,
  routes: readonly RouteModule[],
): RoutePreload[] {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const atStart = new Set<string>();
  for (const chunk of chunks.values()) {
    if (chunk.isEntry) {
      atStart.add(chunk.fileName);
      for (const file of chunk.imports) atStart.add(file);
    }
  }
  const withImports = (fileName: string, into: Set<string>) => {
    if (atStart.has(fileName) || into.has(fileName)) return;
    into.add(fileName);
    for (const file of chunks.get(fileName)?.imports ?? []) withImports(file, into);
  };

  const chunkOf = new Map<string, string>();
  for (const chunk of chunks.values()) {
    for (const id of chunk.moduleIds) chunkOf.set(id, chunk.fileName);
  }
  const lazyChunks = new Map<string, string[]>();
  for (const { file, lazyModules } of routes) {
    const files = lazyModules.flatMap((id) => chunkOf.get(id) ?? []);
    if (files.length > 0) lazyChunks.set(file, files);
  }

  const preloads: RoutePreload[] = [];
  for (const routeFile of lazyChunks.keys()) {
    const pattern = routePattern(routeFile);
    if (pattern === null || isLayout(routeFile) || isStaffRoute(routeFile)) continue;
    const files = new Set<string>();
    const segments = routeFile.split('/');
    for (let depth = 1; depth <= segments.length; depth += 1) {
      for (const chunk of lazyChunks.get(segments.slice(0, depth).join('/')) ?? []) {
        withImports(chunk, files);
      }
    }
    if (files.size > 0) preloads.push({ pattern, files: [...files].sort() });
  }
  return preloads.sort((a, b) => byPatternRank(a.pattern, b.pattern));
}

/**
 * The order routes are tried in: fixed paths first, then those with a parameter, the catch-all
 * (`$`) last, so `/search/products` wins over a `$param` sibling and nothing falls to the
 * catch-all that another route matches.
 */
export function byPatternRank(a: string, b: string): number {
  const rank = (pattern: string) =>
    pattern.includes('.*') ? 2 : pattern.includes('[^/]+') ? 1 : 0;
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * How long the script waits for the first view to paint before it starts the app anyway: a
 * picture that never finishes loading (a stalled connection, a tab in the background, where
 * animation frames never come) must not keep the page from becoming interactive.
 */
export const ENTRY_START_LIMIT_MS = 3000;

/**
 * How many `modulepreload` links the script adds in one task. Each costs the main thread a few
 * milliseconds on a slow phone as the browser starts its fetch (5–7 ms at 3x CPU), and a page names
 * some twenty files: added at once they made one long task of 80–90 ms there, and eight at a time
 * still one of 40–56 ms.
 */
export const PRELOAD_LINKS_PER_TASK = 4;

/**
 * The script itself. Plain ES2020 in a classic script, so it runs wherever the shop does; the build
 * writes it as is. Its tag's data attributes say what to start (`preloadScript`).
 */
const START_APP = `(() => {
const data = document.currentScript.dataset;
const entry = data.entry;
// Where the app finds its messages: the page's own files, named by the server, and the table of
// every route's for the pages that follow (or for a page the server did not render).
window.forgeMessages = {
  table: data.messageTable,
  shell: data.shellMessages,
  route: data.routeMessages,
  later: data.laterMessages ? data.laterMessages.split(" ") : undefined,
};
// No account and no guest cart: the cart is empty, and the cart page can say so at once.
try {
  const customer = JSON.parse(localStorage.getItem("${STORAGE_KEYS.customerRoot}")) || {};
  const guestCart = localStorage.getItem("${STORAGE_KEYS.guestCartId}") ||
    (customer.guestCart && customer.guestCart.guestCartId);
  if (!guestCart && !(customer.auth && customer.auth.user)) {
    document.documentElement.dataset.${CART_EMPTY_MARK} = "";
  }
} catch {
  // Storage unreadable: the cart page shows its loading state until the app reads the cart.
}
// The browser may offer the install before the app listens: keep the offer for it.
addEventListener("beforeinstallprompt", (offer) => {
  offer.preventDefault();
  window.forgeInstallOffer = offer;
});
let started = false;
const start = () => {
  if (started) return;
  started = true;
  // The entry first: the largest file, and the one everything else waits for.
  const script = document.createElement("script");
  script.type = "module";
  script.src = entry;
  document.head.append(script);
  // Then the page's route code and its messages, as the server named them, a few links a task.
  const files = (data.preload || "").split(" ").concat(data.shellMessages, data.routeMessages);
  const preloadSome = () => {
    for (const href of files.splice(0, ${PRELOAD_LINKS_PER_TASK})) {
      if (!href) continue;
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    if (files.length > 0) setTimeout(preloadSome, 0);
  };
  preloadSome();
};
const main = document.querySelector("[elementtiming=${FIRST_VIEW}]");
const picture = main && main.tagName === "IMG" ? main : null;
if (picture) picture.addEventListener("error", start);
const kinds = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
if (kinds.includes("element") && kinds.includes("paint")) {
  // Told by the browser once painted: the main element, or without one the first content.
  new PerformanceObserver((list) => {
    for (const painted of list.getEntries()) {
      if (main ? painted.identifier === "${FIRST_VIEW}" : painted.name === "first-contentful-paint") start();
    }
  }).observe({ type: main ? "element" : "paint", buffered: true });
} else {
  // Elsewhere: once the picture is decoded (or the fonts ready), two frames later.
  const loaded = picture && !picture.complete
    ? new Promise((done) => picture.addEventListener("load", done))
    : Promise.resolve();
  loaded
    .then(() => (picture ? picture.decode() : document.fonts && document.fonts.ready))
    .catch(() => {})
    .then(() => requestAnimationFrame(() => requestAnimationFrame(start)));
}
setTimeout(start, ${ENTRY_START_LIMIT_MS});
})();
`;

/**
 * The classic script, loaded `defer` from index.html, that starts the app's JavaScript once the
 * server-rendered first view has painted, and preloads the page's route code and messages with it.
 *
 * The page is in the HTML, so the app is not what a shopper waits for to see it: the first view
 * waits for the HTML, the stylesheet, the fonts and its main picture. Started at once, the
 * 140 KiB entry shares a phone's thin connection with that picture and slows it; started after,
 * the picture has the connection to itself. So the script waits until the page's main element
 * (marked `FIRST_VIEW` by the server) has painted — the browser reports it through the Element
 * Timing API; on a page without one, until the first content has painted; where those reports are
 * missing, until the picture has decoded or the fonts are ready, and two frames more. Then it adds
 * the entry's module script (`data-entry`) and `modulepreload` links for the files its tag names
 * (`data-preload`, `data-shell-messages`, `data-route-messages`, written by the server:
 * server/render/first-page-files.ts), PRELOAD_LINKS_PER_TASK to a task. It waits at
 * most ENTRY_START_LIMIT_MS, and not at all after the picture fails. Links work before that, as
 * in any HTML page; what waits is what the app adds (menus, the cart, search). Meanwhile it keeps
 * the browser's install offer for the app (`window.forgeInstallOffer`,
 * src/lib/pwa/install-prompt.ts), which would otherwise be missed, and hands the app its message
 * files (`window.forgeMessages`, src/lib/i18n/catalogs.ts). First of all it marks a device that
 * holds no cart (CART_EMPTY_MARK), so the cart page's HTML shows that cart as empty at once
 * instead of loading until the app has read it.
 */
export function preloadScript(): string {
  return START_APP;
}

/** The module of every route's message files, in each language (`export const table`). */
export function messageTableModule(messages: MessageTable, base: string): string {
  return `export const table=JSON.parse(${JSON.stringify(JSON.stringify(absolute(messages, base)))});\n`;
}

function absolute(messages: MessageTable, base: string): MessageTable {
  const files = (routes: [string, string][]) =>
    routes.map(([pattern, file]): [string, string] => [pattern, base + file]);
  return Object.fromEntries(
    Object.entries(messages).map(([locale, { shell, routes, later }]) => [
      locale,
      {
        shell: base + shell,
        routes: files(routes),
        later: { shell: base + later.shell, routes: files(later.routes) },
      },
    ]),
  ) as MessageTable;
}

/** What the server reads to name each page's files (server/render/first-page-files.ts). */
export function firstPages(
  preloads: RoutePreload[],
  messages: MessageTable,
  base: string,
): FirstPages {
  return {
    routes: preloads.map(({ pattern, files }) => ({
      pattern,
      urls: files.map((file) => base + file),
    })),
    messages: absolute(messages, base),
  };
}

/**
 * The built index.html with the entry's module script replaced by the route-preload script, which
 * starts the entry (named in its `data-entry`) once the first view has painted (`preloadScript`),
 * and tells the app where the message table is (`data-message-table`). The `defer` script runs
 * once the document is parsed, so it holds up neither the parser nor the first paint, and it is
 * tiny.
 */
export function withFirstPageScripts(
  html: string,
  preloadSrc: string,
  messageTableSrc: string,
): string {
  const entry = /<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;
  const src = entry.exec(html)?.[1];
  if (!src) throw new Error('index.html has no module entry script');
  return html.replace(
    entry,
    `<script defer src="${preloadSrc}" data-entry="${src}" data-message-table="${messageTableSrc}"></script>`,
  );
}

export function routePreload(): Plugin {
  let base = '/';
  return {
    name: 'forge:route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      const routes = routeModules(
        this.getModuleIds(),
        (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
      );
      const preloads = routePreloads(bundle, routes);
      // No route loads anything lazily: the router plugin no longer splits route components (or
      // src/routes moved), and a silently empty table would undo the first-page preloads.
      if (preloads.length === 0) this.error('route-preload: no route has a lazily loaded chunk');
      // The chunks name the short ids (message-ids.ts, applied as each chunk was rendered).
      const messages = splitMessages(bundle, routes, {
        'en-CA': withShortKeys(english, SHORT_MESSAGE_IDS),
        'fr-CA': withShortKeys(french, SHORT_MESSAGE_IDS),
      });
      for (const [fileName, source] of messages.files) {
        this.emitFile({ type: 'asset', fileName, source });
      }
      const emitted = (name: string, source: string) =>
        `${base}${this.getFileName(this.emitFile({ type: 'asset', name, source }))}`;
      const script = emitted('route-preload.js', preloadScript());
      const table = emitted('message-table.js', messageTableModule(messages.table, base));
      this.emitFile({
        type: 'asset',
        fileName: FIRST_PAGES_FILE,
        source: JSON.stringify(firstPages(preloads, messages.table, base)),
      });
      html.source = withFirstPageScripts(String(html.source), script, table);
    },
  };
}
