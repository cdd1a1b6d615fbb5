import { afterEach, expect, test, vi } from 'vitest';
import { QUERY_GC_MS } from '../../../src/lib/constants.ts';
import { createQueryClient } from '../../../src/lib/query-client.ts';

afterEach(() => vi.useRealTimers());

test('a page seen and then left unused for minutes is still cached for the offline shopper', async () => {
  vi.useFakeTimers();
  const client = createQueryClient();
  await client.fetchQuery({
    queryKey: ['products', 'detail', 'whey-protein-isolate'],
    queryFn: async () => ({ name: 'Whey Protein Isolate' }),
  });
  // No component uses it any more; the spec's original would drop it after 60 s.
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(client.getQueryData(['products', 'detail', 'whey-protein-isolate'])).toEqual({
    name: 'Whey Protein Isolate',
  });
  await vi.advanceTimersByTimeAsync(QUERY_GC_MS);
  expect(client.getQueryData(['products', 'detail', 'whey-protein-isolate'])).toBeUndefined();
});
