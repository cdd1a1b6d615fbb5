/** My orders: the empty state, the list and its pages. */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { ok, ordersPage } from '../../__tests__/fixtures.ts';
import { MyOrdersPage, NO_ORDERS_TEXT } from '../my-orders-page.tsx';

const server = setupMswServer();
afterEach(cleanup);

function answerPages(total: number) {
  server.use(
    http.get(api('/orders/my'), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json(ok(ordersPage(page, total)));
    }),
  );
}

describe('my orders', () => {
  test('with no orders: “You have not placed any orders yet.” and a way back to the shop', async () => {
    answerPages(0);
    renderWithProviders(<MyOrdersPage page={1} />, { path: '/my-orders' });
    expect(await screen.findByText(testI18n._(NO_ORDERS_TEXT))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  test('lists orders newest first with number, status, count and total, a page at a time', async () => {
    answerPages(12);
    const { router } = renderWithProviders(<MyOrdersPage page={1} />, {
      path: '/my-orders',
    });
    const list = await screen.findByRole('list');
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    expect(
      within(cards[0]!).getByRole('link', { name: 'Order FN-10012' }).getAttribute('href'),
    ).toBe('/order/ord_12');
    expect(within(cards[0]!).getByText('Paid')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('2 items');
    expect(cards[0]!.textContent).toContain('$101.67');
    expect(new URL(server.requests[0]!.url).searchParams.get('page')).toBe('1');

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 1 of 2');
    const older = within(pages).getByRole('link', { name: /Older orders/ });
    expect(older.getAttribute('href')).toBe('/my-orders?page=2');
    fireEvent.click(older);
    await waitFor(() => expect(router.state.location.search).toEqual({ page: 2 }));
  });

  test('page 2 asks the server for page 2 and links back to the newer orders', async () => {
    answerPages(12);
    renderWithProviders(<MyOrdersPage page={2} />, { path: '/my-orders?page=2' });
    await screen.findByRole('link', { name: 'Order FN-10002' });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(new URL(server.requests[0]!.url).searchParams.get('page')).toBe('2');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.textContent).toContain('Page 2 of 2');
    expect(
      within(pages)
        .getByRole('link', { name: /Newer orders/ })
        .getAttribute('href'),
    ).toBe('/my-orders');
    expect(within(pages).queryByRole('link', { name: /Older orders/ })).toBeNull();
  });
});
