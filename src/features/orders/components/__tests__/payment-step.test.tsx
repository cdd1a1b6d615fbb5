/**
 * The payment step with the built-in test provider: a declined card is explained beside the form
 * and a second try succeeds; the authentication challenge; success clears the attempt and goes to
 * /order-success.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  TEST_CARDS,
  TEST_PAYMENT_LABEL,
  type Payment,
  type TestPaymentConfirmBody,
} from '../../../../../contract/orders.ts';
import type { SavedPaymentMethod } from '../../../../../contract/payment-methods.ts';
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
  makeOrder,
  makePayment,
  ok,
  savedCardsHandler,
  USER,
} from '../../__tests__/fixtures.ts';
import { CheckoutPage } from '../checkout-page.tsx';
import { USE_NEW_CARD_TEXT } from '../saved-card-choice.tsx';

const server = setupMswServer();

let payment: Payment;
let confirms: TestPaymentConfirmBody[];

beforeEach(async () => {
  customerState.auth.user = USER;
  payment = makePayment();
  confirms = [];
  await writeCheckoutAttempt(USER._id, {
    key: 'key-1',
    body: { shippingAddress: ADDRESS, shippingMethod: 'standard' },
    orderId: 'ord_1',
    orderNumber: 'FN-10001',
    createdAt: new Date().toISOString(),
  });
  server.use(
    savedCardsHandler(),
    http.get(api('/cart'), () => HttpResponse.json(ok({ items: [], totals: {}, discount: null }))),
    http.get(api('/orders/ord_1'), () =>
      HttpResponse.json(
        ok(
          makeOrder({
            status: payment.status === 'succeeded' ? 'paid' : 'pending_payment',
            payment,
          }),
        ),
      ),
    ),
    http.get(api('/orders/ord_1/payment'), () => HttpResponse.json(ok(payment))),
  );
});
afterEach(async () => {
  cleanup();
  customerState.auth.user = null;
  await clearCheckoutAttempts();
});

/** The test provider answers each confirm with `next(body)`. */
function provider(next: (body: TestPaymentConfirmBody) => Payment) {
  server.use(
    http.post(api('/payments/test/ord_1/confirm'), async ({ request }) => {
      const body = (await request.json()) as TestPaymentConfirmBody;
      confirms.push(body);
      payment = next(body);
      return HttpResponse.json(ok(payment));
    }),
  );
}

async function payWith(cardNumber: string) {
  const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
  const card = within(form);
  fireEvent.change(card.getByLabelText('Card number'), { target: { value: cardNumber } });
  fireEvent.change(card.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
  fireEvent.change(card.getByLabelText('CVC'), { target: { value: '123' } });
  fireEvent.click(card.getByRole('button', { name: /^Pay \$/ }));
}

describe('the payment step (test provider)', () => {
  test('a declined card shows the reason beside the card form, and a second try succeeds', async () => {
    provider((body) =>
      body.cardNumber === TEST_CARDS.declined
        ? makePayment({ lastError: 'Your card was declined.' })
        : makePayment({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } }),
    );
    const { router } = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await payWith(TEST_CARDS.declined);

    const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
    const reason = await within(form).findByText(/Your card was declined\./);
    expect(reason.getAttribute('role')).toBe('alert');
    const fieldset = within(form).getByRole('group', { name: TEST_PAYMENT_LABEL });
    expect(fieldset.getAttribute('aria-describedby')).toBe(reason.id);

    await payWith(TEST_CARDS.succeeds);
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(router.state.location.search).toEqual({ orderId: 'ord_1' });
    expect(confirms.map((body) => body.cardNumber)).toEqual([
      TEST_CARDS.declined,
      TEST_CARDS.succeeds,
    ]);
    expect(await readCheckoutAttempt(USER._id)).toBeNull();
  });

  test('requires_action shows the authentication challenge; completing it pays the order', async () => {
    provider((body) =>
      body.authenticate === true
        ? makePayment({ status: 'succeeded' })
        : makePayment({ status: 'requires_action' }),
    );
    const { router } = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await payWith(TEST_CARDS.requiresAuthentication);

    const challenge = await screen.findByRole('region', { name: 'Authenticate this payment' });
    await waitFor(() =>
      expect(document.activeElement?.textContent).toBe('Authenticate this payment'),
    );
    expect(screen.getByTestId('payment-status').textContent).toBe(
      'Your bank asks you to authenticate this payment.',
    );
    fireEvent.click(within(challenge).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(confirms.at(-1)).toEqual({ authenticate: true });
  });

  test('failing the authentication shows why, with the card form to try again', async () => {
    provider((body) =>
      body.authenticate === false
        ? makePayment({ lastError: 'The authentication failed.' })
        : makePayment({ status: 'requires_action' }),
    );
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    await payWith(TEST_CARDS.requiresAuthentication);
    const challenge = await screen.findByRole('region', { name: 'Authenticate this payment' });
    fireEvent.click(within(challenge).getByRole('button', { name: 'Fail authentication' }));
    const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
    expect(await within(form).findByText(/The authentication failed\./)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Authenticate this payment' })).toBeNull();
  });

  test('card fields are checked beside each field before anything is sent', async () => {
    provider(() => makePayment({ status: 'succeeded' }));
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
    fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Pay \$/ }));
    const card = within(form).getByLabelText('Card number');
    await waitFor(() => expect(card.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByLabelText('CVC').getAttribute('aria-invalid')).toBe('true');
    expect(confirms).toHaveLength(0);
  });
});

