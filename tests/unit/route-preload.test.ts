import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW } from '../../src/lib/ssr/first-view.ts';
import { PRELOAD_SCRIPT_TAG } from '../../server/render/first-page-files.ts';
import {
  ENTRY_START_LIMIT_MS,
  PRELOAD_LINKS_PER_TASK,
  firstPages,
  messageTableModule,
  preloadScript,
  routePattern,
  routeModules,
  routePreloads,
  type RouteModule,
  withFirstPageScripts,
} from '../../scripts/vite/route-preload.ts';

const routes = '/work/shop/src/routes/';

function chunk(
  fileName: string,
  imports: string[],
  extra: Partial<Rolldown.OutputChunk> = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    moduleIds: [],
    ...extra,
  } as Rolldown.OutputChunk;
}

function bundleOf(...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

/** The module a route file imports lazily (its component, as the router plugin splits it off). */
const lazyModule = (file: string) => `${routes}${file}.tsx?some-split`;
/** A chunk holding a route file's lazily imported module. */
const split = (file: string) => ({ moduleIds: [lazyModule(file)] });
/** The route files whose lazily imported module is in a chunk of the bundle. */
function routesOf(bundle: Rolldown.OutputBundle): RouteModule[] {
  return Object.values(bundle).flatMap((output) =>
    output.type === 'chunk'
      ? output.moduleIds.flatMap((id) => {
          const file = /^\/work\/shop\/src\/routes\/(.+)\.tsx\?some-split$/.exec(id)?.[1];
          return file ? [{ file, lazyModules: [id] }] : [];
        })
      : [],
  );
}
function preloadsOf(bundle: Rolldown.OutputBundle) {
  return routePreloads(bundle, routesOf(bundle));
}

describe('route preload', () => {
  it('turns file routes into URL patterns', () => {
    const matches = (file: string, url: string) => new RegExp(routePattern(file)!).test(url);
    expect(routePattern('__root')).toBeNull();
    expect(matches('_shop/index', '/')).toBe(true);
    expect(matches('_shop/index', '/cart')).toBe(false);
    expect(matches('_shop/cart', '/cart')).toBe(true);
    expect(matches('_shop/cart', '/cart/')).toBe(true);
    expect(matches('_shop/cart', '/cartx')).toBe(false);
    expect(matches('_shop/product/$identifier', '/product/whey-protein-isolate')).toBe(true);
    expect(matches('_shop/product/$identifier', '/product/a/b')).toBe(false);
    expect(matches('_shop/_account/profile/me', '/profile/me')).toBe(true);
    expect(matches('_shop/search/index', '/search')).toBe(true);
    expect(matches('reset-password/$token', '/reset-password/abc')).toBe(true);
    expect(matches('docs/$', '/docs/a/b')).toBe(true);
  });

  it("leaves the staff pages out: they are no shopper's first page", () => {
    const preloads = preloadsOf(
      bundleOf(
        chunk('assets/index.js', [], { isEntry: true }),
        chunk('assets/account.js', ['assets/index.js'], split('_shop/_account')),
        chunk('assets/desk.js', ['assets/table.js'], split('_shop/_account/admin/orders/index')),
        chunk('assets/desk-order.js', [], split('_shop/_account/admin/orders/$orderId')),
        chunk('assets/table.js', []),
        chunk('assets/me.js', [], split('_shop/_account/profile/me')),
      ),
    );
    expect(preloads).toEqual([
      { pattern: '^/profile/me/?$', files: ['assets/account.js', 'assets/me.js'] },
    ]);
  });

  it("lists a route's chunks with its layouts' and their static imports, never the entry's", () => {
    const preloads = preloadsOf(
      bundleOf(
        chunk('assets/index.js', ['assets/vendor.js'], { isEntry: true }),
        chunk('assets/vendor.js', []),
        chunk('assets/account.js', ['assets/index.js'], split('_shop/_account')),
        chunk(
          'assets/orders.js',
          ['assets/index.js', 'assets/list.js'],
          split('_shop/_account/my-orders'),
        ),
        chunk('assets/list.js', ['assets/format.js', 'assets/vendor.js']),
        chunk('assets/format.js', []),
        chunk('assets/product.js', ['assets/format.js'], split('_shop/product/$identifier')),
        chunk('assets/search.js', [], split('_shop/search/products')),
      ),
    );
    expect(preloads).toEqual([
      {
        pattern: '^/my-orders/?$',
        files: ['assets/account.js', 'assets/format.js', 'assets/list.js', 'assets/orders.js'],
      },
      { pattern: '^/search/products/?$', files: ['assets/search.js'] },
      { pattern: '^/product/[^/]+/?$', files: ['assets/format.js', 'assets/product.js'] },
    ]);
  });

  it('tries fixed paths, then parameters, and the catch-all last', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', [], { isEntry: true }),
      chunk('assets/missing.js', [], split('$')),
      chunk('assets/product.js', [], split('_shop/product/$identifier')),
      chunk('assets/cart.js', [], split('_shop/cart')),
    );
    expect(routePreloads(bundle, routesOf(bundle)).map(({ pattern }) => pattern)).toEqual([
      '^/cart/?$',
      '^/product/[^/]+/?$',
      '^/.*/?$',
    ]);
  });

  it("finds each route file's lazily imported modules in the module graph", () => {
    const graph: Record<string, string[]> = {
      '/work/shop/src/main.tsx': ['/work/shop/src/lib/later.ts'],
      [`${routes}__root.tsx`]: [],
      [`${routes}_shop/cart.tsx`]: [`${routes}_shop/cart.tsx?split`],
      [`${routes}_shop/cart.tsx?split`]: ['/work/shop/src/features/cart/dialog.tsx'],
      [`${routes}_shop/_account/admin/orders/index.tsx`]: [
        `${routes}_shop/_account/admin/orders/index.tsx?split`,
        '/work/shop/src/features/admin/api/desk-orders.ts',
      ],
      [`${routes.replaceAll('/', '\\')}login.tsx`]: ['C:\\shop\\src\\routes\\login.tsx?split'],
      '/work/shop/src/routeTree.gen.ts': [],
    };
    expect(routeModules(Object.keys(graph), (id) => graph[id] ?? [])).toEqual([
      { file: '__root', lazyModules: [] },
      { file: '_shop/cart', lazyModules: [`${routes}_shop/cart.tsx?split`] },
      {
        file: '_shop/_account/admin/orders/index',
        lazyModules: [
          `${routes}_shop/_account/admin/orders/index.tsx?split`,
          '/work/shop/src/features/admin/api/desk-orders.ts',
        ],
      },
      { file: 'login', lazyModules: ['C:\\shop\\src\\routes\\login.tsx?split'] },
    ]);
  });

  it('preloads every chunk a route imports lazily, not only its component', () => {
    const bundle = bundleOf(
      chunk('assets/index.js', [], { isEntry: true }),
      chunk('assets/cart.js', ['assets/rules.js'], {
        moduleIds: ['/s/src/routes/_shop/cart.tsx?c'],
      }),
      chunk('assets/rules.js', []),
      chunk('assets/cart-data.js', [], { moduleIds: ['/s/src/lib/cart-data.ts'] }),
    );
    const routeFiles = [
      {
        file: '_shop/cart',
        lazyModules: ['/s/src/routes/_shop/cart.tsx?c', '/s/src/lib/cart-data.ts'],
      },
      { file: '_shop/about', lazyModules: ['/s/src/lib/in-no-chunk.ts'] },
    ];
    expect(routePreloads(bundle, routeFiles)).toEqual([
      { pattern: '^/cart/?$', files: ['assets/cart-data.js', 'assets/cart.js', 'assets/rules.js'] },
    ]);
  });

  it('starts the entry, then preloads the code and messages the server named on its tag', () => {
    const page = firstPage(preloadScript(), {
      pathname: '/fr/search/products',
      dataset: {
        preload: '/assets/search.js /assets/format.js',
        shellMessages: '/assets/messages-shell-fr.js',
        routeMessages: '/assets/messages-route-fr.js',
        laterMessages: '/assets/later-fr.js /assets/search-later-fr.js',
        messageTable: '/assets/message-table.js',
      },
    });
    expect(page.added, 'nothing before the first view has painted').toEqual([]);
    page.report({ name: 'first-contentful-paint' });
    const link = (href: string) => ({ tag: 'link', rel: 'modulepreload', href });
    expect(page.added).toEqual([
      { tag: 'script', type: 'module', src: '/assets/index.js' },
      link('/assets/search.js'),
      link('/assets/format.js'),
      link('/assets/messages-shell-fr.js'),
      link('/assets/messages-route-fr.js'),
    ]);
    expect(page.timers, 'all in one task').toEqual([ENTRY_START_LIMIT_MS]);
    // The later messages are the app's to load once the page has rendered: not preloaded.
    expect(page.window.forgeMessages).toEqual({
      table: '/assets/message-table.js',
      shell: '/assets/messages-shell-fr.js',
      route: '/assets/messages-route-fr.js',
      later: ['/assets/later-fr.js', '/assets/search-later-fr.js'],
    });
  });

  it(`adds ${PRELOAD_LINKS_PER_TASK} links a task, so no one task is long`, () => {
    const chunks = Array.from(
      { length: 2 * PRELOAD_LINKS_PER_TASK + 1 },
      (_, n) => `/assets/c-${n}.js`,
    );
    const page = firstPage(preloadScript(), {
      pathname: '/order/ord_1',
      dataset: {
        preload: chunks.join(' '),
        shellMessages: '/assets/messages-shell-en.js',
        routeMessages: '/assets/messages-route-en.js',
      },
    });
    page.report({ name: 'first-contentful-paint' });
    const hrefs = () => page.added.map((added) => added.href ?? added.src);
    const wanted = [
      '/assets/index.js',
      ...chunks,
      '/assets/messages-shell-en.js',
      '/assets/messages-route-en.js',
    ];
    expect(hrefs()).toEqual(wanted.slice(0, 1 + PRELOAD_LINKS_PER_TASK));
    page.runTimers();
    expect(hrefs()).toEqual(wanted.slice(0, 1 + 2 * PRELOAD_LINKS_PER_TASK));
    page.runTimers();
    expect(hrefs()).toEqual(wanted.slice(0, 1 + 3 * PRELOAD_LINKS_PER_TASK));
    page.runTimers();
    expect(hrefs()).toEqual(wanted);
  });

  it('in the shell (nothing named): starts the entry alone, which finds its messages in the table', () => {
    const page = firstPage(preloadScript(), {
      pathname: '/cart',
      dataset: { messageTable: '/assets/message-table.js' },
    });
    page.report({ name: 'first-contentful-paint' });
    expect(page.added).toEqual([{ tag: 'script', type: 'module', src: '/assets/index.js' }]);
    expect(page.window.forgeMessages).toEqual({
      table: '/assets/message-table.js',
      shell: undefined,
      route: undefined,
      later: undefined,
    });
  });

  it('lists every route’s code and each language’s message files, as absolute URLs', () => {
    const messages = {
      'en-CA': {
        shell: 'assets/messages-shell-en.js',
        routes: [['^/cart/?$', 'assets/messages-route-en.js']] as [string, string][],
        later: { shell: 'assets/later-en.js', routes: [] },
      },
      'fr-CA': {
        shell: 'assets/messages-shell-fr.js',
        routes: [['^/cart/?$', 'assets/messages-route-fr.js']] as [string, string][],
        later: {
          shell: 'assets/later-fr.js',
          routes: [['^/cart/?$', 'assets/cart-later-fr.js']] as [string, string][],
        },
      },
    };
    const pages = firstPages([{ pattern: '^/cart/?$', files: ['assets/cart.js'] }], messages, '/');
    expect(pages).toEqual({
      routes: [{ pattern: '^/cart/?$', urls: ['/assets/cart.js'] }],
      messages: {
        'en-CA': {
          shell: '/assets/messages-shell-en.js',
          routes: [['^/cart/?$', '/assets/messages-route-en.js']],
          later: { shell: '/assets/later-en.js', routes: [] },
        },
        'fr-CA': {
          shell: '/assets/messages-shell-fr.js',
          routes: [['^/cart/?$', '/assets/messages-route-fr.js']],
          later: {
            shell: '/assets/later-fr.js',
            routes: [['^/cart/?$', '/assets/cart-later-fr.js']],
          },
        },
      },
    });
    const table = messageTableModule(messages, '/shop/');
    const exported: { table?: unknown } = {};
    runInNewContext(table.replace('export const table=', 'exported.table='), { exported, JSON });
    expect(exported.table).toEqual({
      'en-CA': {
        shell: '/shop/assets/messages-shell-en.js',
        routes: [['^/cart/?$', '/shop/assets/messages-route-en.js']],
        later: { shell: '/shop/assets/later-en.js', routes: [] },
      },
      'fr-CA': {
        shell: '/shop/assets/messages-shell-fr.js',
        routes: [['^/cart/?$', '/shop/assets/messages-route-fr.js']],
        later: {
          shell: '/shop/assets/later-fr.js',
          routes: [['^/cart/?$', '/shop/assets/cart-later-fr.js']],
        },
      },
    });
  });

  it('on a page without a main element, starts once the browser reports the first content painted', () => {
    const page = firstPage(preloadScript(), { pathname: '/' });
    expect(page.observed).toEqual([{ type: 'paint', buffered: true }]);
    page.report({ name: 'first-paint' });
    expect(page.added).toEqual([]);
    page.report({ name: 'first-contentful-paint' });
    expect(page.added).toEqual([{ tag: 'script', type: 'module', src: '/assets/index.js' }]);
  });

  it('waits for the browser to report the main element painted, not any other', () => {
    const page = firstPage(preloadScript(), { pathname: '/', main: 'IMG' });
    expect(page.observed).toEqual([{ type: 'element', buffered: true }]);
    page.report({ name: 'first-contentful-paint' });
    page.report({ identifier: 'other' });
    expect(page.added).toEqual([]);
    page.report({ identifier: FIRST_VIEW });
    expect(page.added).toHaveLength(1);
    page.report({ identifier: FIRST_VIEW });
    expect(page.added, 'started once').toHaveLength(1);
  });

  it('starts at once when the main picture fails to load', () => {
    const page = firstPage(preloadScript(), { pathname: '/', main: 'IMG' });
    page.fire('error');
    expect(page.added).toHaveLength(1);
  });

  it(`starts after ${ENTRY_START_LIMIT_MS} ms whatever has painted, and only once`, () => {
    const page = firstPage(preloadScript(), { pathname: '/', main: 'IMG' });
    expect(page.timers).toEqual([ENTRY_START_LIMIT_MS]);
    page.runTimers();
    expect(page.added).toHaveLength(1);
    page.report({ identifier: FIRST_VIEW });
    expect(page.added).toHaveLength(1);
  });

  it('without paint reports, waits for the picture to load and decode, then two frames', async () => {
    const page = firstPage(preloadScript(), {
      pathname: '/',
      main: 'IMG',
      paintReports: false,
    });
    await page.frames(2);
    expect(page.added).toEqual([]);
    page.fire('load');
    await page.frames(2);
    expect(page.added).toEqual([]);
    page.decoded();
    await page.frames(1);
    expect(page.added).toEqual([]);
    await page.frames(1);
    expect(page.added).toHaveLength(1);
  });

  it('without paint reports and without a picture, waits for the fonts, then two frames', async () => {
    const page = firstPage(preloadScript(), { pathname: '/', paintReports: false });
    await page.frames(2);
    expect(page.added).toEqual([]);
    page.fontsReady();
    await page.frames(2);
    expect(page.added).toHaveLength(1);
  });

  it('keeps an install offer made before the app starts, and stops the browser’s own', () => {
    const page = firstPage(preloadScript(), { pathname: '/' });
    let prevented = false;
    const offer = { type: 'beforeinstallprompt', preventDefault: () => (prevented = true) };
    page.dispatch('beforeinstallprompt', offer);
    expect(prevented).toBe(true);
    expect(page.window.forgeInstallOffer).toBe(offer);
  });

  it('replaces the entry script with the deferred route-preload script that names it', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="stylesheet" href="/assets/style.css">',
      '</head>',
    ].join('\n');
    const built = withFirstPageScripts(html, '/assets/route-preload.js', '/assets/table.js');
    expect(built).toBe(
      [
        '<head>',
        '    <script defer src="/assets/route-preload.js" data-entry="/assets/index.js" data-message-table="/assets/table.js"></script>',
        '    <link rel="stylesheet" href="/assets/style.css">',
        '</head>',
      ].join('\n'),
    );
    expect(PRELOAD_SCRIPT_TAG.exec(built)?.slice(1, 3)).toEqual([
      '/assets/route-preload.js',
      '/assets/index.js',
    ]);
    expect(() => withFirstPageScripts('<head></head>', '/assets/x.js', '/t.js')).toThrow(
      /no module entry/,
    );
  });
});

