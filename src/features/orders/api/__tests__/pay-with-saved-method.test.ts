/**
 * Paying with a saved card: the shop's card id is sent (never a card or token); when Stripe
 * answers that the bank wants its step, Stripe.js shows it and the payment is read again.
 */
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { makePayment, ok } from '../../__tests__/fixtures.ts';
import { payWithSavedMethod } from '../pay-with-saved-method.ts';

const handleNextAction = vi.fn(async (_options: unknown) => ({}));
vi.mock('@stripe/stripe-js', () => ({ loadStripe: vi.fn(async () => ({ handleNextAction })) }));

const server = setupMswServer();

beforeEach(() => {
  handleNextAction.mockClear();
  vi.stubEnv('VITE_STRIPE_PUBLISHABLE_KEY', 'pk_test_123');
});

test('test provider: the answer is the payment, Stripe.js is not loaded', async () => {
  server.use(
    http.post(api('/orders/ord_1/payment/saved-method'), () =>
      HttpResponse.json(ok(makePayment({ status: 'succeeded' }))),
    ),
  );
  expect((await payWithSavedMethod('ord_1', 'spm_1')).status).toBe('succeeded');
  const [sent] = server.requests;
  expect(await sent!.json()).toEqual({ paymentMethodId: 'spm_1' });
  expect(sent!.headers.get('idempotency-key')).toBeTruthy();
  expect(handleNextAction).not.toHaveBeenCalled();
});

test("Stripe requires_action: the bank's step runs in Stripe.js, then the payment is read again", async () => {
  const stripe = { provider: 'stripe' as const, clientSecret: 'pi_1_secret_2' };
  server.use(
    http.post(api('/orders/ord_1/payment/saved-method'), () =>
      HttpResponse.json(ok(makePayment({ ...stripe, status: 'requires_action' }))),
    ),
    http.get(api('/orders/ord_1/payment'), () =>
      HttpResponse.json(ok(makePayment({ ...stripe, status: 'succeeded' }))),
    ),
  );
  expect((await payWithSavedMethod('ord_1', 'spm_1')).status).toBe('succeeded');
  expect(handleNextAction).toHaveBeenCalledWith({ clientSecret: 'pi_1_secret_2' });
});
