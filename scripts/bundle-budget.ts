/**
 * `npm run budget`: the JavaScript a shopper's browser fetches before the first page can render —
 * the entry script of dist/index.html, every module it preloads, and their static imports, plus
 * the route-preload script and what the server names on its tag for the page's route (its chunks
 * and the messages it shows as it renders, from the build's FIRST_PAGES_FILE) — gzipped, listed
 * file by file and route by route against the budget (docs/decisions.md, "A 151 KiB first page"),
 * which the heaviest route must meet, and the heaviest page's size as the brotli the server sends
 * (not budgeted: the budget counts gzip); and that no first page loads Stripe.js. Exits 1 over budget
 * or with Stripe.js on a first page. Reads the last `vite build`; builds nothing itself.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotli, gzip } from './precompress.ts';
import {
  FIRST_PAGES_FILE,
  PRELOAD_SCRIPT_TAG,
  type FirstPages,
} from '../server/render/first-page-files.ts';

export const FIRST_PAGE_JS_BUDGET_KIB = 151;

const dist = path.resolve(import.meta.dirname, '..', 'dist');

/**
 * Absolute asset paths (`/assets/x.js`) the HTML loads as module scripts or module preloads, and
 * the entry the route-preload script starts (its tag's `data-entry`).
 */
export function entryScripts(html: string): string[] {
  const found = new Set<string>();
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type="module"/.test(tag);
    const isModulePreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+\.js)"/.exec(tag)?.[1];
    if ((isModuleScript || isModulePreload) && url) found.add(url);
    const started = /data-entry="([^"]+\.js)"/.exec(tag)?.[1];
    if (tag.startsWith('<script') && started) found.add(started);
  }
  return [...found];
}

/** Relative static imports (`import … from "./x.js"`, `import "./x.js"`) of a built chunk. */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\.?\/[^"']+\.js)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

export function firstPageFiles(root: string): { file: string; bytes: number; gzip: number }[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const queue = entryScripts(html).map((url) => path.join(root, url));
  const seen = new Set<string>();
  const files: { file: string; bytes: number; gzip: number }[] = [];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file);
    files.push({
      file: path.relative(root, file),
      bytes: code.length,
      gzip: gzip(code).length,
    });
    for (const spec of staticImports(code.toString('utf8'))) {
      queue.push(path.resolve(path.dirname(file), spec));
    }
  }
  return files.sort((a, b) => b.gzip - a.gzip);
}

const gzipped = (file: string) => gzip(readFileSync(file)).length;

/** The route-preload script the built index.html loads, if any. */
function preloadScriptFile(root: string): string | undefined {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const script = PRELOAD_SCRIPT_TAG.exec(html)?.[1];
  return script && path.join(root, script);
}

/** The build's table of each route's first-page files, if it wrote one. */
function readFirstPages(root: string): FirstPages | undefined {
  const file = path.join(root, FIRST_PAGES_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstPages) : undefined;
}

/**
 * Each route's own first-page JavaScript beyond the entry: the route-preload script and the files
 * the server names on its tag for that route — its chunks and the interface messages the page
 * loads before it renders (the shell's and the route's, in the language whose are heavier). Empty
 * when the build has no route-preload script.
 */
export function routeFiles(
  root: string,
): { pattern: string; gzip: number; messages: number; files: string[] }[] {
  const scriptFile = preloadScriptFile(root);
  const pages = readFirstPages(root);
  if (!scriptFile || !pages) return [];
  const scriptGzip = gzipped(scriptFile);
  const script = path.relative(root, scriptFile);
  const relative = (url: string) => path.relative(root, path.join(root, url));
  const sizeOf = (urls: string[]) =>
    urls.reduce((sum, url) => sum + gzipped(path.join(root, url)), 0);
  return pages.routes
    .map(({ pattern, urls }) => {
      const messageUrls = Object.values(pages.messages).map(({ shell, routes: own }) => [
        shell,
        ...own.filter(([routePattern]) => routePattern === pattern).map(([, url]) => url),
      ]);
      const heaviest = messageUrls.sort((a, b) => sizeOf(b) - sizeOf(a))[0] ?? [];
      const messageGzip = sizeOf(heaviest);
      return {
        pattern,
        gzip: scriptGzip + sizeOf(urls) + messageGzip,
        messages: messageGzip,
        files: [script, ...urls.map(relative), ...heaviest.map(relative)],
      };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

/** What marks Stripe.js's loader in a built chunk: the address it fetches Stripe.js from. */
export const STRIPE_JS_MARK = 'js.stripe.com';

/**
 * The first-page files (the entry's and every route's) that would load Stripe.js. Stripe.js is
 * for the checkout's payment step alone, fetched when the shopper reaches it, so this is empty.
 */
export function firstPageStripeFiles(root: string): string[] {
  const routeUrls = readFirstPages(root)?.routes.flatMap(({ urls }) => urls) ?? [];
  const files = new Set([
    ...firstPageFiles(root).map(({ file }) => file),
    ...routeUrls.map((url) => path.relative(root, path.join(root, url))),
  ]);
  return [...files].filter((file) =>
    readFileSync(path.join(root, file), 'utf8').includes(STRIPE_JS_MARK),
  );
}

function main() {
  if (!existsSync(path.join(dist, 'index.html'))) {
    console.error('dist/index.html is missing: run `npm run build` first.');
    process.exit(1);
  }
  const files = firstPageFiles(dist);
  const kib = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);
  console.log('first-page JavaScript (KiB)      raw     gzip');
  for (const { file, bytes, gzip } of files) {
    console.log(`  ${file.padEnd(30)} ${kib(bytes)}  ${kib(gzip)}`);
  }
  const entry = files.reduce((sum, file) => sum + file.gzip, 0);
  const raw = files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(`  ${'entry total'.padEnd(30)} ${kib(raw)}  ${kib(entry)}`);
  const routes = routeFiles(dist);
  if (routes.length > 0) {
    console.log('\nwith each route (KiB gzip)        route  messages    total');
    for (const { pattern, gzip, messages } of routes) {
      console.log(`  ${pattern.padEnd(30)} ${kib(gzip)}  ${kib(messages)}  ${kib(entry + gzip)}`);
    }
  }
  const heaviest = routes[0];
  const total = entry + (heaviest?.gzip ?? 0);
  const within = total <= FIRST_PAGE_JS_BUDGET_KIB * 1024;
  console.log(
    `${within ? 'within' : 'OVER'} the budget of ${FIRST_PAGE_JS_BUDGET_KIB} KiB gzipped: ` +
      `${kib(total).trim()} KiB for the heaviest first page` +
      (heaviest ? ` (${heaviest.pattern}, ${files.length + heaviest.files.length} files)` : ''),
  );
  // What a browser is sent: the build's brotli form (scripts/precompress.ts) of each file, or the
  // file itself where brotli would not make it smaller.
  const sent = [...files.map(({ file }) => file), ...(heaviest?.files ?? [])].reduce(
    (sum, file) => {
      const code = readFileSync(path.join(dist, file));
      return sum + Math.min(brotli(code).length, code.length);
    },
    0,
  );
  console.log(`  sent as brotli, as the server sends the build's files: ${kib(sent).trim()} KiB`);
  const stripe = firstPageStripeFiles(dist);
  console.log(
    stripe.length === 0
      ? 'Stripe.js is on no first page (only the payment step fetches it)'
      : `Stripe.js is on a first page: ${stripe.join(', ')}`,
  );
  process.exit(within && stripe.length === 0 ? 0 : 1);
}

if (process.argv[1] === import.meta.filename) main();
