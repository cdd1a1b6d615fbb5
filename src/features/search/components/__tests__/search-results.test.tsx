import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { searchProductsQueryOptions } from '../../../../lib/catalog/search-products.ts';
import { toSearchParams, type ListingSearch } from '../../../../lib/catalog/listing-search.ts';
import { searchAnswer, summary } from '../../lib/__tests__/fixtures.ts';
import { SearchResults } from '../search-results.tsx';

const server = setupMswServer();

const saved = [
  summary('Whey Isolate'),
  summary('Gold Whey', { price: 3999 }),
  summary('Creatine Mono'),
];

const searchCalls = () =>
  server.requests.filter((request) => new URL(request.url).pathname.endsWith('/search/products'));

function renderOffline(search: ListingSearch, prepare?: (view: ReturnType<typeof render>) => void) {
  onlineManager.setOnline(false);
  const view = render(search);
  view.queryClient.setQueryData(['products', 'collection', 'top', 8], saved);
  prepare?.(view);
  return view;
}

function render(search: ListingSearch) {
  return renderWithProviders(<SearchResults search={search} />);
}

const listed = () =>
  screen
    .queryAllByRole('article')
    .map((article) => within(article).getByRole('heading').textContent);

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
});

describe('search results offline', () => {
  test('a search never made lists the saved products that match, marked as offline, with a count', async () => {
    renderOffline({ q: 'whey' });
    const note = await screen.findByTestId('offline-results');
    expect(note.textContent).toContain(
      "You're offline — showing the products saved on this device",
    );
    expect(screen.getByText('Offline results')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('“whey”');
    await screen.findByText('2 products');
    expect(listed()).toEqual(['Gold Whey', 'Whey Isolate']);
    expect(searchCalls()).toHaveLength(0);
  });

  test('filters and sorts apply to the saved matches', async () => {
    renderOffline({ q: 'whey', sort: 'price-desc', maxPrice: 45 });
    await screen.findByText('1 product');
    expect(listed()).toEqual(['Gold Whey']);
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('price-desc');
  });

  test('nothing saved matches: a friendly empty state', async () => {
    renderOffline({ q: 'glucosamine' });
    const empty = await screen.findByTestId('offline-results-empty');
    expect(empty.textContent).toContain('No saved products match');
    expect(empty.textContent).toContain('“glucosamine”');
    expect(screen.getByTestId('offline-results')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeTruthy();
    expect(listed()).toEqual([]);
  });

  test('a search made before shows its saved answer, marked as saved', async () => {
    renderOffline({ q: 'creatine' }, ({ queryClient }) => {
      queryClient.setQueryData(
        searchProductsQueryOptions(toSearchParams({ q: 'creatine' })).queryKey,
        searchAnswer([summary('Creatine HCl')]),
      );
    });
    await screen.findByText('1 product');
    expect(listed()).toEqual(['Creatine HCl']);
    expect(screen.getByTestId('offline-results').textContent).toContain(
      'these results were saved on this device',
    );
    expect(screen.getByText('Search results')).toBeTruthy();
  });

  test('online, the page shows what the API answers, with no offline note', async () => {
    server.use(
      http.get(api('/search/products'), () =>
        HttpResponse.json(searchAnswer([summary('Whey Online')])),
      ),
    );
    const view = render({ q: 'whey' });
    view.queryClient.setQueryData(['products', 'collection', 'top', 8], saved);
    await screen.findByText('1 product');
    expect(listed()).toEqual(['Whey Online']);
    expect(screen.queryByTestId('offline-results')).toBeNull();
    expect(searchCalls()).toHaveLength(1);

    await act(async () => {
      onlineManager.setOnline(false);
    });
    expect(listed()).toEqual(['Whey Online']);
    expect(screen.getByTestId('offline-results').textContent).toContain('saved on this device');
  });
});
