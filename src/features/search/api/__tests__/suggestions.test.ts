import { describe, expect, test } from 'vitest';
import { flattenSuggestions, suggestionPath, suggestionsQueryOptions } from '../get-suggestions.ts';

const base = { _id: 'x', description: '', relevanceScore: 50, image: null };

describe('suggestions', () => {
  test('each type leads to its page; any other type searches by name', () => {
    expect(suggestionPath({ ...base, type: 'PRODUCT', name: 'Whey', slug: 'whey', price: 1 })).toBe(
      '/product/whey',
    );
    expect(suggestionPath({ ...base, type: 'CATEGORY', name: 'Carbs', slug: 'carbs' })).toBe(
      '/category/carbs',
    );
    expect(suggestionPath({ ...base, type: 'BRAND', name: 'Apex', slug: 'apex-labs' })).toBe(
      '/brand/apex-labs',
    );
    expect(suggestionPath({ ...base, type: 'FLAVOR', name: 'Mocha', slug: 'mocha' })).toBe(
      '/flavor/mocha',
    );
    expect(
      suggestionPath({ ...base, type: 'RECIPE' as 'BRAND', name: 'Pre & Post', slug: 'x' }),
    ).toBe('/search?q=Pre+%26+Post');
  });

  test('groups flatten in the order products, categories, brands, flavors; flavors fall back to additionalImages', () => {
    const items = flattenSuggestions({
      suggestions: {
        flavors: [
          { ...base, type: 'FLAVOR', name: 'Mocha', slug: 'mocha', additionalImages: ['/m.svg'] },
        ],
        brands: [{ ...base, type: 'BRAND', name: 'Apex', slug: 'apex' }],
        products: [{ ...base, type: 'PRODUCT', name: 'Whey', slug: 'whey', price: 4999 }],
        categories: [{ ...base, type: 'CATEGORY', name: 'Carbs', slug: 'carbs' }],
      },
    });
    expect(items.map((item) => item.type)).toEqual(['PRODUCT', 'CATEGORY', 'BRAND', 'FLAVOR']);
    expect(items[3]?.image).toBe('/m.svg');
  });

  test('fetching is enabled only from 2 trimmed characters; fresh for 60 s', () => {
    expect(suggestionsQueryOptions(' w ').enabled).toBe(false);
    expect(suggestionsQueryOptions(' wh ').enabled).toBe(true);
    expect(suggestionsQueryOptions(' wh ').queryKey).toEqual(['search', 'suggest', 'wh']);
    expect(suggestionsQueryOptions('wh').staleTime).toBe(60_000);
  });
});
