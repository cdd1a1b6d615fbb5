import { describe, expect, test } from 'vitest';
import { searchProductsQueryOptions } from '../search-products.ts';

describe('product search query', () => {
  test('fresh for 180 s, keyed by the trimmed term and the filters', () => {
    const options = searchProductsQueryOptions({ search: '  whey ', brand: ['a', 'b'], page: 2 });
    expect(options.staleTime).toBe(180_000);
    expect(options.queryKey).toEqual([
      'search',
      'products',
      { search: 'whey', brand: ['a', 'b'], page: 2 },
    ]);
    expect(searchProductsQueryOptions({ search: '   ' }).queryKey[2]).toEqual({
      search: undefined,
    });
  });
});
