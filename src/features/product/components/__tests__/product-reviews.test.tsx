/**
 * The product page's reviews: the newest reviews the product answer carries show at once (the
 * server renders them), the first page then brings the star counts, the order can change, "Show
 * more reviews" reads the next page, and a product without reviews says so without asking.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import type { ProductDetail } from '../../../../../contract/catalog.ts';
import { makeProduct } from './fixtures.ts';
import type { Review } from '../../../../../contract/reviews.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { NO_REVIEWS_TEXT, ProductReviews } from '../product-reviews.tsx';

const server = setupMswServer();
afterEach(cleanup);

const review = (n: number, rating = 5): Review => ({
  _id: `rev_${n}`,
  rating,
  title: `Review ${n}`,
  body: `What buyer ${n} thought of it.`,
  author: `Buyer ${n}.`,
  verifiedPurchase: n % 2 === 1,
  createdAt: `2026-11-${String(10 + n).padStart(2, '0')}T15:00:00.000Z`,
});

const product = (overrides: Partial<ProductDetail> = {}) =>
  makeProduct({
    rating: 4.3,
    reviewCount: 7,
    reviewsPreview: [review(7), review(6), review(5)],
    ...overrides,
  });

const summary = { average: 4.3, count: 7, histogram: { 5: 4, 4: 1, 3: 1, 2: 1, 1: 0 } };

/** Answers pages of `per` reviews from 7, in the order asked; records each query. */
function answerReviews(asked: URLSearchParams[], { hold }: { hold?: Promise<void> } = {}) {
  server.use(
    http.get(api('/products/gold-whey/reviews'), async ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      await hold;
      const all = [7, 6, 5, 4, 3, 2, 1].map((n) => review(n, n > 3 ? 5 : n));
      const sorted =
        query.get('sort') === 'lowest' ? [...all].sort((a, b) => a.rating - b.rating) : all;
      const page = Number(query.get('page'));
      const limit = Number(query.get('limit'));
      return HttpResponse.json({
        success: true,
        data: {
          reviews: sorted.slice((page - 1) * limit, page * limit),
          summary,
          pagination: { page, limit, total: 7, totalPages: Math.ceil(7 / limit) },
        },
      });
    }),
  );
}

const titles = () =>
  within(screen.getByRole('region', { name: 'Reviews' }))
    .queryAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

test('shows the carried reviews at once, then the first page with the star counts', async () => {
  let release!: () => void;
  const asked: URLSearchParams[] = [];
  answerReviews(asked, { hold: new Promise((resolve) => (release = resolve)) });
  renderWithProviders(<ProductReviews product={product()} />);

  const section = await screen.findByRole('region', { name: 'Reviews' });
  expect(titles()).toEqual(['Review 7', 'Review 6', 'Review 5']);
  expect(within(section).getByText('4.3')).toBeTruthy();
  expect(within(section).getByText('Based on 7 reviews')).toBeTruthy();
  expect(
    within(section).getByRole('img', { name: 'Rated 4.3 out of 5 from 7 reviews' }),
  ).toBeTruthy();
  expect(within(section).getAllByRole('img', { name: '5 out of 5 stars' })).toHaveLength(3);
  expect(within(section).getAllByText(/Verified purchase/)).toHaveLength(2);
  expect(within(section).getByText('November 17, 2026')).toBeTruthy();

  release();
  const counts = await within(section).findByRole('list', { name: 'Reviews by stars' });
  expect(
    within(counts)
      .getAllByRole('listitem')
      .map((bar) => bar.textContent),
  ).toEqual([
    '5 stars4 reviews',
    '4 stars1 review',
    '3 stars1 review',
    '2 stars1 review',
    '1 star0 reviews',
  ]);
  await waitFor(() => expect(titles()).toHaveLength(5));
  expect(asked.map((query) => query.toString())).toEqual(['page=1&limit=5&sort=newest']);
});

test('reads the order asked, and "Show more reviews" the next page until there are no more', async () => {
  const asked: URLSearchParams[] = [];
  answerReviews(asked);
  renderWithProviders(<ProductReviews product={product()} />);
  await waitFor(() => expect(titles()).toHaveLength(5));

  fireEvent.click(await screen.findByRole('button', { name: 'Show more reviews' }));
  await waitFor(() => expect(titles()).toHaveLength(7));
  expect(screen.queryByRole('button', { name: 'Show more reviews' })).toBeNull();

  fireEvent.change(screen.getByLabelText('Sort reviews'), { target: { value: 'lowest' } });
  await waitFor(() => expect(titles()[0]).toBe('Review 1'));
  expect(asked.map((query) => query.get('sort'))).toEqual(['newest', 'newest', 'lowest']);
  expect(asked.map((query) => query.get('page'))).toEqual(['1', '2', '1']);
});

test('a product without reviews says so and asks for none', async () => {
  const asked: URLSearchParams[] = [];
  answerReviews(asked);
  renderWithProviders(
    <ProductReviews product={product({ rating: 0, reviewCount: 0, reviewsPreview: [] })} />,
  );
  const section = await screen.findByRole('region', { name: 'Reviews' });
  expect(within(section).getByText(testI18n._(NO_REVIEWS_TEXT))).toBeTruthy();
  expect(screen.queryByLabelText('Sort reviews')).toBeNull();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(asked).toEqual([]);
});

test('a page that cannot load says so and can be tried again', async () => {
  let fail = true;
  server.use(
    http.get(api('/products/gold-whey/reviews'), () =>
      fail
        ? HttpResponse.json(
            { success: false, code: 'database_unavailable', message: 'Down.' },
            { status: 503 },
          )
        : HttpResponse.json({
            success: true,
            data: {
              reviews: [review(7)],
              summary,
              pagination: { page: 1, limit: 5, total: 1, totalPages: 1 },
            },
          }),
    ),
  );
  renderWithProviders(<ProductReviews product={product()} />);
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  expect(alert.textContent).toMatch(/Try again/);
  fail = false;
  fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
  await waitFor(() => expect(titles()).toEqual(['Review 7']));
});
