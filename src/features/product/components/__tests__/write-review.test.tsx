/**
 * "Write a review" on the product page: a line and a sign-in link for a visitor, nothing to fill
 * for a shopper who has not received the product, and for one who has, the form (stars as a radio
 * group, title, review) checked beside each field before anything is sent, the server's field
 * errors beside the fields and its refusals above the button, then "posted", their review with
 * "Edit your review" (the form again, prefilled, sent as an edit), and the product's count and
 * average set from the reviews read again.
 */
import { useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { ProductDetail } from '../../../../../contract/catalog.ts';
import type { MyReview, Review, ReviewsPageResponse } from '../../../../../contract/reviews.ts';
import { productQueryOptions } from '../../../../lib/catalog/get-product.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { BUYERS_WRITE_TEXT, ProductReviews } from '../product-reviews.tsx';
import {
  ONLY_BUYERS_TEXT,
  REVIEW_HIDDEN_TEXT,
  REVIEW_POSTED_TEXT,
  REVIEW_UPDATED_TEXT,
} from '../write-review.tsx';
import { makeProduct } from './fixtures.ts';

const server = setupMswServer();

const SHOPPER = { _id: 'usr_maya', name: 'Maya Chen', email: 'maya@example.com' };

beforeEach(() => {
  localStorage.clear();
  customerState.auth.user = { ...SHOPPER };
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  customerState.auth.user = null;
});

const product = (overrides: Partial<ProductDetail> = {}) =>
  makeProduct({ rating: 0, reviewCount: 0, reviewsPreview: [], ...overrides });

const MINE = api('/products/gold-whey/reviews/mine');
const REVIEWS = api('/products/gold-whey/reviews');

const written: Review = {
  _id: 'rev_maya',
  rating: 4,
  title: 'Mixes well',
  body: 'No clumps, and the vanilla tastes real.',
  author: 'Maya C.',
  verifiedPurchase: true,
  createdAt: '2026-11-20T15:00:00.000Z',
};

function answerStanding(mayReview: boolean, review: MyReview | null = null) {
  server.use(
    http.get(MINE, () => HttpResponse.json({ success: true, data: { mayReview, review } })),
  );
}

/** The reviews list as the server has it after the write: this one review; records each read. */
function answerReviews(reads: URLSearchParams[], reviews: Review[] = [written]) {
  server.use(
    http.get(REVIEWS, ({ request }) => {
      reads.push(new URL(request.url).searchParams);
      const body: ReviewsPageResponse = {
        success: true,
        data: {
          reviews,
          summary: {
            average: reviews[0]?.rating ?? 0,
            count: reviews.length,
            histogram: { 5: 0, 4: reviews.length, 3: 0, 2: 0, 1: 0 },
          },
          pagination: { page: 1, limit: 5, total: reviews.length, totalPages: 1 },
        },
      };
      return HttpResponse.json(body);
    }),
  );
}

/**
 * The reviews as the product page shows them: from the product's query, which starts with `shown`.
 * Read again, the product answers as `shown` too: a copy from the browser's cache, older than the
 * review (the page must still show the new count).
 */
function render(shown = product()) {
  server.use(
    http.get(api('/products/gold-whey'), () => HttpResponse.json({ success: true, data: shown })),
  );
  function Page() {
    const { data } = useQuery({ ...productQueryOptions('gold-whey'), initialData: shown });
    return <ProductReviews product={data} />;
  }
  return renderWithProviders(<Page />);
}

// The form's code and its rules are loaded lazily: give the imports time on a busy machine.
const slow = { timeout: 5000 };
const findForm = (name = 'Write a review') =>
  screen.findByRole('form', { name }, { timeout: 5000 });

const star = (form: HTMLElement, n: number) =>
  within(form).getByRole('radio', {
    name: `${n} ${n === 1 ? 'star' : 'stars'}`,
  }) as HTMLInputElement;
const titleOf = (form: HTMLElement) => within(form).getByLabelText('Title') as HTMLInputElement;
const bodyOf = (form: HTMLElement) =>
  within(form).getByLabelText('Your review') as HTMLTextAreaElement;
const errorOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby')?.split(' ')[0];
  return id ? document.getElementById(id)?.textContent : undefined;
};

test('a visitor reads that buyers write reviews, with a sign-in link back to the form; nothing is asked', async () => {
  customerState.auth.user = null;
  render();
  const line = await screen.findByText(testI18n._(BUYERS_WRITE_TEXT), { exact: false });
  const link = within(line).getByRole('link', { name: 'Sign in to review it' });
  expect(link.getAttribute('href')).toBe('/login?redirect=%2Fproduct%2Fgold-whey%23write-review');
  expect(screen.queryByRole('form')).toBeNull();
  expect(server.requests.map((request) => request.url)).toEqual([]);
});

