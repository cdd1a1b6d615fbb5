/**
 * With Stripe, the payment step shows the Payment Element (loaded lazily), confirms with
 * `redirect: 'if_required'`, then follows GET /orders/:id/payment until the payment succeeded.
 * Stripe's packages are stood in for: happy-dom cannot load js.stripe.com.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { Payment } from '../../../../../contract/orders.ts';
import {
  clearCheckoutAttempts,
  writeCheckoutAttempt,
} from '../../../../lib/checkout/checkout-attempt.ts';
import { customerState } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import {
  ADDRESS,
  makeOrder,
  makePayment,
  ok,
  savedCardsHandler,
  USER,
} from '../../__tests__/fixtures.ts';
import { CheckoutPage } from '../checkout-page.tsx';

/** The Payment Element's chunk is loaded lazily; a busy machine may take more than a second. */
const LAZY_CHUNK = { timeout: 5000 };

const confirmPayment = vi.fn(async (_options: unknown) => ({}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({})) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => children,
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => ({ confirmPayment }),
  useElements: () => ({}),
}));

const server = setupMswServer();

beforeEach(async () => {
  vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
  customerState.auth.user = USER;
  server.use(savedCardsHandler());
  await writeCheckoutAttempt(USER._id, {
    key: 'key-1',
    body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
    orderId: 'ord_1',
    orderNumber: 'FN-10001',
    createdAt: new Date().toISOString(),
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllEnvs();
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

test('confirms with Stripe without a redirect, then polls the payment until it succeeded', async () => {
  const stripePayment = (status: Payment['status']) =>
    makePayment({ provider: 'stripe', clientSecret: 'pi_1_secret_2', status });
  const answers: Payment['status'][] = ['requires_payment_method', 'processing', 'succeeded'];
  let reads = 0;
  server.use(
    http.get(api('/orders/ord_1'), () => HttpResponse.json(ok(makeOrder()))),
    http.get(api('/orders/ord_1/payment'), () =>
      HttpResponse.json(ok(stripePayment(answers[Math.min(reads++, answers.length - 1)]!))),
    ),
  );
  const { router } = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
  expect(await screen.findByTestId('payment-element', {}, LAZY_CHUNK)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: /^Pay \$/ }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'), {
    timeout: 4000,
  });
  expect(confirmPayment).toHaveBeenCalledWith(expect.objectContaining({ redirect: 'if_required' }));
  const returnUrl = (confirmPayment.mock.calls[0]![0] as { confirmParams: { return_url: string } })
    .confirmParams.return_url;
  expect(returnUrl).toBe('http://localhost:3000/checkout?orderId=ord_1');
  expect(reads).toBeGreaterThanOrEqual(3);
});
