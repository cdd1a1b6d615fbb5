/**
 * The profile's "Wishlist" section: each kept product with its picture, its name linked to its
 * page, its price and stock, and a Remove button that takes it off at once and sends one DELETE
 * through the wishlist's outbox; an empty list says so. One QueryClient for the file, as the app
 * has one.
 */
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import type { ProductSummary } from '../../../../../contract/catalog.ts';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { clearUser, setUser } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { testI18n } from '../../../../testing/i18n.ts';
import { EMPTY_WISHLIST_TEXT, WishlistSection } from '../wishlist-section.tsx';

vi.mock(
  '../../../../lib/outbox/browser.ts',
  () => import('../../../../testing/memory-outbox-browser.ts'),
);

const server = setupMswServer();
const queryClient = createQueryClient();

const card = (overrides: Partial<ProductSummary>): ProductSummary => ({
  _id: 'p-whey',
  slug: 'gold-whey',
  name: 'Gold Whey',
  brand: { _id: 'b', slug: 'forge', name: 'Forge' },
  categories: [],
  image: '/api/v1/images/gold-whey.png',
  price: 4999,
  compareAtPrice: null,
  onSale: false,
  priceVaries: false,
  rating: 4.5,
  reviewCount: 3,
  inStock: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});
const WHEY = card({});
const CREATINE = card({
  _id: 'p-creatine',
  slug: 'pure-creatine',
  name: 'Pure Creatine',
  image: null,
  price: 2499,
  compareAtPrice: 2999,
  inStock: false,
});

let held: ProductSummary[];

beforeAll(() => setUser({ _id: 'usr_1', name: 'Ann', email: 'ann@example.com' }));
beforeEach(() => {
  const answer = () =>
    HttpResponse.json({
      success: true,
      data: { items: held.map((product) => ({ product, addedAt: product.createdAt })), max: 100 },
    });
  server.use(
    http.get(api('/user/wishlist'), answer),
    http.delete(api('/user/wishlist/:productId'), ({ params }) => {
      held = held.filter((product) => product._id !== params.productId);
      return answer();
    }),
  );
});
afterEach(cleanup);
afterAll(clearUser);

/** The section over `products` as the server's list. */
async function renderSection(products: ProductSummary[]) {
  held = products;
  // The list a test before read is read again.
  await queryClient.resetQueries({ queryKey: ['wishlist'] });
  const router = createRouter({
    routeTree: createRootRoute({ component: WishlistSection }),
    history: createMemoryHistory({ initialEntries: ['/profile/me'] }),
  });
  render(
    <I18nProvider i18n={testI18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  await screen.findByRole('region', { name: 'Wishlist' });
}

const section = () => screen.getByRole('region', { name: 'Wishlist' });

test('lists each product with its picture, linked name, price and stock', async () => {
  await renderSection([WHEY, CREATINE]);
  const rows = await waitFor(() => {
    const items = within(section()).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    return items;
  });
  const [whey, creatine] = rows as [HTMLElement, HTMLElement];
  expect(within(whey).getByRole('link', { name: 'Gold Whey' }).getAttribute('href')).toBe(
    '/product/gold-whey',
  );
  // Its small rendering: the row shows it at 64 px.
  expect(whey.querySelector('img')?.getAttribute('src')).toBe('/api/v1/images/gold-whey.png?w=200');
  expect(whey.textContent).toContain('$49.99');
  expect(within(whey).getByText('In stock')).toBeTruthy();
  expect(creatine.textContent).toContain('$24.99');
  expect(creatine.textContent).toContain('$29.99');
  expect(within(creatine).getByText('Sold out')).toBeTruthy();
});

test('Remove takes the product off at once and sends one DELETE', async () => {
  await renderSection([WHEY, CREATINE]);
  const remove = await screen.findByRole('button', {
    name: 'Remove Gold Whey from your wishlist',
  });
  fireEvent.click(remove);
  await waitFor(() => expect(within(section()).getAllByRole('listitem')).toHaveLength(1));
  expect(within(section()).queryByText('Gold Whey')).toBeNull();
  // Focus stays in the section, on its heading.
  expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Wishlist' }));
  await waitFor(() => expect(held).toEqual([CREATINE]));
  const deletes = server.requests.filter((request) => request.method === 'DELETE');
  expect(deletes.map((request) => new URL(request.url).pathname)).toEqual([
    '/api/v1/user/wishlist/p-whey',
  ]);
});

test('an empty list says how to fill it', async () => {
  await renderSection([]);
  expect(await within(section()).findByText(testI18n._(EMPTY_WISHLIST_TEXT))).toBeTruthy();
  expect(within(section()).queryByRole('list')).toBeNull();
});
