/**
 * The desk's review list: every review with its product, stars, text, author and state; "Hide"
 * asks for a reason in a modal dialog (checked beside the field, the server's 400 shown there
 * too), "Show again" undoes it, the list is read again after each and a toast says what happened;
 * the page goes to the server and stays in the URL.
 */
import { useRouterState } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { AdminReview } from '../../../../../contract/reviews.ts';
import { toastState } from '../../../../stores/toasts.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { makeAdminReview, ok } from '../../__tests__/fixtures.ts';
import type { ReviewDeskSearch } from '../../lib/desk-search.ts';
import { ReviewDeskPage } from '../review-desk-page.tsx';

const server = setupMswServer();

function Desk() {
  const search = useRouterState({ select: (state) => state.location.search }) as ReviewDeskSearch;
  return <ReviewDeskPage search={search} />;
}

const LONG_BODY = `${'Strong start, '.repeat(15)}and the ending nobody sees until it is opened.`;

/** The server's reviews, newest first; hide and unhide change them as the API does. */
let reviews: AdminReview[];
let sent: { path: string; body: unknown }[];

function answerList() {
  server.use(
    http.get(api('/admin/reviews'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      const page = Number(params.get('page'));
      const limit = Number(params.get('limit'));
      return HttpResponse.json(
        ok({
          reviews: reviews.slice((page - 1) * limit, page * limit),
          pagination: {
            page,
            limit,
            total: reviews.length,
            totalPages: Math.ceil(reviews.length / limit),
          },
        }),
      );
    }),
  );
}

beforeEach(() => {
  toastState.toasts.splice(0);
  sent = [];
  reviews = [
    makeAdminReview(1, {
      title: 'Best isolate yet',
      body: LONG_BODY,
      rating: 5,
      createdAt: '2026-11-25T15:00:00.000Z',
    }),
    makeAdminReview(2, {
      title: 'Clumps in cold water',
      rating: 2,
      author: 'Ravi P.',
      verifiedPurchase: false,
      productId: 'prod_2',
      productName: 'Creatine Monohydrate',
      hiddenAt: '2026-11-26T09:30:00.000Z',
      hiddenReason: 'Names a competitor’s shop',
      hiddenBy: 'usr_staff',
    }),
  ];
  answerList();
  server.use(
    http.post(api('/admin/reviews/:id/:action'), async ({ params, request }) => {
      const body = params.action === 'hide' ? ((await request.json()) as { reason: string }) : null;
      sent.push({ path: `${params.id as string}/${params.action as string}`, body });
      reviews = reviews.map((review) =>
        review._id !== params.id
          ? review
          : body
            ? {
                ...review,
                hiddenAt: '2026-11-27T10:00:00.000Z',
                hiddenReason: body.reason,
                hiddenBy: 'usr_staff',
              }
            : { ...review, hiddenAt: null, hiddenReason: null, hiddenBy: null },
      );
      return HttpResponse.json(ok(reviews.find((review) => review._id === params.id)));
    }),
  );
});
afterEach(cleanup);

/** The query parameters of the last list request. */
function lastQuery(): Record<string, string> {
  const lists = server.requests.filter((r) => new URL(r.url).pathname === '/api/v1/admin/reviews');
  return Object.fromEntries(new URL(lists.at(-1)!.url).searchParams);
}

const listReads = () =>
  server.requests.filter((r) => new URL(r.url).pathname === '/api/v1/admin/reviews').length;

async function rowOf(title: string): Promise<HTMLElement> {
  const cell = await screen.findByText(title);
  return cell.closest('tr')!;
}

const toasts = () => toastState.toasts.map((item) => item.message);

