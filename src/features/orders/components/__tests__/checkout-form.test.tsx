/**
 * The checkout form: errors beside their fields (the client's and the server's), offline, the
 * live summary with named taxes, and saved addresses.
 */
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { POSTAL_CODE_FORMAT, type PlaceOrderBody } from '../../../../../contract/orders.ts';
import type { ReactNode } from 'react';
import { useCart } from '../../../cart/api/index.ts';
import { clearCheckoutAttempts } from '../../../../lib/checkout/checkout-attempt.ts';
import { asSentence } from '../../../../lib/format.ts';
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
import { PLACE_ORDER_OFFLINE_TEXT } from '../checkout-form.tsx';
import { CheckoutPage } from '../checkout-page.tsx';

const server = setupMswServer();

function baseHandlers(saved: unknown[] = []) {
  server.use(
    savedCardsHandler(),
    http.get(api('/cart'), () => HttpResponse.json(ok(cartWithLine()))),
    http.get(api('/user/addresses'), () => HttpResponse.json(ok(saved))),
    http.post(api('/checkout/quote'), async ({ request }) => {
      const body = (await request.json()) as { shippingAddress?: { province: string } };
      return HttpResponse.json(ok(makeQuote(body.shippingAddress?.province ?? 'ON')));
    }),
  );
}

const field = (label: string) =>
  screen.getByLabelText(label, { exact: true }) as HTMLInputElement | HTMLSelectElement;