/** Lets every promise callback already due run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Options {
  pathname: string;
  /** The tag of the element marked FIRST_VIEW, if the page has one. */
  main?: 'IMG' | 'P';
  /** Whether the browser reports element and paint timings (Chromium does). */
  paintReports?: boolean;
  /** The script tag's data attributes beyond its entry's. */
  dataset?: Record<string, string>;
}

/**
 * Runs a route-preload script in a stand-in for the browser, with the entry `/assets/index.js`:
 * what it adds to the document's head and what it observes, and handles to report paints, fire
 * the main picture's events, let it decode or the fonts get ready, paint frames and fire timers.
 */
function firstPage(script: string, { pathname, main, paintReports = true, dataset = {} }: Options) {
  const added: Record<string, string>[] = [];
  const observed: unknown[] = [];
  const observers: ((entries: unknown[]) => void)[] = [];
  const frames: (() => void)[] = [];
  const timerCallbacks: (() => void)[] = [];
  const timers: number[] = [];
  const windowListeners = new Map<string, (event: unknown) => void>();
  const pictureListeners = new Map<string, () => void>();
  let fontsReady = () => {};
  const fonts = { ready: new Promise<void>((resolve) => (fontsReady = resolve)) };
  let decoded = () => {};
  const decoding = new Promise<void>((resolve) => (decoded = resolve));
  const element = main && {
    tagName: main,
    complete: false,
    addEventListener: (type: string, listener: () => void) => pictureListeners.set(type, listener),
    decode: () => decoding,
  };
  class PerformanceObserver {
    static supportedEntryTypes = paintReports ? ['element', 'paint', 'resource'] : ['resource'];
    constructor(private readonly callback: (list: { getEntries(): unknown[] }) => void) {}
    observe(options: unknown) {
      observed.push(options);
      observers.push((entries) => this.callback({ getEntries: () => entries }));
    }
  }
  const window: Record<string, unknown> = {
    location: { pathname },
    PerformanceObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => {
      timers.push(ms);
      timerCallbacks.push(callback);
    },
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      windowListeners.set(type, listener),
    document: {
      documentElement: { dataset: {} },
      currentScript: { dataset: { entry: '/assets/index.js', ...dataset } },
      fonts,
      querySelector: (selector: string) =>
        selector === `[elementtiming=${FIRST_VIEW}]` ? element : null,
      createElement: (tag: string) => ({ tag }),
      head: { append: (element: Record<string, string>) => added.push({ ...element }) },
    },
  };
  window.window = window;
  runInNewContext(script, window);
  return {
    added,
    observed,
    timers,
    window,
    fontsReady: () => fontsReady(),
    decoded: () => decoded(),
    report: (entry: object) => {
      for (const observer of observers) observer([entry]);
    },
    fire: (type: string) => pictureListeners.get(type)?.(),
    dispatch: (type: string, event: unknown) => windowListeners.get(type)?.(event),
    /** Lets due promises settle, then paints `count` frames. */
    async frames(count: number) {
      await settle();
      for (let frame = 0; frame < count; frame += 1) {
        for (const callback of frames.splice(0)) callback();
      }
    },
    runTimers: () => {
      for (const callback of timerCallbacks.splice(0)) callback();
    },
  };
}
