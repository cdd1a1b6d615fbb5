import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { EMPTY_CART } from '../../../../lib/cart/get-cart.ts';
import { CartSummary, CHECKOUT_OFFLINE_TEXT } from '../cart-summary.tsx';

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

const cart = { ...EMPTY_CART, totals: { ...EMPTY_CART.totals, itemCount: 1, subtotal: 4499 } };

/** The control that leads to checkout, and whether it is usable and explained. */
async function checkoutControl(name: string) {
  const control = await screen.findByRole('link', { name });
  const explanation = control.getAttribute('aria-describedby');
  return {
    disabled: control.getAttribute('aria-disabled') === 'true' || !control.hasAttribute('href'),
    explanation: explanation ? document.getElementById(explanation)?.textContent : undefined,
  };
}

describe('the cart summary offline', () => {
  test('a signed-in shopper cannot start checkout offline, is told why, and can once back online', async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn />);
    expect(await checkoutControl('Checkout')).toEqual({ disabled: false, explanation: undefined });

    act(() => onlineManager.setOnline(false));
    expect(await checkoutControl('Checkout')).toEqual({
      disabled: true,
      explanation: CHECKOUT_OFFLINE_TEXT,
    });

    act(() => onlineManager.setOnline(true));
    expect(await checkoutControl('Checkout')).toEqual({ disabled: false, explanation: undefined });
  });

  test("a guest's way to checkout (sign in) is disabled offline with the same explanation", async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn={false} />);
    expect(await checkoutControl('Sign in to check out')).toEqual({
      disabled: false,
      explanation: undefined,
    });

    act(() => onlineManager.setOnline(false));
    expect(await checkoutControl('Sign in to check out')).toEqual({
      disabled: true,
      explanation: CHECKOUT_OFFLINE_TEXT,
    });
  });
});