test('a guest checkout session is treated as signed out: no account to keep a review with', async () => {
  customerState.auth.user = { ...SHOPPER, guest: true };
  render();
  await screen.findByText(testI18n._(BUYERS_WRITE_TEXT), { exact: false });
  expect(server.requests).toEqual([]);
});

test('a shopper who has not received the product is told so and gets no form', async () => {
  answerStanding(false);
  render();
  expect(await screen.findByText(testI18n._(ONLY_BUYERS_TEXT), {}, { timeout: 5000 })).toBeTruthy();
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.queryByText(testI18n._(BUYERS_WRITE_TEXT), { exact: false })).toBeNull();
});

test('each field is checked beside it before anything is sent; the stars are a labelled radio group', async () => {
  answerStanding(true);
  let posts = 0;
  server.use(http.post(REVIEWS, () => void (posts += 1)));
  render();
  const form = await findForm();
  const group = within(form).getByRole('radiogroup', { name: 'Your rating' });
  expect(within(group).getAllByRole('radio')).toHaveLength(5);
  for (const n of [1, 2, 3, 4, 5]) expect(star(form, n).checked).toBe(false);

  fireEvent.click(within(form).getByRole('button', { name: 'Post your review' }));
  await waitFor(() => expect(star(form, 1).getAttribute('aria-invalid')).toBe('true'), slow);
  expect(errorOf(star(form, 1))).toBe('Choose from 1 to 5 stars.');
  expect(errorOf(titleOf(form))).toBe('Must be at least 3 characters.');
  expect(errorOf(bodyOf(form))).toBe('Must be at least 10 characters.');
  // The first field in error takes the focus.
  await waitFor(() => expect(document.activeElement).toBe(star(form, 1)), slow);

  // Re-checked as the shopper fixes each field.
  fireEvent.click(star(form, 3));
  fireEvent.change(titleOf(form), { target: { value: 'x'.repeat(101) } });
  fireEvent.change(bodyOf(form), { target: { value: 'Too short' } });
  await waitFor(() => expect(star(form, 1).getAttribute('aria-invalid')).toBeNull(), slow);
  expect(errorOf(titleOf(form))).toBe('Must be at most 100 characters.');
  expect(errorOf(bodyOf(form))).toBe('Must be at least 10 characters.');
  fireEvent.change(bodyOf(form), { target: { value: 'y'.repeat(2001) } });
  await waitFor(() => expect(errorOf(bodyOf(form))).toBe('Must be at most 2000 characters.'), slow);
  expect(posts).toBe(0);
});

test('a review is posted; the status says so, the form becomes their review, and the product and its reviews are read again', async () => {
  answerStanding(true);
  const sent: unknown[] = [];
  server.use(
    http.post(REVIEWS, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ success: true, data: written }, { status: 201 });
    }),
  );
  const reads: URLSearchParams[] = [];
  answerReviews(reads);
  const { queryClient } = render();
  const form = await findForm();

  fireEvent.click(star(form, 4));
  expect(star(form, 4).checked).toBe(true);
  fireEvent.change(titleOf(form), { target: { value: '  Mixes well ' } });
  fireEvent.change(bodyOf(form), { target: { value: written.body } });
  fireEvent.click(within(form).getByRole('button', { name: 'Post your review' }));

  const status = await screen.findByRole('status');
  await waitFor(() => expect(status.textContent).toBe(testI18n._(REVIEW_POSTED_TEXT)), slow);
  await waitFor(() => expect(document.activeElement).toBe(status), slow);
  expect(sent).toEqual([{ rating: 4, title: 'Mixes well', body: written.body }]);

  // Their review, with the way to edit it.
  const yours = screen.getByRole('region', { name: 'Your review' });
  expect(within(yours).getByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
  expect(yours.textContent).toContain('Mixes well');
  expect(screen.queryByRole('form')).toBeNull();

  // The product's count and average come from the reviews read after the write, at an address
  // the browser has not cached.
  expect(reads).toHaveLength(1);
  expect(reads[0]!.get('sort')).toBe('newest');
  expect(Number(reads[0]!.get('written'))).toBeGreaterThan(0);
  const detail = queryClient.getQueryData<ProductDetail>(['products', 'detail', 'gold-whey']);
  expect(detail).toMatchObject({ rating: 4, reviewCount: 1, reviewsPreview: [written] });
  // The page shows it: the summary and the listed review.
  const section = screen.getByRole('region', { name: 'Reviews' });
  await waitFor(() => expect(within(section).getByText('Based on 1 review')).toBeTruthy(), slow);
  expect(within(section).getByRole('heading', { level: 3, name: 'Mixes well' })).toBeTruthy();
});

