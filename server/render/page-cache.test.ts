import { describe, expect, test } from 'vitest';
import { PageCache } from './page-cache.ts';

interface Page {
  status: number;
  document: string;
}

const ok = (document: string): Page => ({ status: 200, document });
const cacheable = (page: Page) => page.status === 200;
const sizeOf = (page: Page) => page.document.length;

/** A render that counts its calls and finishes when told. */
function renderer(page: Page) {
  let calls = 0;
  let finish: () => void = () => undefined;
  const render = () => {
    calls++;
    return new Promise<Page>((resolve) => {
      finish = () => resolve(page);
    });
  };
  return {
    render,
    finish: () => finish(),
    get calls() {
      return calls;
    },
  };
}

describe('PageCache', () => {
  test('renders a page once for visitors who ask at the same time, and keeps it', async () => {
    const cache = new PageCache<Page>({ ttlMs: 60_000, sizeOf });
    const home = renderer(ok('<p>home</p>'));
    const asked = [1, 2, 3].map(() => cache.get('/', home.render, cacheable));
    home.finish();
    expect(await Promise.all(asked)).toEqual([1, 2, 3].map(() => ok('<p>home</p>')));
    expect(await cache.get('/', home.render, cacheable)).toEqual(ok('<p>home</p>'));
    expect(home.calls).toBe(1);
    expect(cache.size).toBe(1);
  });

  test('keeps pages apart by their address', async () => {
    const cache = new PageCache<Page>({ ttlMs: 60_000, sizeOf });
    await cache.get('/a', () => Promise.resolve(ok('a')), cacheable);
    expect(await cache.get('/a?x=1', () => Promise.resolve(ok('b')), cacheable)).toEqual(ok('b'));
    expect(await cache.get('/a', () => Promise.resolve(ok('c')), cacheable)).toEqual(ok('a'));
  });

  test('does not keep what is not cacheable, nor a failed render', async () => {
    const cache = new PageCache<Page>({ ttlMs: 60_000, sizeOf });
    await cache.get('/gone', () => Promise.resolve({ status: 404, document: 'x' }), cacheable);
    await expect(
      cache.get('/boom', () => Promise.reject(new Error('boom')), cacheable),
    ).rejects.toThrow('boom');
    expect(cache.size).toBe(0);
    expect(await cache.get('/boom', () => Promise.resolve(ok('now')), cacheable)).toEqual(
      ok('now'),
    );
  });

  test('a catalog change drops the pages kept and does not keep a render begun before it', async () => {
    const cache = new PageCache<Page>({ ttlMs: 60_000, sizeOf });
    await cache.get('/kept', () => Promise.resolve(ok('old')), cacheable);
    const before = renderer(ok('read before the change'));
    const rendering = cache.get('/product/x', before.render, cacheable);
    cache.catalogChanged();
    expect(cache.size).toBe(0);
    // Asked after the change: a render of its own, not the one under way.
    const after = renderer(ok('read after the change'));
    const fresh = cache.get('/product/x', after.render, cacheable);
    before.finish();
    after.finish();
    expect(await rendering).toEqual(ok('read before the change'));
    expect(await fresh).toEqual(ok('read after the change'));
    expect(await cache.get('/product/x', before.render, cacheable)).toEqual(
      ok('read after the change'),
    );
    expect(await cache.get('/kept', () => Promise.resolve(ok('new')), cacheable)).toEqual(
      ok('new'),
    );
  });

  test('forgets a page after its time', async () => {
    const cache = new PageCache<Page>({ ttlMs: 20, sizeOf });
    await cache.get('/', () => Promise.resolve(ok('first')), cacheable);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await cache.get('/', () => Promise.resolve(ok('second')), cacheable)).toEqual(
      ok('second'),
    );
  });

  test('with no time keeps nothing', async () => {
    const cache = new PageCache<Page>({ ttlMs: 0, sizeOf });
    await cache.get('/', () => Promise.resolve(ok('first')), cacheable);
    expect(await cache.get('/', () => Promise.resolve(ok('second')), cacheable)).toEqual(
      ok('second'),
    );
    expect(cache.size).toBe(0);
  });

  test('keeps no more HTML than its limit, the least recently asked going first', async () => {
    const cache = new PageCache<Page>({ ttlMs: 60_000, maxBytes: 2_000, sizeOf });
    for (const key of ['/1', '/2', '/3']) {
      await cache.get(key, () => Promise.resolve(ok('x'.repeat(700))), cacheable);
    }
    expect(cache.size).toBe(2);
    expect(await cache.get('/1', () => Promise.resolve(ok('again')), cacheable)).toEqual(
      ok('again'),
    );
  });
});
