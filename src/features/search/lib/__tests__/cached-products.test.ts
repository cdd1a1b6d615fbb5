import { describe, expect, test } from 'vitest';
import { collectCachedProducts } from '../cached-products.ts';
import { cached, detail, ref, searchAnswer, summary } from './fixtures.ts';

const names = (queries: Parameters<typeof collectCachedProducts>[0]) =>
  collectCachedProducts(queries).map((product) => product.name);

describe('collectCachedProducts', () => {
  test('finds products in collections, search answers, product pages and suggested lists, once each', () => {
    const whey = summary('Whey Isolate');
    const creatine = summary('Creatine Monohydrate');
    const bcaa = summary('BCAA Recovery');
    const preWorkout = summary('Ignite Pre-Workout');
    expect(
      names([
        cached([whey, creatine]),
        cached(searchAnswer([creatine, bcaa])),
        cached(detail(preWorkout)),
        cached([whey, preWorkout]),
      ]),
    ).toEqual(['Whey Isolate', 'Creatine Monohydrate', 'BCAA Recovery', 'Ignite Pre-Workout']);
  });

  test('ignores data that is not products: taxonomy, cart lines, suggestions alone, empty queries', () => {
    const category = {
      _id: 'c1',
      slug: 'creatine',
      name: 'Creatine',
      description: '',
      image: null,
    };
    const cartLine = {
      _id: 'l1',
      slug: 'whey',
      name: 'Whey',
      brand: ref('Forge Labs'),
      quantity: 2,
      price: 4999,
    };
    const suggestion = {
      _id: 'p9',
      slug: 'lonely',
      name: 'Lonely',
      type: 'PRODUCT',
      image: null,
      description: 'Seen only as a suggestion',
      relevanceScore: 50,
      price: 100,
    };
    expect(
      names([
        cached([category]),
        cached({ items: [cartLine], subtotal: 9998 }),
        cached(cartLine),
        cached([suggestion]),
        cached(undefined),
        cached(null),
        cached('text'),
        cached({ results: { products: 'nope' } }),
      ]),
    ).toEqual([]);
  });

  test('keeps price, stock and rating of the most recently fetched copy', () => {
    const old = summary('Whey Isolate', { price: 4999, inStock: true });
    const fresh = summary('Whey Isolate', { price: 3999, inStock: false });
    const [product] = collectCachedProducts([cached([fresh], 5000), cached([old], 2000)]);
    expect(product).toMatchObject({ price: 3999, inStock: false });
    const [again] = collectCachedProducts([
      cached([old], 2000),
      cached(searchAnswer([fresh]), 5000),
    ]);
    expect(again).toMatchObject({ price: 3999, inStock: false });
  });

  test("a product page adds its description and flavors, and only the card's fields are kept", () => {
    const whey = summary('Whey Isolate');
    const page = detail(whey, {
      description: 'A cross-flow filtered whey isolate.',
      flavors: [ref('Chocolate'), ref('Crème Brûlée'), ref('Chocolate')],
    });
    const [product] = collectCachedProducts([cached([whey]), cached(page)]);
    expect(product?.description).toBe('A cross-flow filtered whey isolate.');
    expect(product?.flavors.map((flavor) => flavor.name)).toEqual(['Chocolate', 'Crème Brûlée']);
    expect(product).not.toHaveProperty('variants');
    expect(product).not.toHaveProperty('nutritionFacts');
    expect(Object.keys(product ?? {}).sort()).toEqual(
      [...Object.keys(whey), 'description', 'flavors'].sort(),
    );
  });

  test('products of a listing filtered on one flavor come in that flavor, named by its facet', () => {
    const whey = summary('Whey Isolate');
    const cremeBrulee = { _id: 'f-cb', slug: 'creme-brulee', name: 'Crème Brûlée' };
    const [product] = collectCachedProducts([
      cached(
        searchAnswer([whey], {
          flavor: ['creme-brulee'],
          flavorFacets: [ref('Vanilla'), cremeBrulee],
        }),
      ),
    ]);
    expect(product?.flavors).toEqual([{ ...cremeBrulee, _id: 'creme-brulee' }]);
  });

  test("a one-flavor listing's card (that flavor's picture and price) yields to any other card", () => {
    const whey = summary('Whey Isolate', { price: 2999, image: '/whey/1.webp' });
    const inVanilla = { ...whey, price: 3499, image: '/whey/3.webp' };
    const vanilla = ref('Vanilla');
    const oneFlavor = (at?: number) =>
      cached(searchAnswer([inVanilla], { flavor: ['vanilla'], flavorFacets: [vanilla] }), at);
    const pick = (queries: Parameters<typeof collectCachedProducts>[0]) => {
      const [product] = collectCachedProducts(queries);
      return { price: product?.price, image: product?.image };
    };
    // Alone, it is all there is; seen later than a plain card, it does not replace it.
    expect(pick([oneFlavor()])).toEqual({ price: 3499, image: '/whey/3.webp' });
    expect(pick([cached([whey]), oneFlavor()])).toEqual({ price: 2999, image: '/whey/1.webp' });
    expect(pick([oneFlavor(), cached([whey])])).toEqual({ price: 2999, image: '/whey/1.webp' });
  });

  test('a flavor missing from the facets is named after its slug; several flavors tell nothing', () => {
    const whey = summary('Whey Isolate');
    const [one] = collectCachedProducts([
      cached(searchAnswer([whey], { flavor: ['salted-caramel'] })),
    ]);
    expect(one?.flavors).toEqual([
      { _id: 'salted-caramel', slug: 'salted-caramel', name: 'salted caramel' },
    ]);
    const [two] = collectCachedProducts([
      cached(searchAnswer([whey], { flavor: ['vanilla', 'chocolate'] })),
    ]);
    expect(two?.flavors).toEqual([]);
  });

  test('a cached suggestion describes a product whose page was not seen; the page wins when both are', () => {
    const whey = summary('Whey Isolate');
    const suggestion = {
      _id: whey._id,
      slug: whey.slug,
      name: whey.name,
      type: 'PRODUCT',
      image: null,
      description: 'Excerpt from a suggestion…',
      relevanceScore: 80,
      price: whey.price,
    };
    const [described] = collectCachedProducts([cached([suggestion]), cached([whey])]);
    expect(described?.description).toBe('Excerpt from a suggestion…');
    const page = detail(whey, { description: 'The full description.' });
    for (const order of [
      [cached(page), cached([suggestion])],
      [cached([suggestion]), cached(page)],
    ]) {
      expect(collectCachedProducts(order)[0]?.description).toBe('The full description.');
    }
  });
});
