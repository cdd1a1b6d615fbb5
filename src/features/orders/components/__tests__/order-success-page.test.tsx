/** After payment: number, lines, taxes, where it ships, the e-mail line and the two links. */
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { makeOrder, makePayment, ok } from '../../__tests__/fixtures.ts';
import { CONFIRMATION_MAIL_TEXT, OrderSuccessPage } from '../order-success-page.tsx';

const server = setupMswServer();
afterEach(cleanup);

test('shows the order number, what was bought with each tax, where it ships and the next steps', async () => {
  server.use(
    http.get(api('/orders/ord_1'), () =>
      HttpResponse.json(
        ok(makeOrder({ status: 'paid', payment: makePayment({ status: 'succeeded' }) })),
      ),
    ),
  );
  renderWithProviders(<OrderSuccessPage orderId="ord_1" />, {
    path: '/order-success?orderId=ord_1',
  });
  expect((await screen.findByTestId('order-number')).textContent).toBe('FN-10001');
  expect(screen.getByText(testI18n._(CONFIRMATION_MAIL_TEXT))).toBeTruthy();
  const bought = screen.getByRole('region', { name: 'What you bought' });
  expect(within(bought).getByText('Whey Protein Isolate')).toBeTruthy();
  expect(within(bought).getByText('HST (13%)')).toBeTruthy();
  expect(screen.getByRole('region', { name: 'Ships to' }).textContent).toContain('100 Queen St W');
  expect(screen.getByRole('link', { name: 'View your order' }).getAttribute('href')).toBe(
    '/order/ord_1',
  );
  expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
  // Paid: the payment is not asked for again.
  expect(server.requests.some((r) => r.url.endsWith('/payment'))).toBe(false);
});

test('a payment not yet succeeded is shown as such, from the payment endpoint', async () => {
  server.use(
    http.get(api('/orders/ord_1'), () =>
      HttpResponse.json(ok(makeOrder({ payment: makePayment({ status: 'processing' }) }))),
    ),
    http.get(api('/orders/ord_1/payment'), () =>
      HttpResponse.json(ok(makePayment({ status: 'processing' }))),
    ),
  );
  renderWithProviders(<OrderSuccessPage orderId="ord_1" />, {
    path: '/order-success?orderId=ord_1',
  });
  expect(await screen.findByText('Your payment is being processed…')).toBeTruthy();
  await screen.findByTestId('order-number');
  expect(server.requests.some((r) => r.url.endsWith('/orders/ord_1/payment'))).toBe(true);
});
