/**
 * The durable checkout attempt: a lost answer, a reload or a double tap resumes the same attempt
 * (same Idempotency-Key and body), so the shopper never places two orders.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  clearCheckoutAttempts,
  readCheckoutAttempt,
  writeCheckoutAttempt,
} from '../../../../lib/checkout/checkout-attempt.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import {
  ADDRESS,
  cartWithLine,
  makeOrder,
  makePayment,
  makeQuote,
  ok,
  savedCardsHandler,
  USER,
} from '../../__tests__/fixtures.ts';
import { ORDER_IN_FLIGHT_POLL_MS } from '../../api/place-order.ts';
import {
  LOST_CONNECTION_TEXT,
  STILL_PROCESSING_TEXT,
  STILL_WORKING_TEXT,
} from '../../lib/use-checkout-attempt.ts';
import { CheckoutPage } from '../checkout-page.tsx';

const server = setupMswServer();

beforeEach(() => {
  customerState.auth.user = USER;
  server.use(
    savedCardsHandler(),
    http.get(api('/cart'), () => HttpResponse.json(ok(cartWithLine()))),
    http.get(api('/user/addresses'), () => HttpResponse.json(ok([]))),
    http.post(api('/checkout/quote'), () => HttpResponse.json(ok(makeQuote('ON')))),
  );
});
afterEach(async () => {
  cleanup();
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

function fillAddress(values: Partial<typeof ADDRESS> = {}) {
  const address = { ...ADDRESS, ...values };
  fireEvent.change(field('Full name'), { target: { value: address.name } });
  fireEvent.change(field('Address'), { target: { value: address.line1 } });
  fireEvent.change(field('City'), { target: { value: address.city } });
  fireEvent.change(field('Province'), { target: { value: address.province } });
  fireEvent.change(field('Postal code'), { target: { value: address.postalCode } });
  fireEvent.change(field('Phone'), { target: { value: address.phone } });
}

/** Every POST /orders seen: its Idempotency-Key and body. */
function orderPosts() {
  return Promise.all(
    server.requests
      .filter(
        (request) =>
          request.method === 'POST' && new URL(request.url).pathname === '/api/v1/orders',
      )
      .map(async (request) => ({
        key: request.headers.get('idempotency-key'),
        body: await request.clone().json(),
      })),
  );
}

const placed = () =>
  HttpResponse.json(ok({ order: makeOrder(), payment: makePayment() }), { status: 201 });

