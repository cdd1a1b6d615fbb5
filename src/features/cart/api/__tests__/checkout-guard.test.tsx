import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clearGuestCartId, setGuestCartId } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { CheckoutGuard } from '../checkout-guard.tsx';
import { cartQueryKey, EMPTY_CART, type Cart } from '../get-cart.ts';

const server = setupMswServer();

const line = {
  itemId: 'item_1',
  productId: 'prod_1',
  variantId: 'var_1',
  name: 'Whey Protein Isolate',
  quantity: 1,
};
const cartWith = (items: unknown[]) => ({ success: true, data: { ...EMPTY_CART, items } });

function renderGuard() {
  return renderWithProviders(
    <CheckoutGuard>
      <h1>Checkout screen</h1>
    </CheckoutGuard>,
    { path: '/checkout' },
  );
}

beforeEach(() => setGuestCartId('guest-cart-1'));
afterEach(() => {
  cleanup();
  clearGuestCartId();
});

describe('checkout guard', () => {
  test("shows 'loading...' while the cart loads", async () => {
    server.use(http.get(api('/cart'), () => delay('infinite')));
    const { router } = renderGuard();
    expect((await screen.findByRole('status')).textContent).toBe('loading...');
    expect(screen.queryByText('Checkout screen')).toBeNull();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  test('a cart load error sends the shopper to /', async () => {
    server.use(
      http.get(api('/cart'), () =>
        HttpResponse.json(
          { success: false, code: 'not_found', message: 'Cart not found.' },
          { status: 404 },
        ),
      ),
    );
    const { router } = renderGuard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Checkout screen')).toBeNull();
  });

  test('an empty cart sends the shopper to /cart, replacing the checkout entry', async () => {
    server.use(http.get(api('/cart'), () => HttpResponse.json(cartWith([]))));
    const { router } = renderGuard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(router.history.length).toBe(1);
  });

  test('once the shopper has left, the guard rendering again does not bring them back', async () => {
    server.use(http.get(api('/cart'), () => HttpResponse.json(cartWith([]))));
    const { router, queryClient } = renderGuard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    // Signing out from the cart: the app goes home while the guard is still on screen (the new
    // page loads), and clearing the session reads the cart again, so the guard renders again.
    await act(() => router.navigate({ to: '/' }));
    await act(() => queryClient.invalidateQueries({ queryKey: cartQueryKey }));
    await act(() => queryClient.refetchQueries({ queryKey: cartQueryKey }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(router.state.location.pathname).toBe('/');
    expect(router.latestLocation.pathname).toBe('/');
  });

  test('a missing cart (a guest without a cart id) sends the shopper to /cart', async () => {
    clearGuestCartId();
    const { router } = renderGuard();
    await waitFor(() => expect(router.state.location.pathname).toBe('/cart'));
    expect(server.requests).toHaveLength(0);
  });

  test('once the cart has been seen non-empty the screen stays open, even when it empties', async () => {
    server.use(http.get(api('/cart'), () => HttpResponse.json(cartWith([line]))));
    const { router, queryClient } = renderGuard();
    await screen.findByText('Checkout screen');
    act(() => queryClient.setQueryData<Cart>(cartQueryKey, EMPTY_CART));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText('Checkout screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });

  test('an empty cart from the saved cache waits for the server, which may hold items', async () => {
    server.use(
      http.get(api('/cart'), async () => {
        await delay(100);
        return HttpResponse.json(cartWith([line]));
      }),
    );
    const { router, queryClient } = renderGuard();
    // As a restore of a cache an earlier page saved before a merge landed (dated by that page's
    // read): an empty cart while it is read again.
    act(() =>
      queryClient.setQueryData<Cart>(cartQueryKey, EMPTY_CART, { updatedAt: Date.now() - 60_000 }),
    );
    expect((await screen.findByRole('status')).textContent).toBe('loading...');
    expect(await screen.findByText('Checkout screen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/checkout');
  });
});
