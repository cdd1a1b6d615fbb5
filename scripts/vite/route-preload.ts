/**
 * A Vite plugin that starts a first page's route code together with the entry instead of after
 * it. Route components are split into chunks that the router imports only once the entry has
 * downloaded and run; on a slow phone that is a second round trip, and the entry's run time,
 * before the page can render. The plugin writes a small script, loaded `async` from index.html,
 * that matches `location.pathname` against the routes' URL patterns and adds `modulepreload`
 * links for that route's chunks (and the layouts above it), so they download while the entry
 * does. The script is built with every build, so its chunk names are always current, and the
 * service worker precaches it with the rest of the shell. The plugin also sets the entry's fetch
 * priority (`withFirstPageScripts`).
 */
import type { Plugin, Rolldown } from 'vite';

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
  const dynamic = (pattern: string) =>
    pattern.includes('[^/]+') || pattern.includes('.*') ? 1 : 0;
  return preloads.sort(
    (a, b) => dynamic(a.pattern) - dynamic(b.pattern) || a.pattern.localeCompare(b.pattern),
  );
}

const TABLE_START = '(()=>{const r=';
const TABLE_END = ';const p=location.pathname;';

/** The classic script that adds the matching route's `modulepreload` links. */
export function preloadScript(preloads: RoutePreload[], base: string): string {
  const table = preloads.map(({ pattern, files }) => [pattern, files.map((file) => base + file)]);
  return `${TABLE_START}${JSON.stringify(table)}${TABLE_END}for(const[s,f]of r){if(!new RegExp(s).test(p))continue;for(const h of f){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}break}})();\n`;
}

/** The routes and URLs a script made by `preloadScript` preloads (for the bundle budget). */
export function readPreloadScript(script: string): { pattern: string; urls: string[] }[] {
  const start = script.indexOf(TABLE_START);
  const end = script.indexOf(TABLE_END);
  if (start !== 0 || end < 0) throw new Error('not a route-preload script');
  const table = JSON.parse(script.slice(TABLE_START.length, end)) as [string, string[]][];
  return table.map(([pattern, urls]) => ({ pattern, urls }));
}

/**
 * The built index.html with the route-preload script tag put before the entry's module script,
 * and the entry fetched at low priority. A module script never holds up the first paint (it runs
 * once the document is parsed), so the boot bar paints as soon as the styles are in; what the
 * priority changes is the order of the first requests: the stylesheet and the preloaded fonts,
 * which the first paint waits for, ask first. It also keeps Lighthouse 12's simulation honest
 * about that: its first-contentful-paint estimate counts every High-priority script that finished
 * before the first paint as render-blocking, unless it can see the script run later — and it
 * cannot see a module run (GoogleChrome/lighthouse#17163), so on a fast host the 140 KiB entry
 * was charged to the boot bar (a simulated 1.9 s first paint instead of 1.1 s).
 */
export function withFirstPageScripts(html: string, preloadTag: string): string {
  const entry = /(\s*)<script type="module"/;
  if (!entry.test(html)) throw new Error('index.html has no module entry script');
  return html.replace(entry, `$1${preloadTag}$1<script type="module" fetchpriority="low"`);
}

/** Finds the route-preload script in built HTML. */
export const PRELOAD_SCRIPT_TAG = /<script async src="([^"]*route-preload[^"]*\.js)"><\/script>/;

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
      // src/routes moved), and a silently empty script would undo the first-page preloads.
      if (preloads.length === 0) this.error('route-preload: no route has a lazily loaded chunk');
      const fileName = this.getFileName(
        this.emitFile({
          type: 'asset',
          name: 'route-preload.js',
          source: preloadScript(preloads, base),
        }),
      );
      html.source = withFirstPageScripts(
        String(html.source),
        `<script async src="${base}${fileName}"></script>`,
      );
    },
  };
}
