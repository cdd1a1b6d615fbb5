import { act, cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CART_RECENT_READ_MS } from '../../../../lib/constants.ts';
import { clearGuestCartId, setGuestCartId } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { cartQueryKey, EMPTY_CART, type Cart } from '../get-cart.ts';

// Loaded here, not with the imports above: a cart dated before this came from an earlier page.
const pageLoadingAt = Date.now();
const { useCart } = await import('../use-cart.ts');

const server = setupMswServer();

/** The server's cart: one line (only the number of lines is shown here). */
const SERVER_CART = {
  ...EMPTY_CART,
  items: [{ itemId: 'item_1', variantId: 'var_1', quantity: 2 }],
};

/** A part showing the cart, as the header's badge or a page's cart is. */
function CartCount({ label }: { label: string }) {
  const { data } = useCart();
  return <p>{data ? `${label}: ${data.items.length}` : `${label}: …`}</p>;
}

/**
 * The header's badge at once (unless `badge` is false), and a page's cart part when the test says,
 * as the checkout's guard mounts once its route's code has loaded.
 */
function Page({ badge = true }: { badge?: boolean }) {
  const [pagePart, setPagePart] = useState(false);
  return (
    <>
      {badge ? <CartCount label="badge" /> : null}
      <button type="button" onClick={() => setPagePart(true)}>
        show the page
      </button>
      {pagePart ? <CartCount label="page" /> : null}
    </>
  );
}

const cartReads = () =>
  server.requests.filter((r) => r.method === 'GET' && new URL(r.url).pathname.endsWith('/cart'))
    .length;

/** Time for a read a mount would start to be sent. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 100)));

beforeEach(() => {
  setGuestCartId('guest-cart-1');
  server.use(http.get(api('/cart'), () => HttpResponse.json({ success: true, data: SERVER_CART })));
});
afterEach(() => {
  cleanup();
  clearGuestCartId();
  vi.useRealTimers();
});

describe('reading the cart', () => {
  test('a part that mounts just after another has read the cart takes that read', async () => {
    renderWithProviders(<Page />);
    await screen.findByText('badge: 1');
    act(() => screen.getByRole('button', { name: 'show the page' }).click());
    expect(screen.getByText('page: 1')).toBeTruthy();
    await settle();
    expect(cartReads()).toBe(1);
  });

  test(`a part that mounts ${CART_RECENT_READ_MS} ms after the last read reads the cart again`, async () => {
    renderWithProviders(<Page />);
    await screen.findByText('badge: 1');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + CART_RECENT_READ_MS);
    act(() => screen.getByRole('button', { name: 'show the page' }).click());
    await settle();
    expect(cartReads()).toBe(2);
  });

  test('a cart restored from the saved cache is read again, however recently it was saved', async () => {
    const { queryClient } = renderWithProviders(<Page badge={false} />);
    const show = await screen.findByRole('button', { name: 'show the page' });
    // Saved by the page before this one, a moment before this page's code loaded.
    const saved: Cart = { ...EMPTY_CART, items: [] };
    queryClient.setQueryData(cartQueryKey, saved, { updatedAt: pageLoadingAt - 1 });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(pageLoadingAt + CART_RECENT_READ_MS / 2);
    act(() => show.click());
    expect(screen.getByText('page: 0')).toBeTruthy();
    await screen.findByText('page: 1');
    expect(cartReads()).toBe(1);
  });
});