describe('saved cards at the payment step (test provider)', () => {
  const visa: SavedPaymentMethod = {
    id: 'spm_visa',
    provider: 'test',
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2034,
    createdAt: '2026-11-25T10:00:00.000Z',
  };
  const declinedCard: SavedPaymentMethod = { ...visa, id: 'spm_declined', last4: '0002' };
  const stripeCard: SavedPaymentMethod = { ...visa, id: 'spm_stripe', provider: 'stripe' };
  let paidWith: string[];

  beforeEach(() => {
    paidWith = [];
    server.use(
      savedCardsHandler([visa, declinedCard, stripeCard]),
      http.post(api('/orders/ord_1/payment/saved-method'), async ({ request }) => {
        const { paymentMethodId } = (await request.json()) as { paymentMethodId: string };
        paidWith.push(paymentMethodId);
        payment =
          paymentMethodId === declinedCard.id
            ? makePayment({ lastError: 'Your card was declined.' })
            : makePayment({ status: 'succeeded', card: { brand: 'visa', last4: '4242' } });
        return HttpResponse.json(ok(payment));
      }),
    );
  });

  const choices = async () =>
    within(await screen.findByRole('group', { name: 'Pay with' })).getAllByRole('radio');

  test("offers the provider's saved cards and a new card; the first pays in one press", async () => {
    const { router } = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    const radios = await choices();
    expect(radios.map((radio) => radio.parentElement?.textContent)).toEqual([
      'Visa •••• 4242, expires 12/34',
      'Visa •••• 0002, expires 12/34',
      testI18n._(USE_NEW_CARD_TEXT),
    ]);
    expect((radios[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('form', { name: TEST_PAYMENT_LABEL })).toBeNull();

    const form = screen.getByRole('form', { name: 'Pay with a saved card' });
    fireEvent.click(within(form).getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(paidWith).toEqual([visa.id]);
  });

  test('a declined saved card says why; another card can be chosen', async () => {
    const { router } = renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    fireEvent.click((await choices())[1]!);
    const form = screen.getByRole('form', { name: 'Pay with a saved card' });
    fireEvent.click(within(form).getByRole('button', { name: /^Pay \$/ }));
    expect((await within(form).findByRole('alert')).textContent).toContain(
      'Your card was declined.',
    );
    fireEvent.click((await choices())[0]!);
    fireEvent.click(within(form).getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order-success'));
    expect(paidWith).toEqual([declinedCard.id, visa.id]);
  });

  test('"Use a new card" shows the card form', async () => {
    renderWithProviders(<CheckoutPage />, { path: '/checkout' });
    fireEvent.click((await choices()).at(-1)!);
    expect(await screen.findByRole('form', { name: TEST_PAYMENT_LABEL })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Pay with a saved card' })).toBeNull();
  });
});
