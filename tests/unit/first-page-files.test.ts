import { describe, expect, it } from 'vitest';
import {
  PRELOAD_SCRIPT_TAG,
  pageFiles,
  withPageFiles,
  type FirstPages,
} from '../../server/render/first-page-files.ts';

const pages: FirstPages = {
  routes: [
    { pattern: '^/search/products/?$', urls: ['/assets/search.js', '/assets/format.js'] },
    { pattern: '^/search/[^/]+/?$', urls: ['/assets/other.js'] },
    { pattern: '^/product/[^/]+/?$', urls: ['/assets/product.js'] },
  ],
  messages: {
    'en-CA': {
      shell: '/assets/messages-shell-en.js',
      routes: [['^/search/products/?$', '/assets/messages-route-en.js']],
      later: { shell: '/assets/messages-shell-later-en.js', routes: [] },
    },
    'fr-CA': {
      shell: '/assets/messages-shell-fr.js',
      routes: [['^/search/products/?$', '/assets/messages-route-fr.js']],
      later: {
        shell: '/assets/messages-shell-later-fr.js',
        routes: [['^/product/[^/]+/?$', '/assets/messages-route-later-fr.js']],
      },
    },
  },
};

describe("a page's first files", () => {
  it("names the first matching route's code and the page's messages in its language", () => {
    expect(pageFiles(pages, '/search/products', 'en-CA')).toEqual({
      code: ['/assets/search.js', '/assets/format.js'],
      shellMessages: '/assets/messages-shell-en.js',
      routeMessages: '/assets/messages-route-en.js',
      laterMessages: ['/assets/messages-shell-later-en.js'],
    });
    expect(pageFiles(pages, '/search/x', 'en-CA')).toEqual({
      code: ['/assets/other.js'],
      shellMessages: '/assets/messages-shell-en.js',
      routeMessages: undefined,
      laterMessages: ['/assets/messages-shell-later-en.js'],
    });
    expect(pageFiles(pages, '/nowhere', 'en-CA')).toEqual({
      code: [],
      shellMessages: '/assets/messages-shell-en.js',
      routeMessages: undefined,
      laterMessages: ['/assets/messages-shell-later-en.js'],
    });
  });

  it("gives a French page its English twin's code and its own messages in French", () => {
    expect(pageFiles(pages, '/fr/search/products', 'fr-CA')).toEqual({
      code: ['/assets/search.js', '/assets/format.js'],
      shellMessages: '/assets/messages-shell-fr.js',
      routeMessages: '/assets/messages-route-fr.js',
      laterMessages: ['/assets/messages-shell-later-fr.js'],
    });
    expect(pageFiles(pages, '/fr', 'fr-CA').shellMessages).toBe('/assets/messages-shell-fr.js');
    expect(pageFiles(pages, '/fr/product/whey', 'fr-CA')).toMatchObject({
      code: ['/assets/product.js'],
      laterMessages: ['/assets/messages-shell-later-fr.js', '/assets/messages-route-later-fr.js'],
    });
  });

  it('writes them on the route-preload tag, and leaves a page without the tag alone', () => {
    const tag =
      '<script defer src="/assets/route-preload-1.js" data-entry="/assets/index-2.js" data-message-table="/assets/message-table-3.js"></script>';
    const html = `<head><title>x</title>${tag}<link rel="stylesheet" href="/a.css"></head>`;
    const named = withPageFiles(html, pageFiles(pages, '/search/products', 'en-CA'));
    expect(named).toBe(
      '<head><title>x</title><script defer src="/assets/route-preload-1.js" data-entry="/assets/index-2.js" data-message-table="/assets/message-table-3.js"' +
        ' data-preload="/assets/search.js /assets/format.js"' +
        ' data-shell-messages="/assets/messages-shell-en.js"' +
        ' data-route-messages="/assets/messages-route-en.js"' +
        ' data-later-messages="/assets/messages-shell-later-en.js"></script><link rel="stylesheet" href="/a.css"></head>',
    );
    expect(PRELOAD_SCRIPT_TAG.exec(named)?.slice(1, 3)).toEqual([
      '/assets/route-preload-1.js',
      '/assets/index-2.js',
    ]);
    const bare = withPageFiles(html, pageFiles(pages, '/nowhere', 'en-CA'));
    expect(bare).toContain(
      'data-message-table="/assets/message-table-3.js" data-shell-messages="/assets/messages-shell-en.js" data-later-messages="/assets/messages-shell-later-en.js"></script>',
    );
    expect(withPageFiles('<head></head>', pageFiles(pages, '/', 'en-CA'))).toBe('<head></head>');
  });
});
