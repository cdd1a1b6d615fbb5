import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { SearchBox } from '../search-box.tsx';

const server = setupMswServer();

const suggestions = {
  success: true,
  suggestions: {
    products: [
      {
        _id: 'p1',
        name: 'Whey Isolate',
        slug: 'whey-isolate',
        type: 'PRODUCT',
        image: '/img/p1.svg',
        description: 'Fast protein',
        relevanceScore: 87,
        price: 4999,
      },
    ],
    categories: [
      {
        _id: 'c1',
        name: 'Whey Protein',
        slug: 'whey-protein',
        type: 'CATEGORY',
        image: null,
        description: 'All whey',
        relevanceScore: 64,
      },
    ],
    brands: [],
    flavors: [],
  },
};

const suggestCalls = () =>
  server.requests.filter((request) => new URL(request.url).pathname.endsWith('/search/suggest'));

async function type(text: string) {
  const input = screen.getByRole('combobox');
  await act(async () => {
    fireEvent.change(input, { target: { value: text } });
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

async function setup(onClose = vi.fn()) {
  const view = renderWithProviders(
    <SearchBox placeholder="Search products, categories, brands..." autoFocus onClose={onClose} />,
  );
  await screen.findByRole('combobox');
  return { ...view, onClose };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  server.use(http.get(api('/search/suggest'), () => HttpResponse.json(suggestions)));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe('search box timing', () => {
  test('the dropdown opens from 1 character without fetching', async () => {
    await setup();
    const input = screen.getByRole('combobox');
    expect(input).toHaveProperty('placeholder', 'Search products, categories, brands...');
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    await type('w');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByTestId('search-dropdown').textContent).toContain(
      'Press Enter to search for w or click a suggestion below:',
    );
    await advance(1000);
    expect(suggestCalls()).toHaveLength(0);
  });

  test('fetching waits for 2 trimmed characters and 300 ms of quiet', async () => {
    await setup();
    // From here the clock moves only when the test moves it: one following real time could let
    // the last millisecond pass on a busy machine before the check that nothing was sent.
    vi.useRealTimers();
    vi.useFakeTimers();
    await type(' w ');
    await advance(400);
    expect(suggestCalls()).toHaveLength(0);

    await type('wh');
    await advance(200);
    await type('whe');
    await advance(299);
    expect(suggestCalls()).toHaveLength(0);
    expect(screen.getByText('Searching...')).toBeTruthy();
    await advance(1);
    await vi.waitFor(() => expect(suggestCalls()).toHaveLength(1));
    expect(new URL(suggestCalls()[0]!.url).searchParams.get('q')).toBe('whe');
  });
});

describe('search box texts and navigation', () => {
  test('suggestions show badge, name, description, relevance and price, with the counts and hints', async () => {
    await setup();
    await type('whey');
    await advance(300);
    await screen.findByText('Found 2 suggestions');
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]?.textContent).toContain('PRODUCT');
    expect(options[0]?.textContent).toContain('Whey Isolate');
    expect(options[0]?.textContent).toContain('Fast protein');
    expect(options[0]?.textContent).toContain('87%');
    expect(options[0]?.textContent).toContain('$49.99');
    expect(options[1]?.textContent).toContain('CATEGORY');
    expect(options[1]?.textContent).not.toContain('$');
    expect(screen.getByText('↑↓ Navigate • Enter to select')).toBeTruthy();
  });

  test('↓ moves the active option and Enter opens it by type', async () => {
    const { router, onClose } = await setup();
    await type('whey');
    await advance(300);
    await screen.findByText('Found 2 suggestions');
    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(active).toBe(screen.getAllByRole('option')[1]?.id);
    expect(screen.getAllByRole('option')[1]?.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[0]?.id);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/category/whey-protein'));
    expect(onClose).toHaveBeenCalled();
  });

  test('submitting a term goes to /search/products?q=; an empty term does nothing', async () => {
    const { router } = await setup();
    const form = screen.getByRole('combobox').closest('form')!;
    await act(async () => {
      fireEvent.submit(form);
    });
    expect(router.state.location.href).toBe('/');
    await type('  creatine mono ');
    await act(async () => {
      fireEvent.submit(form);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/search/products'));
    expect(router.state.location.search).toEqual({ q: 'creatine mono' });
  });

  test('no results and errors have their own texts', async () => {
    server.use(
      http.get(api('/search/suggest'), ({ request }) =>
        new URL(request.url).searchParams.get('q') === 'zzz'
          ? HttpResponse.json({
              success: true,
              suggestions: { products: [], categories: [], brands: [], flavors: [] },
            })
          : HttpResponse.json(
              { success: false, code: 'database_unavailable', message: 'Search is down' },
              { status: 503 },
            ),
      ),
    );
    await setup();
    await type('zzz');
    await advance(300);
    await screen.findByText('No suggestions found for zzz');
    expect(screen.getByText('Press Enter to search all products')).toBeTruthy();

    await type('boom');
    await advance(300);
    await screen.findByText('Error loading suggestions: Search is down', {}, { timeout: 5000 });
  });

  test('Escape closes the box', async () => {
    const { onClose } = await setup();
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('search box offline', () => {
  const card = (name: string, brand: string, price: number) => {
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return {
      _id: `p-${slug}`,
      slug,
      name,
      brand: { _id: `b-${brand}`, slug: brand.toLowerCase(), name: brand },
      categories: [{ _id: 'c-protein', slug: 'protein-powder', name: 'Protein Powder' }],
      image: null,
      price,
      compareAtPrice: null,
      onSale: false,
      priceVaries: false,
      rating: 4.5,
      reviewCount: 3,
      inStock: true,
      createdAt: '2026-01-01T00:00:00.000Z',
    };
  };

  async function setupOffline() {
    const view = await setup();
    view.queryClient.setQueryData(
      ['products', 'collection', 'top', 8],
      [
        card('Whey Isolate', 'Ironclad', 5999),
        card('Gold Whey', 'Olympus', 4999),
        card('Creatine Monohydrate', 'Raw Origin', 2999),
      ],
    );
    await act(async () => {
      onlineManager.setOnline(false);
    });
    return view;
  }

  test('suggests the saved products that match, under an offline note, without asking the network', async () => {
    const { router } = await setupOffline();
    await type('whey');
    await advance(300);
    const note = await screen.findByTestId('offline-suggestions');
    expect(note.textContent).toBe('Offline — showing products saved on this device');
    expect(note.getAttribute('role')).toBe('status');
    await screen.findByText('Found 2 suggestions');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.getAttribute('data-type'))).toEqual([
      'PRODUCT',
      'PRODUCT',
    ]);
    expect(options[0]?.textContent).toContain('Gold Whey');
    expect(options[0]?.textContent).toContain('Olympus · Protein Powder');
    expect(options[0]?.textContent).toMatch(/\d+%/);
    expect(options[0]?.textContent).toContain('$49.99');
    expect(options[1]?.textContent).toContain('Whey Isolate');
    expect(screen.getByText('↑↓ Navigate • Enter to select')).toBeTruthy();
    expect(suggestCalls()).toHaveLength(0);

    const input = screen.getByRole('combobox');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]?.id);
    await act(async () => {
      fireEvent.submit(input.closest('form')!);
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/product/whey-isolate'));
  });

  test('the note waits for 2 characters; nothing saved matching has its own empty text', async () => {
    await setupOffline();
    await type('z');
    await advance(300);
    expect(screen.queryByTestId('offline-suggestions')).toBeNull();
    await type('zzz');
    await advance(300);
    await screen.findByText('No suggestions found for zzz');
    expect(screen.getByTestId('offline-suggestions')).toBeTruthy();
    expect(
      screen.getByText('While offline, only products saved on this device can be found'),
    ).toBeTruthy();
    expect(screen.queryByText('Press Enter to search all products')).toBeNull();
    expect(suggestCalls()).toHaveLength(0);
  });

  test('back online, suggestions come from the network again and the note goes', async () => {
    await setupOffline();
    await type('whey');
    await advance(300);
    await screen.findByText('Found 2 suggestions');
    await act(async () => {
      onlineManager.setOnline(true);
    });
    await vi.waitFor(() => expect(suggestCalls()).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByTestId('offline-suggestions')).toBeNull());
    expect(screen.getAllByRole('option')[0]?.textContent).toContain('87%');
  });
});