describe('review desk', () => {
  test('every review: date, product link, stars, title, text, author, verified purchase and state', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    const table = await screen.findByRole('table');
    expect(lastQuery()).toEqual({ page: '1', limit: '20' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Product', 'Stars', 'Review', 'Author', 'State']);
    expect(screen.getByRole('status').textContent).toBe('2 reviews');

    const first = await rowOf('Best isolate yet');
    expect(first.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-25T15:00:00.000Z');
    expect(
      within(first).getByRole('link', { name: 'Whey Protein Isolate' }).getAttribute('href'),
    ).toBe('/product/prod_1');
    expect(within(first).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(first.textContent).toContain('Maya C.');
    expect(first.textContent).toContain('Verified purchase');
    expect(first.textContent).toContain('Published');
    expect(within(first).getByRole('button', { name: /^Hide/ })).toBeTruthy();

    // A long text is cut short until it is opened.
    expect(first.textContent).not.toContain('the ending nobody sees');
    const readAll = within(first).getByRole('button', { name: 'Read all of “Best isolate yet”' });
    expect(readAll.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(readAll);
    expect(readAll.getAttribute('aria-expanded')).toBe('true');
    expect(first.textContent).toContain('the ending nobody sees until it is opened.');
    expect(readAll.textContent).toContain('Show less');

    const second = await rowOf('Clumps in cold water');
    expect(
      within(second).getByRole('link', { name: 'Creatine Monohydrate' }).getAttribute('href'),
    ).toBe('/product/prod_2');
    expect(within(second).getByRole('img', { name: '2 out of 5 stars' })).toBeTruthy();
    expect(second.textContent).toContain('Ravi P.');
    expect(second.textContent).toContain('Not a verified purchase');
    expect(second.textContent).toContain('Mixes well and tastes like chocolate milk.');
    expect(second.textContent).toContain('Hidden');
    expect(second.textContent).toContain('Reason: Names a competitor’s shop');
    expect(
      Array.from(second.querySelectorAll('time')).map((time) => time.getAttribute('dateTime')),
    ).toContain('2026-11-26T09:30:00.000Z');
    expect(within(second).getByRole('button', { name: /^Show again/ })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /^Hide/ })).toBeNull();
  });

  test('the desk’s navigation marks Reviews as the current screen', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews?page=1' });
    const nav = await screen.findByRole('navigation', { name: 'Desk' });
    expect(within(nav).getByRole('link', { name: 'Reviews' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const orders = within(nav).getByRole('link', { name: 'Orders' });
    expect(orders.getAttribute('href')).toBe('/admin/orders');
    expect(orders.getAttribute('aria-current')).toBeNull();
  });

  test('“Hide” opens a modal dialog: focus goes in, Escape closes it and focus comes back', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    const row = await rowOf('Best isolate yet');
    const hide = within(row).getByRole('button', { name: /^Hide/ });
    expect(hide.textContent).toBe('Hide review “Best isolate yet” by Maya C.');
    hide.focus();
    fireEvent.click(hide);
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain('“Best isolate yet” by Maya C. on Whey Protein Isolate');
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(hide);

    fireEvent.click(hide);
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Hide this review?' })).getByRole('button', {
        name: 'Keep it',
      }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(hide);
    expect(sent).toEqual([]);
  });

  test('the reason is required and at most 200 characters, checked beside the field', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    fireEvent.click(within(await rowOf('Best isolate yet')).getByRole('button', { name: /^Hide/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    const reason = within(dialog).getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const error = within(dialog).getByRole('alert');
    expect(error.textContent).toBe('Enter why the review is hidden.');
    expect(reason.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);

    fireEvent.change(reason, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Must be at most 200 characters.');
    expect(sent).toEqual([]);
  });

  test('hiding sends the reason, reads the list again, says so and gives focus back to the row', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    const row = await rowOf('Best isolate yet');
    const hide = within(row).getByRole('button', { name: /^Hide/ });
    fireEvent.click(hide);
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    const reads = listReads();
    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: '  Personal details of another shopper ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([
      { path: 'rev_1/hide', body: { reason: 'Personal details of another shopper' } },
    ]);
    expect(listReads()).toBeGreaterThan(reads);
    await waitFor(() =>
      expect(row.textContent).toContain('Reason: Personal details of another shopper'),
    );
    expect(toasts()).toContain('The review “Best isolate yet” is hidden.');
    expect(document.activeElement).toBe(hide);
    expect(hide.textContent).toBe('Show again review “Best isolate yet” by Maya C.');
  });

  test('the server’s 400 on the reason shows beside the field, and the dialog stays', async () => {
    server.use(
      http.post(api('/admin/reviews/:id/hide'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'validation',
            message: 'body.reason: must be at most 200 characters',
            errors: [{ path: 'body.reason', message: 'must be at most 200 characters' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    fireEvent.click(within(await rowOf('Best isolate yet')).getByRole('button', { name: /^Hide/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review?' });
    const reason = within(dialog).getByLabelText('Reason');
    fireEvent.change(reason, { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    const error = within(dialog).getByRole('alert');
    expect(error.textContent).toBe('Must be at most 200 characters.');
    expect(reason.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(screen.getByRole('dialog', { name: 'Hide this review?' })).toBeTruthy();
  });

  test('“Show again” shows a hidden review, reads the list again and says so', async () => {
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    const row = await rowOf('Clumps in cold water');
    fireEvent.click(within(row).getByRole('button', { name: /^Show again/ }));
    await waitFor(() => expect(row.textContent).toContain('Published'));
    expect(sent).toEqual([{ path: 'rev_2/unhide', body: null }]);
    expect(row.textContent).not.toContain('Reason:');
    expect(within(row).getByRole('button', { name: /^Hide/ })).toBeTruthy();
    expect(toasts()).toContain('The review “Clumps in cold water” is shown again.');
  });

  test('pages: next and previous go to the server and the URL', async () => {
    reviews = Array.from({ length: 45 }, (_, i) => makeAdminReview(i + 1));
    const { router } = renderWithProviders(<Desk />, { path: '/admin/reviews' });
    await screen.findByText('Review 1');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager.textContent).toContain('Page 1 of 3');
    expect(within(pager).getByRole('button', { name: '‹ Previous' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(within(pager).getByRole('button', { name: 'Next ›' }));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2', limit: '20' }));
    expect(router.state.location.search).toEqual({ page: 2 });
    expect(await screen.findByText('Review 21')).toBeTruthy();
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '‹ Previous' }));
    await waitFor(() => expect(lastQuery().page).toBe('1'));
    expect(router.state.location.search).toEqual({});
  });

  test('a list that cannot be loaded says so and can be asked again', async () => {
    server.use(
      http.get(api('/admin/reviews'), () =>
        HttpResponse.json(
          { success: false, code: 'rate_limited', message: 'Too many requests: wait a moment.' },
          { status: 429 },
        ),
      ),
    );
    renderWithProviders(<Desk />, { path: '/admin/reviews' });
    expect(await screen.findByRole('status', { name: 'Loading reviews' })).toBeTruthy();
    const failure = await screen.findByRole('alert');
    expect(failure.textContent).toContain('Too many requests: wait a moment.');
    answerList();
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Best isolate yet')).toBeTruthy();
  });
});
