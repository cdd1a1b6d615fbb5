import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
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

  it('adds modulepreload links for the first matching route only', () => {
    const script = preloadScript(
      [
        { pattern: '^/search/products/?$', files: ['assets/search.js'] },
        { pattern: '^/search/[^/]+/?$', files: ['assets/other.js'] },
      ],
      '/',
    );
    const run = (pathname: string) => {
      const links: { rel: string; href: string }[] = [];
      runInNewContext(script, {
        location: { pathname },
        document: {
          createElement: () => ({ rel: '', href: '' }),
          head: { append: (link: { rel: string; href: string }) => links.push(link) },
        },
      });
      return links;
    };
    expect(run('/search/products')).toEqual([{ rel: 'modulepreload', href: '/assets/search.js' }]);
    expect(run('/search/x')).toEqual([{ rel: 'modulepreload', href: '/assets/other.js' }]);
    expect(run('/nowhere')).toEqual([]);
  });

  it('puts the preload script before the entry and fetches the entry at low priority', () => {
    const html = [
      '<head>',
      '    <script type="module" crossorigin src="/assets/index.js"></script>',
      '    <link rel="stylesheet" href="/assets/style.css">',
      '</head>',
    ].join('\n');
    const tag = '<script async src="/assets/route-preload.js"></script>';
    const built = withFirstPageScripts(html, tag);
    expect(built).toBe(
      [
        '<head>',
        `    ${tag}`,
        '    <script type="module" fetchpriority="low" crossorigin src="/assets/index.js"></script>',
        '    <link rel="stylesheet" href="/assets/style.css">',
        '</head>',
      ].join('\n'),
    );
    expect(() => withFirstPageScripts('<head></head>', tag)).toThrow(/no module entry/);
  });
});