describe('the checkout attempt', () => {
  test('a network error on POST /orders says so, and “Try again” sends the SAME Idempotency-Key and body', async () => {
    let calls = 0;
    server.use(http.post(api('/orders'), () => (++calls === 1 ? HttpResponse.error() : placed())));
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    expect(await screen.findByText(testI18n._(LOST_CONNECTION_TEXT))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy();

    const posts = await orderPosts();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.key).toBe(posts[0]!.key);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
    expect((await readCheckoutAttempt(USER._id))?.orderId).toBe('ord_1');
  });

  test('a reload (remount) with a stored attempt resends it at once with the same key and body', async () => {
    server.use(http.post(api('/orders'), () => HttpResponse.error()));
    const first = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(testI18n._(LOST_CONNECTION_TEXT));
    first.unmount();
    const [lost] = await orderPosts();

    server.use(http.post(api('/orders'), placed));
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy();
    const posts = await orderPosts();
    expect(posts).toHaveLength(2);
    expect(posts[1]).toEqual(lost);
  });

  test('a reload while still offline shows the attempt’s own address, and “Try again” and “Place order” keep its key', async () => {
    server.use(http.post(api('/orders'), () => HttpResponse.error()));
    const first = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('radio', { name: /^Express shipping/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(testI18n._(LOST_CONNECTION_TEXT));
    first.unmount();

    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByText(testI18n._(LOST_CONNECTION_TEXT));
    expect(field('Full name').value).toBe(ADDRESS.name);
    expect(field('Postal code').value).toBe(ADDRESS.postalCode);
    expect(
      (screen.getByRole('radio', { name: /^Express shipping/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect(await orderPosts()).toHaveLength(3));
    await screen.findByText(testI18n._(LOST_CONNECTION_TEXT));
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(async () => expect(await orderPosts()).toHaveLength(4));
    const keys = new Set((await orderPosts()).map((post) => post.key));
    expect(keys.size).toBe(1);
  });

  test('a stored attempt whose order is known resumes its payment step from GET /orders/:id/payment, placing nothing', async () => {
    await writeCheckoutAttempt(USER._id, {
      key: 'key-1',
      body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
      orderId: 'ord_1',
      orderNumber: 'FN-10001',
      createdAt: new Date().toISOString(),
    });
    server.use(
      http.get(api('/orders/ord_1'), () => HttpResponse.json(ok(makeOrder()))),
      http.get(api('/orders/ord_1/payment'), () => HttpResponse.json(ok(makePayment()))),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Test payment — no card is charged' })).toBeTruthy();
    expect(server.requests.some((r) => r.url.endsWith('/orders/ord_1/payment'))).toBe(true);
    expect(await orderPosts()).toHaveLength(0);
  });

  test('a stored attempt whose order was cancelled unpaid is forgotten: the form shows', async () => {
    await writeCheckoutAttempt(USER._id, {
      key: 'key-1',
      body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
      orderId: 'ord_1',
      orderNumber: 'FN-10001',
      createdAt: new Date().toISOString(),
    });
    server.use(
      http.get(api('/orders/ord_1'), () =>
        HttpResponse.json(ok(makeOrder({ status: 'cancelled', canCancel: false }))),
      ),
      http.get(api('/orders/ord_1/payment'), () => HttpResponse.json(ok(makePayment()))),
      http.post(api('/orders'), placed),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    expect(await screen.findByRole('form', { name: 'Checkout' })).toBeTruthy();
    expect(screen.queryByText(/was cancelled before it was paid/)).toBeNull();
    expect(await readCheckoutAttempt(USER._id)).toBeNull();

    // The next "Place order" is a new attempt, not the cancelled order's.
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(/Your order FN-10001 is waiting for payment/);
    const [post] = await orderPosts();
    expect(post!.key).not.toBe('key-1');
  });

  test('a double tap sends one request', async () => {
    server.use(
      http.post(api('/orders'), async () => {
        await delay(100);
        return placed();
      }),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    const form = screen.getByRole('form', { name: 'Checkout' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    await screen.findByText(/Your order FN-10001 is waiting for payment/);
    expect(await orderPosts()).toHaveLength(1);
  });

  test('an address edited after a lost attempt (before any order) starts a new key', async () => {
    let calls = 0;
    server.use(http.post(api('/orders'), () => (++calls === 1 ? HttpResponse.error() : placed())));
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(testI18n._(LOST_CONNECTION_TEXT));
    fireEvent.change(field('Address'), { target: { value: '200 King St W' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(/Your order FN-10001 is waiting for payment/);
    const posts = await orderPosts();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
  });

  test('a 409 “still being processed” is sent again after its Retry-After, with the same key', async () => {
    let calls = 0;
    server.use(
      http.post(api('/orders'), () =>
        ++calls === 1
          ? HttpResponse.json(
              {
                success: false,
                code: 'request_in_flight',
                message: 'This order is still being processed.',
              },
              { status: 409, headers: { 'retry-after': '1' } },
            )
          : placed(),
      ),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(
      () => expect(screen.getByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy(),
      { timeout: 3000 },
    );
    const posts = await orderPosts();
    expect(posts.map((post) => post.key)).toEqual([posts[0]!.key, posts[0]!.key]);
  });
});

describe('a checkout retried right after a crash', () => {
  test('waits while the server still holds the attempt, saying so, and resends it by itself', async () => {
    let calls = 0;
    server.use(
      http.post(api('/orders'), () =>
        // The first request died with the server: its claim holds the key for 45 s more.
        ++calls <= 2
          ? HttpResponse.json(
              {
                success: false,
                code: 'request_in_flight',
                message: 'A request with this Idempotency-Key is still being processed.',
                retryAfter: 45,
              },
              { status: 409, headers: { 'retry-after': '45' } },
            )
          : placed(),
      ),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    const working = await screen.findByText(testI18n._(STILL_WORKING_TEXT));
    expect(working.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(testI18n._(STILL_PROCESSING_TEXT))).toBeNull();
    await waitFor(
      () => expect(screen.getByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy(),
      { timeout: ORDER_IN_FLIGHT_POLL_MS * 4 },
    );
    const posts = await orderPosts();
    expect(posts.map((post) => post.key)).toEqual([posts[0]!.key, posts[0]!.key, posts[0]!.key]);
  }, 20_000);
});

describe('the cart guard around checkout', () => {
  const guard = () => <p>Sent to the cart</p>;

  test('wraps the form when no attempt is under way', async () => {
    renderWithProviders(<CheckoutPage guard={guard} />, { path: '/checkout' });
    expect(await screen.findByText('Sent to the cart')).toBeTruthy();
  });

  test('is bypassed for “Pay now” (?orderId=), whose order may have emptied the cart', async () => {
    server.use(
      http.get(api('/orders/ord_9'), () =>
        HttpResponse.json(ok(makeOrder({ id: 'ord_9', number: 'FN-10009' }))),
      ),
      http.get(api('/orders/ord_9/payment'), () => HttpResponse.json(ok(makePayment()))),
    );
    renderWithProviders(<CheckoutPage orderId="ord_9" guard={guard} />, {
      path: '/checkout?orderId=ord_9',
    });
    expect(await screen.findByText(/Your order FN-10009 is waiting for payment/)).toBeTruthy();
    expect(screen.queryByText('Sent to the cart')).toBeNull();
    expect(await orderPosts()).toHaveLength(0);
  });

  test('is bypassed when a stored attempt is resumed after a reload', async () => {
    await writeCheckoutAttempt(USER._id, {
      key: 'key-7',
      body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
      createdAt: new Date().toISOString(),
    });
    server.use(http.post(api('/orders'), placed));
    renderWithProviders(<CheckoutPage guard={guard} />, { path: '/checkout' });
    expect(await screen.findByText(/Your order FN-10001 is waiting for payment/)).toBeTruthy();
    expect(screen.queryByText('Sent to the cart')).toBeNull();
    expect((await orderPosts()).map((post) => post.key)).toEqual(['key-7']);
  });
});

describe('a refused order', () => {
  test('409 short stock: the reason and the short lines are shown and focused, and the next try is a new attempt', async () => {
    let calls = 0;
    server.use(
      http.post(api('/orders'), () =>
        ++calls === 1
          ? HttpResponse.json(
              {
                success: false,
                code: 'out_of_stock',
                message: 'Some items are no longer in stock.',
                lines: [{ variantId: 'var_1', name: 'Whey Protein Isolate', available: 1 }],
              },
              { status: 409 },
            )
          : placed(),
      ),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const reason = await screen.findByText('Some items are no longer in stock.');
    const alert = reason.closest('[role="alert"]')!;
    expect(alert.textContent).toContain('Whey Protein Isolate: only 1 left');
    await waitFor(() => expect(document.activeElement).toBe(alert));
    expect(await readCheckoutAttempt(USER._id)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(/Your order FN-10001 is waiting for payment/);
    const posts = await orderPosts();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).not.toBe(posts[0]!.key);
  });
});
