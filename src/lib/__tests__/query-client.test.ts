import { afterEach, expect, test, vi } from 'vitest';
import { QUERY_GC_MS } from '../constants.ts';
import { ApiError } from '../api-client.ts';
import { createQueryClient } from '../query-client.ts';

afterEach(() => vi.useRealTimers());

test('a page seen and then left unused for minutes is still cached for the offline shopper', async () => {
  vi.useFakeTimers();
  const client = createQueryClient();
  await client.fetchQuery({
    queryKey: ['products', 'detail', 'whey-protein-isolate'],
    queryFn: async () => ({ name: 'Whey Protein Isolate' }),
  });
  // No component uses it any more; the original shop would drop it after 60 s (docs/decisions.md,
  // What we do differently from the original shop).
  await vi.advanceTimersByTimeAsync(10 * 60_000);
  expect(client.getQueryData(['products', 'detail', 'whey-protein-isolate'])).toEqual({
    name: 'Whey Protein Isolate',
  });
  await vi.advanceTimersByTimeAsync(QUERY_GC_MS);
  expect(client.getQueryData(['products', 'detail', 'whey-protein-isolate'])).toBeUndefined();
});

test('a request with no answer fails at once (the online state takes over); a 5xx is retried', async () => {
  vi.useFakeTimers();
  const client = createQueryClient();
  const attempts = { network: 0, busy: 0 };
  const failed = client
    .fetchQuery({
      queryKey: ['products', 'detail', 'unreachable'],
      queryFn: () => {
        attempts.network++;
        return Promise.reject(new ApiError(0, 'Network error'));
      },
    })
    .catch((error: unknown) => error);
  expect(await failed).toBeInstanceOf(ApiError);
  expect(attempts.network).toBe(1);

  const busy = client
    .fetchQuery({
      queryKey: ['products', 'detail', 'busy'],
      queryFn: () => {
        attempts.busy++;
        return Promise.reject(new ApiError(503, 'Busy'));
      },
    })
    .catch((error: unknown) => error);
  await vi.runAllTimersAsync();
  await busy;
  expect(attempts.busy).toBe(3);
});
