/**
 * The order desk's list: counts per status, filters, search, dates, sorting and pages all go to
 * the server as query parameters and stay in the URL; the CSV link carries the same filters.
 */
import { useRouterState } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { deskPage, ok } from '../../__tests__/fixtures.ts';
import type { DeskSearch } from '../../lib/desk-search.ts';
import { OrderDeskPage } from '../order-desk-page.tsx';

const server = setupMswServer();

/** The page as its route gives it: the URL's search (parsed by the router). */
function Desk() {
  const search = useRouterState({ select: (state) => state.location.search }) as DeskSearch;
  return <OrderDeskPage search={search} />;
}

let total: number;
beforeEach(() => {
  total = 45;
  server.use(
    http.get(api('/admin/orders'), ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json(ok(deskPage(page, total)));
    }),
  );
});
afterEach(cleanup);

/** The query parameters of the last list request. */
function lastQuery(): Record<string, string> {
  const lists = server.requests.filter((r) => new URL(r.url).pathname === '/api/v1/admin/orders');
  return Object.fromEntries(new URL(lists.at(-1)!.url).searchParams);
}

describe('order desk list', () => {
  test('the first view: newest first, page 1, counts per status, a row per order linking to it', async () => {
    renderWithProviders(<Desk />, { path: '/admin/orders' });
    const table = await screen.findByRole('table');
    expect(lastQuery()).toEqual({ sort: 'createdAt', order: 'desc', page: '1', limit: '20' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(21);
    expect(within(rows[1]!).getByRole('link', { name: 'FN-10001' }).getAttribute('href')).toBe(
      '/admin/orders/ord_1',
    );
    expect(rows[1]!.textContent).toContain('shopper1@example.com');
    const filter = screen.getByRole('group', { name: 'Filter by status' });
    expect(
      within(filter).getByRole('button', { name: 'All (45)' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(within(filter).getByRole('button', { name: 'Paid (42)' })).toBeTruthy();
    expect(within(filter).getByRole('button', { name: 'Awaiting payment (2)' })).toBeTruthy();
    expect(within(filter).getByRole('button', { name: 'Delivered (0)' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  test('the desk’s navigation marks Orders as the current screen, filters or not', async () => {
    renderWithProviders(<Desk />, { path: '/admin/orders?status=paid&page=2' });
    const nav = await screen.findByRole('navigation', { name: 'Desk' });
    expect(within(nav).getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const reviews = within(nav).getByRole('link', { name: 'Reviews' });
    expect(reviews.getAttribute('href')).toBe('/admin/reviews');
    expect(reviews.getAttribute('aria-current')).toBeNull();
  });

  test('a status filter goes to the server and the URL, back to page 1', async () => {
    const { router } = renderWithProviders(<Desk />, { path: '/admin/orders?page=2' });
    await screen.findByRole('table');
    expect(lastQuery().page).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Awaiting payment (2)' }));
    await waitFor(() => expect(lastQuery().status).toBe('pending_payment'));
    expect(lastQuery().page).toBe('1');
    expect(router.state.location.search).toEqual({ status: 'pending_payment' });
    expect(
      screen.getByRole('button', { name: 'Awaiting payment (2)' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  test('search text and a date range go together; “To” before “From” is refused beside it', async () => {
    const { router } = renderWithProviders(<Desk />, { path: '/admin/orders' });
    await screen.findByRole('table');
    const form = screen.getByRole('search', { name: 'Find orders' });
    fireEvent.change(within(form).getByLabelText('Search orders'), {
      target: { value: ' FN-10482 ' },
    });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-01' } });
    const requestsBefore = server.requests.length;
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    expect(within(form).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByRole('alert').textContent).toBe(
      'Must be on or after the “From” date.',
    );
    expect(server.requests.length).toBe(requestsBefore);

    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-25' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery().q).toBe('FN-10482'));
    expect(lastQuery()).toMatchObject({ from: '2026-11-20', to: '2026-11-25', page: '1' });
    expect(router.state.location.search).toEqual({
      q: 'FN-10482',
      from: '2026-11-20',
      to: '2026-11-25',
    });
  });

  test('sorting by total: descending first, then ascending; by date again', async () => {
    const { router } = renderWithProviders(<Desk />, { path: '/admin/orders' });
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total', order: 'desc' }));
    expect(router.state.location.search).toEqual({ sort: 'total', order: 'desc' });
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Total/ }).getAttribute('aria-sort')).toBe(
        'descending',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Total/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'total', order: 'asc' }));
    fireEvent.click(screen.getByRole('button', { name: /Date/ }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ sort: 'createdAt', order: 'desc' }));
  });

  test('pages: next and previous keep the filters; the CSV link has the filters but no page', async () => {
    const { router } = renderWithProviders(<Desk />, {
      path: '/admin/orders?status=paid&q=ann&sort=total&order=asc',
    });
    await screen.findByRole('table');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: '‹ Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next ›' }));
    await waitFor(() => expect(lastQuery().page).toBe('2'));
    expect(lastQuery()).toMatchObject({ status: 'paid', q: 'ann', sort: 'total', order: 'asc' });
    expect(router.state.location.search).toMatchObject({ page: 2, status: 'paid' });
    await waitFor(() => expect(screen.getByText('Page 2 of 3')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '‹ Previous' }));
    await waitFor(() => expect(lastQuery().page).toBe('1'));

    const csv = new URL(
      screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!,
      'http://localhost:3000',
    );
    expect(csv.pathname).toBe('/api/v1/admin/orders.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      status: 'paid',
      q: 'ann',
      sort: 'total',
      order: 'asc',
    });
  });
});
