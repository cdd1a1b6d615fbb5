/**
 * The desk's route loaders (orders and reviews): the server's 403 (a shopper, or an account no longer staff although
 * this device still says so) is the shop's not-found page; a missing order is the page's own
 * message; a found one names the title.
 */
import { isNotFound } from '@tanstack/react-router';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { makeDeskOrder, ok } from '../../__tests__/fixtures.ts';
import { loadDeskOrder } from '../desk-order.ts';
import { loadDeskOrders } from '../desk-orders.ts';
import { loadDeskReviews } from '../desk-reviews.ts';

const server = setupMswServer();
const forbidden = () =>
  HttpResponse.json(
    { success: false, code: 'forbidden', message: 'This is for the shop staff only.' },
    { status: 403 },
  );

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
}

describe('staff only', () => {
  test('a 403 from the list, an order or the reviews is the not-found page', async () => {
    server.use(
      http.get(api('/admin/orders'), forbidden),
      http.get(api('/admin/orders/ord_1'), forbidden),
      http.get(api('/admin/reviews'), forbidden),
    );
    expect(isNotFound(await rejection(loadDeskOrders(createQueryClient(), {})))).toBe(true);
    expect(isNotFound(await rejection(loadDeskOrder(createQueryClient(), 'ord_1')))).toBe(true);
    expect(isNotFound(await rejection(loadDeskReviews(createQueryClient(), {})))).toBe(true);
  });

  test('an order: its number for the title; a missing one is null (the page says so)', async () => {
    server.use(
      http.get(api('/admin/orders/ord_1'), () => HttpResponse.json(ok(makeDeskOrder()))),
      http.get(api('/admin/orders/ord_gone'), () =>
        HttpResponse.json(
          { success: false, code: 'not_found', message: 'That order does not exist.' },
          { status: 404 },
        ),
      ),
    );
    expect(await loadDeskOrder(createQueryClient(), 'ord_1')).toEqual({ number: 'FN-10001' });
    expect(await loadDeskOrder(createQueryClient(), 'ord_gone')).toBeNull();
  });

  test('staff answers are never written to the saved query cache', async () => {
    server.use(
      http.get(api('/admin/orders/ord_1'), () => HttpResponse.json(ok(makeDeskOrder()))),
      http.get(api('/admin/reviews'), () =>
        HttpResponse.json(
          ok({ reviews: [], pagination: { page: 1, limit: 20, total: 0, totalPages: 0 } }),
        ),
      ),
    );
    const queryClient = createQueryClient();
    await loadDeskOrder(queryClient, 'ord_1');
    await loadDeskReviews(queryClient, {});
    const queries = queryClient.getQueryCache().getAll();
    expect(queries.map((query) => query.meta)).toEqual([{ persist: false }, { persist: false }]);
  });
});
