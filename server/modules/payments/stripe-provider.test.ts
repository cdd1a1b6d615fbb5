import type Stripe from 'stripe';
import { describe, expect, test } from 'vitest';
import { readPaymentIntent } from './stripe-provider.ts';

const intent = (fields: Partial<Stripe.PaymentIntent>) =>
  ({
    id: 'pi_1',
    object: 'payment_intent',
    amount: 13449,
    client_secret: 'pi_1_secret_x',
    status: 'requires_payment_method',
    last_payment_error: null,
    latest_charge: null,
    ...fields,
  }) as Stripe.PaymentIntent;

describe('readPaymentIntent', () => {
  test.each([
    ['requires_payment_method', 'requires_payment_method'],
    ['requires_confirmation', 'requires_payment_method'],
    ['requires_action', 'requires_action'],
    ['processing', 'processing'],
    ['requires_capture', 'processing'],
    ['succeeded', 'succeeded'],
    ['canceled', 'canceled'],
  ] as const)('Stripe %s is %s', (stripeStatus, status) => {
    expect(readPaymentIntent(intent({ status: stripeStatus })).status).toBe(status);
  });

  test('the decline message, and the card and refunds of the expanded latest charge', () => {
    const declined = readPaymentIntent(
      intent({
        last_payment_error: {
          message: 'Your card was declined.',
        } as Stripe.PaymentIntent.LastPaymentError,
      }),
    );
    expect(declined).toMatchObject({
      lastError: 'Your card was declined.',
      card: null,
      refunded: 0,
    });

    const charge = {
      id: 'ch_1',
      amount_refunded: 2500,
      payment_method_details: { type: 'card', card: { brand: 'amex', last4: '0005' } },
    } as unknown as Stripe.Charge;
    expect(readPaymentIntent(intent({ status: 'succeeded', latest_charge: charge }))).toEqual({
      reference: 'pi_1',
      status: 'succeeded',
      amount: 13449,
      clientSecret: 'pi_1_secret_x',
      lastError: null,
      card: { brand: 'amex', last4: '0005' },
      refunded: 2500,
    });
    // Not expanded: only the charge's id, so nothing is known of the card.
    expect(readPaymentIntent(intent({ latest_charge: 'ch_1' })).card).toBeNull();
  });
});
