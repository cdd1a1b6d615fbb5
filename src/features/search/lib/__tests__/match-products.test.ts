import { describe, expect, test } from 'vitest';
import type { CachedProduct } from '../cached-products.ts';
import { rankProducts } from '../match-products.ts';
import { ref, summary } from './fixtures.ts';

function product(
  name: string,
  {
    brand = 'Forge Labs',
    categories = ['Protein Powder'],
    flavors = [] as string[],
    description = '',
    inStock = true,
  } = {},
): CachedProduct {
  return {
    ...summary(name, { brand: ref(brand), categories: categories.map(ref), inStock }),
    flavors: flavors.map(ref),
    description,
  };
}

const rank = (products: CachedProduct[], term: string) =>
  rankProducts(products, term).map(({ product: { name } }) => name);

describe('rankProducts', () => {
  const catalog = [
    product('Whey Protein Isolate', { flavors: ['Crème Brûlée', 'Chocolate'] }),
    product('Creatine Monohydrate', { brand: 'Raw Origin', categories: ['Creatine'] }),
    product('Ignite Pre-Workout', { categories: ['Pre-Workout'], flavors: ['Piña Colada'] }),
    product('Vegan Protein Blend', {
      brand: 'Evolve Plant Power',
      categories: ['Protein Vegan'],
      description: 'Pea and rice protein with no whey at all.',
    }),
    product('Recovery Post-Workout', { categories: ['Post-Workout'] }),
  ];

  test('every word must match, in any field', () => {
    expect(rank(catalog, 'whey isolate')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'protein vegan')).toEqual(['Vegan Protein Blend']);
    expect(rank(catalog, 'whey creatine')).toEqual([]);
  });

  test('words match from their start, a single letter only as a whole word', () => {
    expect(rank(catalog, 'crea')).toEqual(['Creatine Monohydrate']);
    expect(rank(catalog, 'hey')).toEqual([]);
    expect(rank(catalog, 'w')).toEqual([]);
  });

  test('case- and accent-insensitive in both directions', () => {
    expect(rank(catalog, 'CREME brulee')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'piña')).toEqual(['Ignite Pre-Workout']);
    expect(rank([product('Creme Fraiche Whey')], 'Crème')).toEqual(['Creme Fraiche Whey']);
  });

  test('matches brand, category, flavor and description', () => {
    expect(rank(catalog, 'raw origin')).toEqual(['Creatine Monohydrate']);
    expect(rank(catalog, 'evolve')).toEqual(['Vegan Protein Blend']);
    expect(rank(catalog, 'chocolate')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'rice')).toEqual(['Vegan Protein Blend']);
  });

  test('hyphenated words match apart and joined', () => {
    expect(rank(catalog, 'preworkout')).toEqual(['Ignite Pre-Workout']);
    expect(rank(catalog, 'pre workout')).toEqual(['Ignite Pre-Workout']);
    expect(rank(catalog, 'workout')).toEqual(['Ignite Pre-Workout', 'Recovery Post-Workout']);
  });

  test('a match in the name ranks above brand or category, which rank above flavor and description', () => {
    const products = [
      product('Daily Multivitamin', { description: 'Goes well with whey.' }),
      product('Chocolate Bar', { flavors: ['Whey Cookie'] }),
      product('Mass Gainer', { categories: ['Whey Blends'] }),
      product('Whey Gold'),
    ];
    const ranked = rankProducts(products, 'whey');
    expect(ranked.map(({ product: { name } }) => name)).toEqual([
      'Whey Gold',
      'Mass Gainer',
      'Chocolate Bar',
      'Daily Multivitamin',
    ]);
    // The API's tiers (70, 50, 35, 20) plus up to 30 for the share of the name the term covers.
    expect(ranked.map(({ relevanceScore }) => relevanceScore)).toEqual([85, 50, 35, 20]);
  });

  test('the closer the name, the higher the score; ties put products in stock first, then by name', () => {
    const ranked = rankProducts(
      [
        product('Whey Protein Isolate'),
        product('Zesty Whey', { inStock: true }),
        product('Aroma Whey', { inStock: false }),
        product('Whey'),
        product('Bold Whey'),
      ],
      'whey',
    );
    expect(ranked.map(({ product: { name }, relevanceScore }) => [name, relevanceScore])).toEqual([
      ['Whey', 100],
      ['Bold Whey', 85],
      ['Zesty Whey', 85],
      ['Aroma Whey', 85],
      ['Whey Protein Isolate', 80],
    ]);
  });

  test('a term with no words matches nothing', () => {
    expect(rank(catalog, '')).toEqual([]);
    expect(rank(catalog, '  %% ')).toEqual([]);
  });
});

describe('rankProducts over what a French page saved', () => {
  // Products as the API answers a French page: French categories, flavors and descriptions.
  const catalog = [
    product('Whey Protein Isolate', {
      categories: ['Protéines en poudre', 'Isolat de lactosérum'],
      flavors: ['Vanille', 'Biscuits et crème', 'Crème brûlée'],
      description: 'Un isolat de protéine de lactosérum (whey), 27 g de protéines par mesure.',
    }),
    product('Creatine Monohydrate', {
      categories: ['Créatine'],
      flavors: ['Sans saveur'],
      description: 'De la créatine monohydratée micronisée.',
    }),
  ];

  test('French words find them, with or without their accents', () => {
    expect(rank(catalog, 'vanille')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'proteine')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'protéines')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'biscuits creme')).toEqual(['Whey Protein Isolate']);
    expect(rank(catalog, 'creatine')).toEqual(['Creatine Monohydrate']);
    expect(rank(catalog, 'créatine sans saveur')).toEqual(['Creatine Monohydrate']);
  });
});