function describedText(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function fillAddress(values: Partial<typeof ADDRESS> = {}) {
  const address = { ...ADDRESS, ...values };
  fireEvent.change(field('Full name'), { target: { value: address.name } });
  fireEvent.change(field('Address'), { target: { value: address.line1 } });
  fireEvent.change(field('City'), { target: { value: address.city } });
  fireEvent.change(field('Province'), { target: { value: address.province } });
  fireEvent.change(field('Postal code'), { target: { value: address.postalCode } });
  fireEvent.change(field('Phone'), { target: { value: address.phone } });
}

const orderPosts = () =>
  server.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/orders'));

beforeEach(() => {
  customerState.auth.user = USER;
});
afterEach(async () => {
  cleanup();
  onlineManager.setOnline(true);
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

describe('checkout form', () => {
  test('shows each invalid field’s message beside it and focuses the first one; nothing is sent', async () => {
    baseHandlers();
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fireEvent.change(field('Postal code'), { target: { value: '12345' } });
    fireEvent.change(field('Phone'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    const name = field('Full name');
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(name)).toBe('Is required.');
    expect(field('Postal code').getAttribute('aria-invalid')).toBe('true');
    expect(describedText(field('Postal code'))).toContain(asSentence(POSTAL_CODE_FORMAT));
    expect(describedText(field('Phone'))).toContain('10-digit phone number');
    expect(field('Province').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(orderPosts()).toHaveLength(0);
  });

  test('the server’s 400 errors go beside the fields they name, focused', async () => {
    baseHandlers();
    server.use(
      http.post(api('/orders'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'validation',
            message: 'Check the highlighted fields.',
            errors: [
              { path: 'body.shippingAddress.postalCode', message: 'is not in Ontario' },
              { path: 'body.shippingAddress.city', message: 'is not known' },
            ],
          },
          { status: 400 },
        ),
      ),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));

    const postal = field('Postal code');
    await waitFor(() => expect(postal.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(postal)).toContain('Is not in Ontario.');
    expect(describedText(field('City'))).toBe('Is not known.');
    expect(screen.getByText('Check the highlighted fields.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field('City')));
    expect(orderPosts()).toHaveLength(1);
  });

  test('offline: the form stays, “Place order” is disabled with the reason, and nothing is sent', async () => {
    baseHandlers();
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    act(() => onlineManager.setOnline(false));
    fillAddress();
    const place = screen.getByRole('button', { name: 'Place order' }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    expect(describedText(place)).toBe(testI18n._(PLACE_ORDER_OFFLINE_TEXT));
    fireEvent.click(place);
    fireEvent.submit(screen.getByRole('form', { name: 'Checkout' }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(orderPosts()).toHaveLength(0);
    expect(server.requests.filter((r) => r.url.includes('/checkout/quote'))).toHaveLength(0);
    expect(field('Full name').value).toBe(ADDRESS.name);
  });
});

/** As the checkout route's guard: reads the cart, and shows the page once it is there. */
function CartFirst({ children }: { children: ReactNode }) {
  return useCart().data ? children : null;
}

describe('reading the cart', () => {
  test('the page reads the cart once: the form takes the cart its guard read', async () => {
    baseHandlers();
    renderWithProviders(
      <CartFirst>
        <CheckoutPage />
      </CartFirst>,
      { path: '/checkout' },
    );
    await screen.findByRole('form', { name: 'Checkout' });
    await screen.findByRole('complementary', { name: 'Order summary' });
    // Time for a read the form's mount would start to be sent.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const cartReads = server.requests.filter(
      (r) => r.method === 'GET' && new URL(r.url).pathname.endsWith('/cart'),
    );
    expect(cartReads).toHaveLength(1);
  });
});

describe('checkout summary', () => {
  test('reprices from the quote once province and postal code are valid, each tax named with its rate', async () => {
    baseHandlers();
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    fireEvent.change(field('Province'), { target: { value: 'ON' } });
    fireEvent.change(field('Postal code'), { target: { value: 'm5h2n2' } });

    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    const hst = await within(summary).findByText('HST (13%)');
    const quote = makeQuote('ON');
    expect(hst.nextElementSibling?.textContent).toBe(
      `$${(quote.totals.taxes[0]!.amount / 100).toFixed(2)}`,
    );
    expect(within(summary).getByText('Total').nextElementSibling?.textContent).toBe(
      `$${(quote.totals.total / 100).toFixed(2)}`,
    );

    fireEvent.change(field('Province'), { target: { value: 'QC' } });
    fireEvent.change(field('Postal code'), { target: { value: 'H2X 1Y4' } });
    expect(await within(summary).findByText('QST (9.975%)')).toBeTruthy();
    expect(within(summary).getByText('GST (5%)')).toBeTruthy();
    expect(within(summary).queryByText('HST (13%)')).toBeNull();
  });

  test('once priced, the total with its shipping and taxes stands before “Place order” and describes it', async () => {
    baseHandlers();
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await screen.findByRole('form', { name: 'Checkout' });
    const place = screen.getByRole('button', { name: 'Place order' });
    expect(place.getAttribute('aria-describedby')).toBeNull();
    fireEvent.change(field('Province'), { target: { value: 'ON' } });
    fireEvent.change(field('Postal code'), { target: { value: 'm5h2n2' } });

    const { totals } = makeQuote('ON');
    const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
    const expected =
      `Total with shipping ${money(totals.shipping)} and ` +
      `HST (13%) ${money(totals.taxes[0]!.amount)}: ${money(totals.total)}`;
    await waitFor(() => expect(describedText(place)).toBe(expected));
    const total = document.getElementById('place-order-total')!;
    expect(total.compareDocumentPosition(place) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // While the address changes, no figure that may be out of date.
    fireEvent.change(field('Province'), { target: { value: 'QC' } });
    expect(document.getElementById('place-order-total')).toBeNull();
  });
});

describe('saved addresses', () => {
  test('the default is preselected and the order is placed with its id', async () => {
    baseHandlers([
      { ...ADDRESS, id: 'addr_1', isDefault: false, name: 'Work' },
      { ...ADDRESS, id: 'addr_2', isDefault: true, name: 'Home' },
    ]);
    let sent: PlaceOrderBody | null = null;
    server.use(
      http.post(api('/orders'), async ({ request }) => {
        sent = (await request.json()) as PlaceOrderBody;
        return HttpResponse.json(ok({ order: makeOrder(), payment: makePayment() }), {
          status: 201,
        });
      }),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    const home = (await screen.findByRole('radio', {
      name: /Home \(default\)/,
    })) as HTMLInputElement;
    expect(home.checked).toBe(true);
    expect(screen.queryByLabelText('Full name')).toBeNull();
    fireEvent.click(
      screen.getByRole('radio', { name: 'Express shipping (1–2 business days) $19.99' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText(/Your order FN-10001 is waiting for payment/);
    expect(sent).toEqual({ addressId: 'addr_2', shippingMethod: 'express' });
  });

  test('“Use a new address” shows the address form with “Save this address”', async () => {
    baseHandlers([{ ...ADDRESS, id: 'addr_2', isDefault: true, name: 'Home' }]);
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    fireEvent.click(await screen.findByRole('radio', { name: 'Use a new address' }));
    expect(field('Full name')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: 'Save this address' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
