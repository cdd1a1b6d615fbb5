import { describe, expect, test } from 'vitest';
import { searchAt } from '../../../../testing/search-at.ts';
import { productSearchSchema } from '../product-search.ts';

describe('product page', () => {
  test('flavor and size are kept, trimmed; blank or missing is no choice', () => {
    expect(searchAt(productSearchSchema, '?flavor=vanilla&size=5%20lb')).toEqual({
      flavor: 'vanilla',
      size: '5 lb',
    });
    expect(searchAt(productSearchSchema, '?size=10')).toEqual({ size: '10' });
    expect(searchAt(productSearchSchema, '?flavor=%20')).toEqual({ flavor: undefined });
    expect(searchAt(productSearchSchema, '')).toStrictEqual({});
  });
});
