import { describe, expect, it } from 'vitest';
import { messageLoader } from '../../src/lib/i18n/catalogs.ts';
import { messages as french } from '../../src/locales/fr-CA.ts';

const TABLE = '/assets/message-table.js';

/** A build's message modules by URL, and a loader that records each import. */
function modules() {
  const imported: string[] = [];
  const table = {
    'fr-CA': {
      shell: '/assets/shell-fr.js',
      routes: [
        ['^/cart/?$', '/assets/cart-fr.js'],
        ['^/product/[^/]+/?$', '/assets/product-fr.js'],
      ],
      later: {
        shell: '/assets/shell-later-fr.js',
        routes: [['^/product/[^/]+/?$', '/assets/product-later-fr.js']],
      },
    },
  };
  const files: Record<string, unknown> = {
    [TABLE]: { table },
    '/assets/shell-fr.js': { messages: { shell1: 'Panier' } },
    '/assets/cart-fr.js': { messages: { cart1: 'Votre panier' } },
    '/assets/product-fr.js': { messages: { product1: 'Saveur' } },
    '/assets/shell-later-fr.js': { messages: { menu1: 'Fermer' } },
    '/assets/product-later-fr.js': { messages: { review1: 'Rédiger un avis' } },
  };
  let tableFails = 0;
  let laterFails = 0;
  /** Later files wait for this before they arrive, when set. */
  let laterGate: Promise<void> | undefined;
  const importModule = async (url: string) => {
    imported.push(url);
    if (url === TABLE && tableFails > 0) {
      tableFails -= 1;
      throw new Error('offline');
    }
    if (url.includes('-later-')) {
      await laterGate;
      if (laterFails > 0) {
        laterFails -= 1;
        throw new Error('offline');
      }
    }
    if (!(url in files)) throw new Error(`no module ${url}`);
    return files[url];
  };
  return {
    imported,
    importModule,
    failTable: (times: number) => (tableFails = times),
    failLater: (times: number) => (laterFails = times),
    holdLater: () => {
      let release = () => {};
      laterGate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

/** Lets timers (the idle fallback) and due promises run. */
const idle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('loading the messages a page shows', () => {
  it('loads the files the server named, and the table only once the page is under way', async () => {
    const build = modules();
    const loader = messageLoader(
      { table: TABLE, shell: '/assets/shell-fr.js', route: '/assets/cart-fr.js' },
      build.importModule,
    );
    const i18n = await loader.loadI18n('fr-CA', '/cart');
    expect(build.imported).toEqual(['/assets/shell-fr.js', '/assets/cart-fr.js']);
    expect([i18n._('shell1'), i18n._('cart1')]).toEqual(['Panier', 'Votre panier']);
    // The first page's route is loaded: the router goes on at once.
    expect(loader.loadRouteMessages(i18n, '/cart')).toBeUndefined();
    await idle();
    expect(build.imported).toEqual(['/assets/shell-fr.js', '/assets/cart-fr.js', TABLE]);
    // Another route: its files from the table (what it shows and what it loads lazily), once.
    await loader.loadRouteMessages(i18n, '/product/whey');
    expect([i18n._('product1'), i18n._('review1')]).toEqual(['Saveur', 'Rédiger un avis']);
    expect(loader.loadRouteMessages(i18n, '/product/creatine')).toBeUndefined();
    expect(build.imported.filter((url) => url === TABLE)).toHaveLength(1);
  });

  it('in the shell, finds the page’s files in the table first', async () => {
    const build = modules();
    const loader = messageLoader({ table: TABLE }, build.importModule);
    const i18n = await loader.loadI18n('fr-CA', '/product/whey');
    expect(build.imported).toEqual([TABLE, '/assets/shell-fr.js', '/assets/product-fr.js']);
    expect(i18n._('product1')).toBe('Saveur');
    await idle();
    // Its later files from the table too.
    expect([i18n._('menu1'), i18n._('review1')]).toEqual(['Fermer', 'Rédiger un avis']);
    expect(loader.loadRouteMessages(i18n, '/product/whey')).toBeUndefined();
    // A route without messages of its own needs nothing more.
    expect(loader.loadRouteMessages(i18n, '/about')).toBeUndefined();
  });

  it('asks for the table again on the next page when it could not be fetched', async () => {
    const build = modules();
    build.failTable(2);
    const loader = messageLoader(
      { table: TABLE, shell: '/assets/shell-fr.js' },
      build.importModule,
    );
    const i18n = await loader.loadI18n('fr-CA', '/');
    await idle();
    await expect(loader.loadRouteMessages(i18n, '/cart')).rejects.toThrow('offline');
    await loader.loadRouteMessages(i18n, '/cart');
    expect(i18n._('cart1')).toBe('Votre panier');
    expect(build.imported.filter((url) => url === TABLE)).toHaveLength(3);
  });

  it('loads what the page loads lazily once it has rendered, without rendering anything again', async () => {
    const build = modules();
    const loader = messageLoader(
      {
        table: TABLE,
        shell: '/assets/shell-fr.js',
        route: '/assets/product-fr.js',
        later: ['/assets/shell-later-fr.js', '/assets/product-later-fr.js'],
      },
      build.importModule,
    );
    const i18n = await loader.loadI18n('fr-CA', '/product/whey');
    let changes = 0;
    i18n.on('change', () => (changes += 1));
    expect(build.imported).toEqual(['/assets/shell-fr.js', '/assets/product-fr.js']);
    await idle();
    expect(build.imported.slice(2).sort()).toEqual(
      ['/assets/product-later-fr.js', '/assets/shell-later-fr.js', TABLE].sort(),
    );
    expect([i18n._('menu1'), i18n._('review1')]).toEqual(['Fermer', 'Rédiger un avis']);
    expect(changes).toBe(0);
  });

  it('gives a lazily loaded module only once its messages are there', async () => {
    const build = modules();
    const release = build.holdLater();
    const loader = messageLoader(
      { table: TABLE, shell: '/assets/shell-fr.js', later: ['/assets/shell-later-fr.js'] },
      build.importModule,
    );
    // Asked for before the translator exists: it waits for that too.
    let given: unknown;
    const menu = loader.afterMessages(async () => ({ Menu: 'menu' })).then((m) => (given = m));
    const i18n = await loader.loadI18n('fr-CA', '/');
    await idle();
    expect(given).toBeUndefined();
    release();
    await menu;
    expect(given).toEqual({ Menu: 'menu' });
    expect(i18n._('menu1')).toBe('Fermer');
    expect(build.imported.filter((url) => url.includes('-later-'))).toHaveLength(1);
  });

  it('gives a lazily loaded module even when its messages could not be fetched', async () => {
    const build = modules();
    build.failLater(1);
    const loader = messageLoader(
      { table: TABLE, shell: '/assets/shell-fr.js', later: ['/assets/shell-later-fr.js'] },
      build.importModule,
    );
    const i18n = await loader.loadI18n('fr-CA', '/');
    await idle();
    const warn = console.warn;
    console.warn = () => {};
    try {
      // The idle load failed: the module asks again, and gets its messages this time.
      await expect(loader.afterMessages(async () => 'menu')).resolves.toBe('menu');
      expect(i18n._('menu1')).toBe('Fermer');
      build.failLater(1);
      const other = messageLoader(
        { table: TABLE, shell: '/assets/shell-fr.js', later: ['/assets/shell-later-fr.js'] },
        build.importModule,
      );
      await other.loadI18n('fr-CA', '/');
      await expect(other.afterMessages(async () => 'menu')).resolves.toBe('menu');
    } finally {
      console.warn = warn;
    }
  });

  it('without a table (the dev server, tests, the server), loads the whole catalog', async () => {
    const build = modules();
    const loader = messageLoader(undefined, build.importModule);
    const i18n = await loader.loadI18n('fr-CA', '/cart');
    await expect(loader.afterMessages(async () => 'menu')).resolves.toBe('menu');
    expect(build.imported).toEqual([]);
    const [id] = Object.keys(french);
    expect(i18n._(id!)).not.toBe(id);
  });
});
