/**
 * The checkout's address: a postal code in another province than the one chosen is said beside
 * the postal code when it loses focus, or when the province changes with a code typed, before
 * "Place order" is pressed.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { postalCodeMismatchMessage } from '../../../../../contract/orders.ts';
import { clearCheckoutAttempts } from '../../../../lib/checkout/checkout-attempt.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { cartWithLine, makeQuote, ok, savedCardsHandler, USER } from '../../__tests__/fixtures.ts';
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

const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLSelectElement;

/** The error tied to a field (aria-invalid, first of aria-describedby), or null. */
function errorOf(label: string): string | null {
  const element = field(label);
  const id = element.getAttribute('aria-describedby')?.split(' ')[0];
  return element.getAttribute('aria-invalid') === 'true' && id
    ? (document.getElementById(id)?.textContent ?? null)
    : null;
}

const orderPosts = () =>
  server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/orders'));

describe('the checkout address', () => {
  test('a postal code outside the province is said beside it once it loses focus', async () => {
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fireEvent.change(field('Province'), { target: { value: 'AB' } });
    fireEvent.change(field('Postal code'), { target: { value: 'h2x 1y4' } });
    // Not while typing: only once the field is left.
    expect(errorOf('Postal code')).toBeNull();

    fireEvent.blur(field('Postal code'));
    expect(errorOf('Postal code')).toBe(postalCodeMismatchMessage('h2x 1y4', 'AB'));
    expect(errorOf('Postal code')).toBe(
      'Postal code H2X 1Y4 is in Quebec, not Alberta. Check the postal code or the province.',
    );

    // Fixed by choosing the code's province; wrong again with another.
    fireEvent.change(field('Province'), { target: { value: 'QC' } });
    expect(errorOf('Postal code')).toBeNull();
    fireEvent.change(field('Province'), { target: { value: 'ON' } });
    expect(errorOf('Postal code')).toBe(postalCodeMismatchMessage('h2x 1y4', 'ON'));
    expect(orderPosts()).toHaveLength(0);
  });

  test('changing the province with a postal code already typed checks it at once', async () => {
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fireEvent.change(field('Postal code'), { target: { value: 'M5H 2N2' } });
    fireEvent.change(field('Province'), { target: { value: 'BC' } });
    expect(errorOf('Postal code')).toBe(postalCodeMismatchMessage('M5H 2N2', 'BC'));
    fireEvent.change(field('Province'), { target: { value: 'ON' } });
    expect(errorOf('Postal code')).toBeNull();
  });
});
