/**
 * Orders seen stay readable offline: the order and list answers go into the persisted query cache
 * (private data, which sign-out clears with the rest), a quote or a payment state never does.
 */
import type { PersistedClient, Persister } from '@tanstack/query-persist-client-core';
import { QueryClient } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { startQueryPersistence } from '../../../../lib/persist/query-persistence.ts';
import { makeOrder, makePayment, makeQuote, ordersPage } from '../../__tests__/fixtures.ts';
import { myOrdersQueryOptions } from '../get-my-orders.ts';
import { orderQueryOptions } from '../get-order.ts';
import { paymentQueryOptions } from '../get-payment.ts';
import { quoteQueryOptions } from '../get-quote.ts';

test('order details and order lists are persisted; quotes and payment states are not', async () => {
  let saved: PersistedClient | undefined;
  const persister: Persister = {
    persistClient: (client) => {
      saved = client;
    },
    restoreClient: () => saved,
    removeClient: () => {
      saved = undefined;
    },
  };
  const first = new QueryClient();
  const stop = await startQueryPersistence(first, { persister, buster: 'b1' });
  const quoteBody = { addressId: 'addr_1', shippingMethod: 'standard' as const };
  // Through each queryOptions, so its meta (persist or not) is the real one.
  await first.prefetchQuery({ ...orderQueryOptions('ord_1'), queryFn: () => makeOrder() });
  await first.prefetchQuery({ ...myOrdersQueryOptions(1), queryFn: () => ordersPage(1, 3) });
  await first.prefetchQuery({ ...paymentQueryOptions('ord_1'), queryFn: () => makePayment() });
  await first.prefetchQuery({ ...quoteQueryOptions(quoteBody), queryFn: () => makeQuote('ON') });
  stop();

  const keys = saved?.clientState.queries.map((query) => JSON.stringify(query.queryKey));
  expect(keys).toContain(JSON.stringify(orderQueryOptions('ord_1').queryKey));
  expect(keys).toContain(JSON.stringify(myOrdersQueryOptions(1).queryKey));
  expect(keys).not.toContain(JSON.stringify(paymentQueryOptions('ord_1').queryKey));
  expect(keys).not.toContain(JSON.stringify(quoteQueryOptions(quoteBody).queryKey));

  // After a reload with no network, the order seen is there.
  const second = new QueryClient();
  await startQueryPersistence(second, { persister, buster: 'b1' });
  expect(second.getQueryData(orderQueryOptions('ord_1').queryKey)?.number).toBe('FN-10001');
});