test("the server's field errors go beside the fields, its refusals above the button", async () => {
  answerStanding(true);
  let answer: () => Response = () =>
    HttpResponse.json(
      {
        success: false,
        code: 'validation',
        message: 'Validation failed',
        errors: [{ path: 'body.title', message: 'must not be only emoji' }],
      },
      { status: 400 },
    );
  server.use(http.post(REVIEWS, () => answer()));
  render();
  const form = await findForm();
  fireEvent.click(star(form, 5));
  fireEvent.change(titleOf(form), { target: { value: 'Great stuff' } });
  fireEvent.change(bodyOf(form), { target: { value: written.body } });
  const submit = within(form).getByRole('button', { name: 'Post your review' });

  fireEvent.click(submit);
  await waitFor(() => expect(errorOf(titleOf(form))).toBe('Must not be only emoji.'), slow);

  for (const [status, message] of [
    [403, 'Only shoppers who have received this product may review it.'],
    [409, 'You have already reviewed this product: edit your review instead.'],
  ] as const) {
    answer = () => HttpResponse.json({ success: false, message }, { status });
    fireEvent.click(submit);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(message), slow);
  }
  expect(screen.getByRole('status').textContent).toBe('');
});

test('their review shows with "Edit your review": the form prefilled, sent as an edit; a hidden one says so', async () => {
  answerStanding(true, { ...written, hidden: true });
  const edits: unknown[] = [];
  server.use(
    http.patch(MINE, async ({ request }) => {
      const body = (await request.json()) as Partial<Review>;
      edits.push(body);
      return HttpResponse.json({ success: true, data: { ...written, ...body } });
    }),
  );
  const reads: URLSearchParams[] = [];
  answerReviews(reads, []);
  render(product({ rating: 4, reviewCount: 1 }));

  const yours = await screen.findByRole('region', { name: 'Your review' }, { timeout: 5000 });
  expect(yours.textContent).toContain(testI18n._(REVIEW_HIDDEN_TEXT));
  fireEvent.click(within(yours).getByRole('button', { name: 'Edit your review' }));
  const form = await findForm('Edit your review');
  // The button is gone: the form it opened takes the focus.
  await waitFor(() => expect(document.activeElement).toBe(form), slow);
  expect(star(form, 4).checked).toBe(true);
  expect(titleOf(form).value).toBe(written.title);
  expect(bodyOf(form).value).toBe(written.body);

  // Cancel leaves it as it was.
  fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
  fireEvent.click(
    within(await screen.findByRole('region', { name: 'Your review' })).getByRole('button', {
      name: 'Edit your review',
    }),
  );
  const again = await findForm('Edit your review');
  fireEvent.click(star(again, 2));
  fireEvent.change(titleOf(again), { target: { value: 'Less sure now' } });
  const savedAt = Date.now();
  fireEvent.click(within(again).getByRole('button', { name: 'Save your review' }));

  await waitFor(
    () => expect(screen.getByRole('status').textContent).toBe(testI18n._(REVIEW_UPDATED_TEXT)),
    slow,
  );
  expect(edits).toEqual([{ rating: 2, title: 'Less sure now', body: written.body }]);
  const updated = screen.getByRole('region', { name: 'Your review' });
  expect(within(updated).getByRole('img', { name: '2 out of 5 stars' })).toBeTruthy();
  expect(updated.textContent).toContain('Less sure now');
  // Still hidden: an edit does not show it again.
  expect(updated.textContent).toContain(testI18n._(REVIEW_HIDDEN_TEXT));
  // The list was read for the page, then again after the edit, past the browser's cache.
  expect(reads).toHaveLength(2);
  expect(Number(reads[1]!.get('written'))).toBeGreaterThanOrEqual(savedAt);
});

test('#write-review opens the form (their review prefilled) and focuses it once it shows', async () => {
  window.history.replaceState(null, '', '/product/gold-whey#write-review');
  answerStanding(true, { ...written, hidden: false });
  answerReviews([]);
  render(product({ rating: 4, reviewCount: 1 }));
  const form = await findForm('Edit your review');
  expect(form.id).toBe('write-review');
  await waitFor(() => expect(document.activeElement).toBe(form), slow);
});
