import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  STRIPE_JS_MARK,
  entryScripts,
  firstPageFiles,
  firstPageStripeFiles,
  routeFiles,
  staticImports,
} from '../../scripts/bundle-budget.ts';
import { firstPages, preloadScript } from '../../scripts/vite/route-preload.ts';
import { FIRST_PAGES_FILE, type MessageTable } from '../../server/render/first-page-files.ts';

/**
 * A build in `dir` with the route-preload script, the table of each route's code and messages
 * (`preloads`, and English and French shell messages with a longer French cart's), and the
 * entry `assets/a.js`.
 */
function writeBuild(dir: string, preloads: { pattern: string; files: string[] }[]) {
  writeFileSync(path.join(dir, 'assets/route-preload-1.js'), preloadScript());
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script defer src="/assets/route-preload-1.js" data-entry="/assets/a.js" data-message-table="/assets/t.js"></script>',
  );
  const messages: MessageTable = {
    'en-CA': {
      shell: 'assets/shell-en.js',
      routes: [['^/cart/?$', 'assets/cart-en.js']],
      later: { shell: 'assets/later-en.js', routes: [] },
    },
    'fr-CA': {
      shell: 'assets/shell-fr.js',
      routes: [['^/cart/?$', 'assets/cart-fr.js']],
      // Loaded once the page has rendered: not a first page's.
      later: { shell: 'assets/later-fr.js', routes: [['^/cart/?$', 'assets/cart-later-fr.js']] },
    },
  };
  writeFileSync(path.join(dir, 'assets/shell-en.js'), randomBytes(100));
  writeFileSync(path.join(dir, 'assets/shell-fr.js'), randomBytes(120));
  writeFileSync(path.join(dir, 'assets/cart-en.js'), randomBytes(50));
  writeFileSync(path.join(dir, 'assets/cart-fr.js'), randomBytes(60));
  mkdirSync(path.join(dir, path.dirname(FIRST_PAGES_FILE)));
  writeFileSync(
    path.join(dir, FIRST_PAGES_FILE),
    JSON.stringify(firstPages(preloads, messages, '/')),
  );
}

describe('first-page JavaScript budget', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('finds module scripts and module preloads, not classic scripts or stylesheets', () => {
    const html = `<script type="module" crossorigin src="/assets/start-1.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
      <link rel="stylesheet" href="/assets/start-1.css"><script src="/zod-jitless.js"></script>`;
    expect(entryScripts(html)).toEqual(['/assets/start-1.js', '/assets/vendor-2.js']);
  });

  it('finds the entry the route-preload script starts, and not the script itself', () => {
    const html = `<script defer src="/assets/route-preload-1.js" data-entry="/assets/index-2.js"></script>`;
    expect(entryScripts(html)).toEqual(['/assets/index-2.js']);
  });

  it('follows static imports but not dynamic ones', () => {
    const code = `import{a as b}from"./react-1.js";import"./side-2.js";const c=()=>import("./lazy-3.js");`;
    expect(staticImports(code)).toEqual(['./react-1.js', './side-2.js']);
  });

  it('counts each file the first page fetches once, gzipped', () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<script type="module" src="/assets/a.js"></script>',
    );
    writeFileSync(
      path.join(dir, 'assets/a.js'),
      'import"./b.js";import"./c.js";import("./lazy.js")',
    );
    writeFileSync(path.join(dir, 'assets/b.js'), 'import"./c.js";' + 'x'.repeat(1000));
    writeFileSync(path.join(dir, 'assets/c.js'), 'export const c=1');
    writeFileSync(path.join(dir, 'assets/lazy.js'), 'y'.repeat(5000));
    const files = firstPageFiles(dir);
    expect(files.map((file) => file.file).sort()).toEqual([
      'assets/a.js',
      'assets/b.js',
      'assets/c.js',
    ]);
    expect(files.every((file) => file.gzip > 0 && file.gzip < file.bytes + 30)).toBe(true);
  });

  it("adds each route's preloaded chunks and the preload script, heaviest route first", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    mkdirSync(path.join(dir, 'assets'));
    writeBuild(dir, [
      { pattern: '^/cart/?$', files: ['assets/cart.js'] },
      { pattern: '^/product/[^/]+/?$', files: ['assets/product.js', 'assets/format.js'] },
    ]);
    writeFileSync(path.join(dir, 'assets/cart.js'), 'c'.repeat(10));
    // Random bytes do not compress: the gzipped size stays near the raw size.
    writeFileSync(path.join(dir, 'assets/product.js'), randomBytes(4000));
    writeFileSync(path.join(dir, 'assets/format.js'), randomBytes(1000));
    const routes = routeFiles(dir);
    // Each route: its chunks, the preload script, and the heavier language's messages (French).
    expect(routes.map(({ pattern, files }) => [pattern, files.length])).toEqual([
      ['^/product/[^/]+/?$', 4],
      ['^/cart/?$', 4],
    ]);
    const script = gzipSync(preloadScript(), { level: 9 }).length;
    const messages = (file: string) =>
      gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
    const french = messages('assets/shell-fr.js') + messages('assets/cart-fr.js');
    expect(routes[1]).toEqual({
      pattern: '^/cart/?$',
      gzip: script + gzipSync('c'.repeat(10), { level: 9 }).length + french,
      messages: french,
      files: [
        'assets/route-preload-1.js',
        'assets/cart.js',
        'assets/shell-fr.js',
        'assets/cart-fr.js',
      ],
    });
    expect(routes[0]!.gzip).toBeGreaterThan(5000 + script);
    expect(routes[0]!.messages).toBe(messages('assets/shell-fr.js'));
  });

  it("finds Stripe.js's loader on a first page, whether the entry's or a route's, not in a lazy chunk", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'budget-'));
    mkdirSync(path.join(dir, 'assets'));
    writeBuild(dir, [{ pattern: '^/checkout/?$', files: ['assets/checkout.js'] }]);
    writeFileSync(path.join(dir, 'assets/a.js'), 'import("./payment.js")');
    writeFileSync(path.join(dir, 'assets/checkout.js'), 'export const form=1');
    writeFileSync(path.join(dir, 'assets/payment.js'), `load("https://${STRIPE_JS_MARK}/v3")`);
    expect(firstPageStripeFiles(dir)).toEqual([]);
    writeFileSync(path.join(dir, 'assets/checkout.js'), `load("https://${STRIPE_JS_MARK}/v3")`);
    expect(firstPageStripeFiles(dir)).toEqual(['assets/checkout.js']);
    writeFileSync(path.join(dir, 'assets/checkout.js'), 'export const form=1');
    writeFileSync(path.join(dir, 'assets/a.js'), 'import "./payment.js"');
    expect(firstPageStripeFiles(dir)).toEqual(['assets/payment.js']);
  });
});
