/**
 * The test provider's card form: it names the test cards, and a field's error (the contract's
 * fragment "must be 3 or 4 digits") reads as a sentence beside the field.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { TEST_PAYMENT_LABEL } from '../../../../../contract/orders.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { makePayment } from '../../__tests__/fixtures.ts';
import { TEST_CARD_OUTCOMES } from '../../../../../contract/checkout-rules.ts';
import {
  TEST_CARD_OUTCOME_TEXT,
  TEST_PAYMENT_TEXT,
  TEST_PROVIDER_CARDS_ONLY,
  TestPaymentForm,
} from '../test-payment-form.tsx';

afterEach(cleanup);

describe('the test payment form', () => {
  test('names each test card and what it does', async () => {
    renderWithProviders(<TestPaymentForm orderId="ord_1" payment={makePayment()} />);
    const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
    const cards = within(form).getByRole('list', { name: /^Test cards/ });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '4242 4242 4242 4242 pays',
      '4000 0000 0000 0002 is declined',
      '4000 0000 0000 9995 is declined for insufficient funds',
      '4000 0025 0000 3155 asks for an authentication step',
    ]);
    // No wallets here: they come with Stripe, and the form says so.
    expect(within(form).getByText(testI18n._(TEST_PROVIDER_CARDS_ONLY))).toBeTruthy();
    expect(testI18n._(TEST_PROVIDER_CARDS_ONLY)).toBe(
      'The test provider takes cards only. Apple Pay, Google Pay and Link appear when the shop takes payments through Stripe.',
    );
  });

  test('a field error is a sentence, tied to its field', async () => {
    renderWithProviders(<TestPaymentForm orderId="ord_1" payment={makePayment()} />);
    const form = await screen.findByRole('form', { name: TEST_PAYMENT_LABEL });
    fireEvent.change(within(form).getByLabelText('Card number'), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.change(within(form).getByLabelText('Expiry (MM/YY)'), { target: { value: '12/30' } });
    fireEvent.change(within(form).getByLabelText('CVC'), { target: { value: '12' } });
    fireEvent.click(within(form).getByRole('button', { name: /^Pay \$/ }));

    const cvc = within(form).getByLabelText('CVC');
    await waitFor(() => expect(cvc.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(cvc.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('Must be 3 or 4 digits.');
  });
});

describe('the form’s texts in the catalogs', () => {
  test('read in English exactly as the contract words them', () => {
    expect(testI18n._(TEST_PAYMENT_TEXT)).toBe(TEST_PAYMENT_LABEL);
    for (const [card, outcome] of Object.entries(TEST_CARD_OUTCOMES)) {
      expect(testI18n._(TEST_CARD_OUTCOME_TEXT[card as keyof typeof TEST_CARD_OUTCOMES])).toBe(
        outcome,
      );
    }
  });
});
