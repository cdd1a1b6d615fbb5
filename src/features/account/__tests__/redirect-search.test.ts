import { describe, expect, test } from 'vitest';
import { searchAt } from '../../../testing/search-at.ts';
import { redirectSearchSchema } from '../redirect-search.ts';

describe('login and register', () => {
  test('redirect is kept when it is text and dropped otherwise', () => {
    expect(searchAt(redirectSearchSchema, '?redirect=%2Fmy-orders')).toEqual({
      redirect: '/my-orders',
    });
    expect(searchAt(redirectSearchSchema, '')).toStrictEqual({});
    expect(searchAt(redirectSearchSchema, '?redirect=123')).toEqual({ redirect: undefined });
    expect(searchAt(redirectSearchSchema, '?redirect=%2Fa&redirect=%2Fb')).toEqual({
      redirect: undefined,
    });
  });
});
