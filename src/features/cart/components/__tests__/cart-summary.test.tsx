import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { testI18n } from '../../../../testing/i18n.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { applyPendingCommands, createCartCommand } from '../../api/cart-commands.ts';
import { EMPTY_CART } from '../../api/get-cart.ts';
import { CartSummary, CHECKOUT_OFFLINE_TEXT, ESTIMATE_TEXT } from '../cart-summary.tsx';

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
      explanation: testI18n._(CHECKOUT_OFFLINE_TEXT),
    });

    act(() => onlineManager.setOnline(true));
    expect(await checkoutControl('Checkout')).toEqual({ disabled: false, explanation: undefined });
  });

  test("a signed-out shopper's ways to checkout (sign in, guest) are disabled offline with the same explanation", async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn={false} />);
    for (const name of ['Sign in to check out', 'Check out as a guest']) {
      expect(await checkoutControl(name), name).toEqual({
        disabled: false,
        explanation: undefined,
      });
    }

    act(() => onlineManager.setOnline(false));
    for (const name of ['Sign in to check out', 'Check out as a guest']) {
      expect(await checkoutControl(name), name).toEqual({
        disabled: true,
        explanation: testI18n._(CHECKOUT_OFFLINE_TEXT),
      });
    }
  });

  test('a signed-out shopper can sign in or check out as a guest, both on the way to checkout', async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn={false} />);
    const href = async (name: string) =>
      (await screen.findByRole('link', { name })).getAttribute('href');
    expect(await href('Sign in to check out')).toBe('/login?redirect=%2Fcheckout');
    expect(await href('Check out as a guest')).toBe('/login?redirect=%2Fcheckout&guest=true');
  });
});

describe('the cart summary while changes wait to sync', () => {
  test('totals estimated from the seen prices are marked as such, with the free-shipping line from them', async () => {
    const add = createCartCommand({
      type: 'add',
      productId: 'p9',
      variantId: 'v9',
      quantity: 1,
      preview: { name: 'Isolate', unitPrice: 8999, stock: 30 },
    });
    const estimate = applyPendingCommands(EMPTY_CART, [add])!;
    renderWithProviders(<CartSummary cart={estimate} signedIn={false} />);
    await screen.findByText('Estimated total');
    const rows = Object.fromEntries(
      screen
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      Subtotal: '$89.99',
      Shipping: '$9.99',
      'Estimated total': '$99.98',
    });
    expect(screen.getByTestId('cart-estimate').textContent).toBe(testI18n._(ESTIMATE_TEXT));
    expect(screen.getByText(/more for free standard shipping/).textContent).toMatch(
      /^Add \$9\.01 more for free standard shipping\./,
    );
  });

  test("the server's totals are not marked", async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn={false} />);
    expect(await screen.findByText('Total')).toBeTruthy();
    expect(screen.queryByTestId('cart-estimate')).toBeNull();
  });
});

describe("the cart summary's express checkout", () => {
  const offered: { discountedSubtotal: number; buyNow?: unknown }[] = [];
  const Express = (props: { discountedSubtotal: number; buyNow?: unknown }) => {
    offered.push(props);
    return <div data-testid="express" />;
  };
  const discounted = {
    ...cart,
    totals: { ...cart.totals, subtotal: 10000, discount: 1000 },
  };

  test('offers the whole cart (no buy-now line) at its discounted subtotal, signed in or not', async () => {
    for (const signedIn of [true, false]) {
      offered.length = 0;
      renderWithProviders(<CartSummary cart={discounted} signedIn={signedIn} express={Express} />);
      expect(await screen.findByTestId('express')).toBeTruthy();
      expect(offered.at(-1)).toEqual({ discountedSubtotal: 9000 });
      cleanup();
    }
  });

  test('is withdrawn offline and while the totals are an estimate', async () => {
    renderWithProviders(<CartSummary cart={cart} signedIn express={Express} />);
    await screen.findByTestId('express');
    act(() => onlineManager.setOnline(false));
    expect(screen.queryByTestId('express')).toBeNull();
    cleanup();

    const add = createCartCommand({
      type: 'add',
      productId: 'p9',
      variantId: 'v9',
      quantity: 1,
      preview: { name: 'Isolate', unitPrice: 8999, stock: 30 },
    });
    act(() => onlineManager.setOnline(true));
    renderWithProviders(
      <CartSummary cart={applyPendingCommands(EMPTY_CART, [add])!} signedIn express={Express} />,
    );
    await screen.findByText('Estimated total');
    expect(screen.queryByTestId('express')).toBeNull();
  });
});
