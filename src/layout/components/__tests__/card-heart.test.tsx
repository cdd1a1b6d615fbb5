/**
 * The heart on a product card (given to cards by WithQuickAdd): a toggle button whose pressed state
 * the server never renders; signed out it keeps the product on the device, signed in it changes the
 * account's list through the wishlist outbox at once, and signing out leaves every heart unpressed.
 * One QueryClient for the file, as the app has one.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { use, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, describe, expect, test, vi } from 'vitest';
import type { ProductSummary } from '../../../../contract/catalog.ts';
import { ProductCard } from '../../../components/products/product-card.tsx';
import { HeartContext } from '../../../components/products/wishlist-slot.ts';
import { clearWishlist } from '../../../features/wishlist/api/index.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { clearUser, setUser } from '../../../stores/customer.ts';
import { api, setupMswServer } from '../../../testing/msw.ts';
import { WithQuickAdd } from '../quick-add.tsx';
import { testI18n } from '../../../testing/i18n.ts';

vi.mock(
  '../../../lib/outbox/browser.ts',
  () => import('../../../testing/memory-outbox-browser.ts'),
);

const server = setupMswServer();
const queryClient = createQueryClient();

const card = (id: string, name: string): ProductSummary => ({
  _id: id,
  slug: id,
  name,
  brand: { _id: 'b', slug: 'forge', name: 'Forge' },
  categories: [],
  image: null,
  price: 4999,
  compareAtPrice: null,
  onSale: false,
  priceVaries: false,
  rating: 4.5,
  reviewCount: 3,
  inStock: true,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const WHEY = card('p-whey', 'Gold Whey');
const CREATINE = card('p-creatine', 'Pure Creatine');

const cards = (
  <WithQuickAdd>
    <ProductCard product={WHEY} />
    <ProductCard product={CREATINE} />
  </WithQuickAdd>
);

function renderPage(ui: ReactNode) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return render(
    <I18nProvider i18n={testI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const heart = (name: string) =>
  screen.getByRole('button', { name: `Save ${name} to your wishlist` });
const pressed = (name: string) => heart(name).getAttribute('aria-pressed');

afterEach(cleanup);
afterAll(() => {
  clearUser();
  localStorage.clear();
});

describe('a card’s heart', () => {
  test('signed out, it keeps the product on the device', async () => {
    renderPage(cards);
    await screen.findByText('Gold Whey');
    expect(pressed('Gold Whey')).toBe('false');

    fireEvent.click(heart('Gold Whey'));
    await waitFor(() => expect(pressed('Gold Whey')).toBe('true'));
    expect(pressed('Pure Creatine')).toBe('false');
    expect(JSON.parse(localStorage.getItem('wishlist')!)).toEqual([WHEY._id]);

    fireEvent.click(heart('Gold Whey'));
    await waitFor(() => expect(pressed('Gold Whey')).toBe('false'));
    expect(localStorage.getItem('wishlist')).toBeNull();
    // Nothing went to the server.
    expect(server.requests).toEqual([]);
  });

  test('signed in, it shows the account’s list and a change at once, sent once', async () => {
    let held = [CREATINE];
    const answer = () =>
      HttpResponse.json({
        success: true,
        data: { items: held.map((product) => ({ product, addedAt: product.createdAt })), max: 100 },
      });
    server.use(
      http.get(api('/user/wishlist'), answer),
      http.put(api('/user/wishlist/:productId'), ({ params }) => {
        if (params.productId === WHEY._id) held = [WHEY, ...held];
        return answer();
      }),
    );
    act(() => setUser({ _id: 'usr_1', name: 'Ann', email: 'ann@example.com' }));
    renderPage(cards);
    await screen.findByText('Gold Whey');
    await waitFor(() => expect(pressed('Pure Creatine')).toBe('true'));
    expect(pressed('Gold Whey')).toBe('false');

    fireEvent.click(heart('Gold Whey'));
    await waitFor(() => expect(pressed('Gold Whey')).toBe('true'));
    await waitFor(() =>
      expect(server.requests.filter((request) => request.method === 'PUT')).toHaveLength(1),
    );
    const put = server.requests.find((request) => request.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe(`/api/v1/user/wishlist/${WHEY._id}`);
    expect(put.headers.get('idempotency-key')).toBeTruthy();
    await waitFor(() => expect(held).toEqual([WHEY, CREATINE]));
    expect(pressed('Gold Whey')).toBe('true');
    // The device keeps none of the account's hearts.
    expect(localStorage.getItem('wishlist')).toBeNull();

    // The server (and a hydrating page) renders it unpressed, whoever is signed in.
    const html = renderToString(
      <I18nProvider i18n={testI18n}>
        <QueryClientProvider client={queryClient}>
          <WithQuickAdd>
            <HeartOnly product={WHEY} />
          </WithQuickAdd>
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(html).toContain('aria-pressed="false"');
    expect(html).not.toContain('aria-pressed="true"');
  });

  test('signing out leaves every heart unpressed', async () => {
    renderPage(cards);
    await waitFor(() => expect(pressed('Pure Creatine')).toBe('true'));
    await act(async () => {
      clearUser();
      await clearWishlist(queryClient);
      queryClient.removeQueries({ queryKey: ['wishlist'] });
    });
    await waitFor(() => expect(pressed('Pure Creatine')).toBe('false'));
    expect(pressed('Gold Whey')).toBe('false');
  });
});

/** A card's heart alone (a card's links need a router), for the server's render. */
function HeartOnly({ product }: { product: ProductSummary }) {
  return use(HeartContext)?.(product);
}
