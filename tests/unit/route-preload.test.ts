import { runInNewContext } from 'node:vm';
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  preloadScript,
  routePattern,
  routePreloads,
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
    facadeModuleId: null,
    ...extra,
  } as Rolldown.OutputChunk;
}

function bundleOf(...chunks: Rolldown.OutputChunk[]): Rolldown.OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c]));
}

const split = (file: string) => ({ facadeModuleId: `${routes}${file}.tsx?tsr-split=component` });

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
    const preloads = routePreloads(
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
    const preloads = routePreloads(
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
