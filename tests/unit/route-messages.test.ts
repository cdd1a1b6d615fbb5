import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { messageIdsIn, splitMessages } from '../../scripts/vite/route-messages.ts';

const routes = '/work/shop/src/routes/';

function chunk(
  fileName: string,
  code: string,
  extra: Partial<Rolldown.OutputChunk> = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    code,
    imports: [],
    dynamicImports: [],
    isEntry: false,
    moduleIds: [],
    ...extra,
  } as Rolldown.OutputChunk;
}

const catalogs = {
  'en-CA': {
    aaaaaa: 'Menu',
    bbbbbb: 'Add to cart',
    cccccc: 'Write a review',
    dddddd: 'Close',
    eeeeee: 'Your cart',
    ffffff: 'Never used',
    gggggg: 'Your code',
    hhhhhh: 'That failed',
  },
  'fr-CA': {
    aaaaaa: 'Menu',
    bbbbbb: 'Ajouter au panier',
    cccccc: 'Rédiger un avis',
    dddddd: 'Fermer',
    eeeeee: 'Votre panier',
    ffffff: 'Jamais utilisé',
    gggggg: 'Votre code',
    hhhhhh: 'Échec',
  },
};

/** The messages a split file holds. */
async function messagesOf(source: string): Promise<Record<string, unknown>> {
  const url = `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`;
  return ((await import(url)) as { messages: Record<string, unknown> }).messages;
}

describe('route messages', () => {
  it('finds the ids a chunk names, quoted any way, and no other token', () => {
    const ids = new Set(Object.keys(catalogs['en-CA']));
    expect(
      messageIdsIn('i18n._(`aaaaaa`);x({id:"bbbbbb"});y(\'cccccc\');z("zzzzzz");aaaaaaa', ids),
    ).toEqual(new Set(['aaaaaa', 'bbbbbb', 'cccccc']));
  });

  it('puts what every page shows as it renders in the shell, each route’s beyond it in its file, and what loads lazily in later files', async () => {
    const bundle = Object.fromEntries(
      [
        chunk('assets/index.js', 'i18n._(`aaaaaa`)', {
          isEntry: true,
          dynamicImports: [
            'assets/product.js',
            'assets/cart.js',
            'assets/menu.js',
            'assets/coupon.js',
            'assets/errors.js',
          ],
        }),
        // The frame loads it lazily; the cart page imports it as it renders.
        chunk('assets/errors.js', '{id:`hhhhhh`}'),
        // The frame opens it on any page; the product page imports it too.
        chunk('assets/coupon.js', '{id:`gggggg`}'),
        // Reached by no route: a lazy part of the frame.
        chunk('assets/menu.js', '{id:`dddddd`}'),
        chunk('assets/product.js', '{id:`bbbbbb`}', {
          moduleIds: [`${routes}_shop/product/$identifier.tsx?split`],
          dynamicImports: ['assets/review.js', 'assets/coupon.js'],
        }),
        // Loaded lazily by the product page: its messages come with the page's.
        chunk('assets/review.js', '{id:`cccccc`}'),
        chunk('assets/cart.js', '{id:`aaaaaa`};{id:`eeeeee`}', {
          moduleIds: [`${routes}_shop/cart.tsx?split`],
          imports: ['assets/errors.js'],
        }),
        chunk('assets/about.js', '{id:`aaaaaa`}', {
          moduleIds: [`${routes}_shop/about.tsx?split`],
        }),
        // The whole catalogs are never counted as a user of their messages.
        chunk('assets/fr-CA.js', JSON.stringify(catalogs['fr-CA']), {
          moduleIds: ['/work/shop/src/locales/fr-CA.ts'],
        }),
      ].map((c) => [c.fileName, c]),
    );
    const routeModules = [
      {
        file: '_shop/product/$identifier',
        lazyModules: [`${routes}_shop/product/$identifier.tsx?split`],
      },
      { file: '_shop/cart', lazyModules: [`${routes}_shop/cart.tsx?split`] },
      { file: '_shop/about', lazyModules: [`${routes}_shop/about.tsx?split`] },
    ];
    const { table, files } = splitMessages(bundle, routeModules, catalogs);

    const fr = table['fr-CA'];
    const messages = (file: string) => messagesOf(files.get(file)!);
    expect(await messages(fr.shell)).toEqual({ aaaaaa: 'Menu' });
    // The frame's lazy parts, whether a route imports them too (the coupon) or none (the menu).
    expect(await messages(fr.later.shell)).toEqual({
      dddddd: 'Fermer',
      gggggg: 'Votre code',
      hhhhhh: 'Échec',
    });
    // Routes without parameters first; one with nothing beyond the shell has no file.
    expect(fr.routes.map(([pattern]) => pattern)).toEqual(['^/cart/?$', '^/product/[^/]+/?$']);
    // The cart shows the frame's lazy part's message as it renders: it is the cart's too.
    expect(await messages(fr.routes[0]![1])).toEqual({ eeeeee: 'Votre panier', hhhhhh: 'Échec' });
    expect(await messages(fr.routes[1]![1])).toEqual({ bbbbbb: 'Ajouter au panier' });
    // What the product page loads lazily, beyond the frame's lazy parts.
    expect(fr.later.routes.map(([pattern]) => pattern)).toEqual(['^/product/[^/]+/?$']);
    expect(await messages(fr.later.routes[0]![1])).toEqual({ cccccc: 'Rédiger un avis' });
    const en = table['en-CA'];
    expect(await messages(en.routes[0]![1])).toEqual({
      eeeeee: 'Your cart',
      hhhhhh: 'That failed',
    });
    // Named by content, per language.
    expect(fr.shell).toMatch(/^assets\/messages-shell-fr-CA-[\w-]{10}\.js$/);
    expect(fr.later.shell).toMatch(/^assets\/messages-shell-later-fr-CA-[\w-]{10}\.js$/);
    expect(en.shell).not.toBe(fr.shell);
    expect(files.size).toBe(10);
  });
});
