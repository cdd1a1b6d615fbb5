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
    },
  };
  const files: Record<string, unknown> = {
    [TABLE]: { table },
    '/assets/shell-fr.js': { messages: { shell1: 'Panier' } },
    '/assets/cart-fr.js': { messages: { cart1: 'Votre panier' } },
    '/assets/product-fr.js': { messages: { product1: 'Saveur' } },
  };
  let tableFails = 0;
  const importModule = async (url: string) => {
    imported.push(url);
    if (url === TABLE && tableFails > 0) {
      tableFails -= 1;
      throw new Error('offline');
    }
    if (!(url in files)) throw new Error(`no module ${url}`);
    return files[url];
  };
  return { imported, importModule, failTable: (times: number) => (tableFails = times) };
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
    // Another route: its file from the table, once.
    await loader.loadRouteMessages(i18n, '/product/whey');
    expect(i18n._('product1')).toBe('Saveur');
    expect(loader.loadRouteMessages(i18n, '/product/creatine')).toBeUndefined();
    expect(build.imported.filter((url) => url === TABLE)).toHaveLength(1);
  });

  it('in the shell, finds the page’s files in the table first', async () => {
    const build = modules();
    const loader = messageLoader({ table: TABLE }, build.importModule);
    const i18n = await loader.loadI18n('fr-CA', '/product/whey');
    expect(build.imported).toEqual([TABLE, '/assets/shell-fr.js', '/assets/product-fr.js']);
    expect(i18n._('product1')).toBe('Saveur');
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

  it('without a table (the dev server, tests, the server), loads the whole catalog', async () => {
    const build = modules();
    const i18n = await messageLoader(undefined, build.importModule).loadI18n('fr-CA', '/cart');
    expect(build.imported).toEqual([]);
    const [id] = Object.keys(french);
    expect(i18n._(id!)).not.toBe(id);
  });
});
