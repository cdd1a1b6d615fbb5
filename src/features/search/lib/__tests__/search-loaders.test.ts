import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, test } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { searchProductsQueryOptions } from '../../../../lib/catalog/search-products.ts';
import { loadSearchResults } from '../search-loaders.ts';
import { toSearchParams } from '../../../../lib/catalog/listing-search.ts';

afterEach(() => onlineManager.setOnline(true));

describe('loadSearchResults offline', () => {
  test('a search with no saved answer does not wait for the network: the page lists saved matches', async () => {
    onlineManager.setOnline(false);
    const queryClient = createQueryClient();
    for (const cause of ['enter', 'stay', 'preload'] as const) {
      await expect(loadSearchResults(queryClient, { q: 'whey' }, cause)).resolves.toBeUndefined();
    }
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  test('a search answered before is loaded from the cache as usual', async () => {
    onlineManager.setOnline(false);
    const queryClient = createQueryClient();
    const { queryKey } = searchProductsQueryOptions(toSearchParams({ q: 'whey' }));
    queryClient.setQueryData(queryKey, { success: true } as never);
    await loadSearchResults(queryClient, { q: 'whey' }, 'enter');
    expect(queryClient.getQueryData(queryKey)).toEqual({ success: true });
  });
});
