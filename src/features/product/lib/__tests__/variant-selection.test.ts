import { describe, expect, test } from 'vitest';
import {
  defaultVariant,
  flavorChoices,
  pickFlavor,
  pickSize,
  resolveSelection,
  sizeChoices,
  type SelectableVariant,
} from '../variant-selection.ts';

const flavor = (slug: string) => ({ slug, name: slug[0]!.toUpperCase() + slug.slice(1) });
const variant = (
  id: string,
  flavorSlug: string,
  size: string,
  stock: number,
  price = size === '2 lb' ? 4499 : 8999,
  compareAtPrice: number | null = null,
): SelectableVariant => ({
  _id: id,
  flavor: flavor(flavorSlug),
  size,
  stock,
  price,
  compareAtPrice,
});

// Chocolate comes in 2 lb and 5 lb (5 lb sold out); vanilla only in 5 lb; mango is sold out.
const variants = [
  variant('choc-2', 'chocolate', '2 lb', 4),
  variant('choc-5', 'chocolate', '5 lb', 0),
  variant('van-5', 'vanilla', '5 lb', 7),
  variant('mango-2', 'mango', '2 lb', 0),
];

// Listed by flavor name, as the API lists them: the cheapest (what the card prices) is not first.
const priced = [
  variant('berry-5', 'berry', '5 lb', 9, 5999),
  variant('cola-2', 'cola', '2 lb', 0, 1999),
  variant('lime-2', 'lime', '2 lb', 3, 2999),
  variant('mint-2', 'mint', '2 lb', 3, 2999, 3999),
  variant('zest-5', 'zest', '5 lb', 3, 5999),
];

describe('flavor and size choices', () => {
  test('each flavor once, in order, marked out of stock when none of its sizes has stock', () => {
    expect(flavorChoices(variants)).toEqual([
      { value: 'chocolate', label: 'Chocolate', inStock: true },
      { value: 'vanilla', label: 'Vanilla', inStock: true },
      { value: 'mango', label: 'Mango', inStock: false },
    ]);
  });

  test('only the sizes the chosen flavor comes in, sold-out sizes marked', () => {
    expect(sizeChoices(variants, 'chocolate')).toEqual([
      { value: '2 lb', label: '2 lb', inStock: true },
      { value: '5 lb', label: '5 lb', inStock: false },
    ]);
    expect(sizeChoices(variants, 'vanilla')).toEqual([
      { value: '5 lb', label: '5 lb', inStock: true },
    ]);
  });
});

describe('resolveSelection', () => {
  test('with nothing asked for, the first variant with stock', () => {
    expect(resolveSelection(variants, {}).variant?._id).toBe('choc-2');
  });

  test('with nothing asked for, the cheapest variant in stock, the discounted one on a tie', () => {
    expect(resolveSelection(priced, {})).toMatchObject({ flavor: 'mint', size: '2 lb' });
    expect(defaultVariant(priced.filter((v) => v._id !== 'mint-2'))?._id).toBe('lime-2');
  });

  test('the cheapest variant itself when it is in stock', () => {
    const inStock = priced.map((v) => (v._id === 'cola-2' ? { ...v, stock: 2 } : v));
    expect(resolveSelection(inStock, {}).variant?._id).toBe('cola-2');
  });

  test('sold out everywhere: the first variant', () => {
    expect(defaultVariant(priced.map((v) => ({ ...v, stock: 0 })))?._id).toBe('berry-5');
  });

  test('an exact flavor and size is kept even when sold out, so the shopper sees why', () => {
    const selection = resolveSelection(variants, { flavor: 'chocolate', size: '5 lb' });
    expect(selection).toMatchObject({ flavor: 'chocolate', size: '5 lb' });
    expect(selection.variant?._id).toBe('choc-5');
  });

  test('an unknown flavor falls back to a real variant', () => {
    expect(resolveSelection(variants, { flavor: 'banana' }).variant?._id).toBe('choc-2');
  });

  test('a size the flavor does not come in falls back to a size it has, with stock first', () => {
    expect(resolveSelection(variants, { flavor: 'vanilla', size: '2 lb' }).variant?._id).toBe(
      'van-5',
    );
  });

  test('only a size asked for: the first flavor having it in stock', () => {
    expect(resolveSelection(variants, { size: '5 lb' }).variant?._id).toBe('van-5');
  });

  test('no variants: nothing selected', () => {
    expect(resolveSelection([], { flavor: 'chocolate' })).toEqual({
      flavor: undefined,
      size: undefined,
      variant: undefined,
    });
  });
});

describe('picking', () => {
  test('another flavor keeps the size when that flavor has it', () => {
    const current = resolveSelection(variants, { flavor: 'chocolate', size: '5 lb' });
    expect(pickFlavor(variants, current, 'vanilla').variant?._id).toBe('van-5');
  });

  test('another flavor without the current size moves to one of its sizes', () => {
    const current = resolveSelection(variants, { flavor: 'vanilla', size: '5 lb' });
    expect(pickFlavor(variants, current, 'mango')).toMatchObject({ flavor: 'mango', size: '2 lb' });
  });

  test('another size keeps the flavor', () => {
    const current = resolveSelection(variants, { flavor: 'chocolate', size: '2 lb' });
    expect(pickSize(variants, current, '5 lb').variant?._id).toBe('choc-5');
  });
});
