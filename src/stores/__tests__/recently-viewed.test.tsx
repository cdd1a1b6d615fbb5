import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ProductDetail } from '../../../contract/catalog.ts';
import {
  RECENTLY_VIEWED_MAX,
  clearRecentlyViewed,
  rememberViewed,
  useRecentlyViewed,
} from '../recently-viewed.ts';

const KEY = 'recently-viewed';

function product(n: number): ProductDetail {
  return {
    _id: `p-${n}`,
    slug: `product-${n}`,
    name: `Product ${n}`,
    brand: { _id: 'b-1', slug: 'forge', name: 'Forge' },
    categories: [],
    image: null,
    price: 1000 + n,
    compareAtPrice: null,
    onSale: false,
    priceVaries: false,
    rating: 4.5,
    reviewCount: 3,
    inStock: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    images: ['/a.png'],
    description: 'A long description the card never needs.',
    nutritionFacts: null,
    tags: ['tag'],
    variants: [],
    reviewsPreview: [],
  };
}

const stored = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as Record<string, unknown>[];

function Names({ exclude }: { exclude?: string }) {
  const products = useRecentlyViewed(exclude);
  return <p data-testid="names">{products.map((p) => p.name).join(', ')}</p>;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('remembering', () => {
  test('newest first, once each, with the card only (not the page)', () => {
    rememberViewed(product(1));
    rememberViewed(product(2));
    rememberViewed(product(1));
    expect(stored().map((card) => card._id)).toEqual(['p-1', 'p-2']);
    expect(stored()[0]).not.toHaveProperty('description');
    expect(stored()[0]).not.toHaveProperty('variants');
    expect(stored()[0]).not.toHaveProperty('reviewsPreview');
    expect(stored()[0]).toMatchObject({ slug: 'product-1', price: 1001, rating: 4.5 });
  });

  test(`keeps the last ${RECENTLY_VIEWED_MAX}`, () => {
    for (let n = 1; n <= RECENTLY_VIEWED_MAX + 3; n++) rememberViewed(product(n));
    const ids = stored().map((card) => card._id);
    expect(ids).toHaveLength(RECENTLY_VIEWED_MAX);
    expect(ids[0]).toBe(`p-${RECENTLY_VIEWED_MAX + 3}`);
    expect(ids.at(-1)).toBe('p-4');
  });

  test('the card is refreshed when the product is opened again (a new price)', () => {
    rememberViewed(product(1));
    rememberViewed({ ...product(1), price: 555 });
    expect(stored()).toEqual([expect.objectContaining({ _id: 'p-1', price: 555 })]);
  });

  test('clearing forgets everything, key and all', () => {
    rememberViewed(product(1));
    clearRecentlyViewed();
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('useRecentlyViewed', () => {
  test('shows the products without the page’s own, and follows new views', () => {
    rememberViewed(product(1));
    rememberViewed(product(2));
    render(<Names exclude="p-2" />);
    expect(screen.getByTestId('names').textContent).toBe('Product 1');
    act(() => rememberViewed(product(3)));
    expect(screen.getByTestId('names').textContent).toBe('Product 3, Product 1');
    act(() => clearRecentlyViewed());
    expect(screen.getByTestId('names').textContent).toBe('');
  });

  test('follows another tab (the storage event)', () => {
    render(<Names />);
    act(() => {
      localStorage.setItem(KEY, JSON.stringify([{ ...product(7), variants: undefined }]));
      window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    });
    expect(screen.getByTestId('names').textContent).toBe('Product 7');
  });

  test('drops what it cannot show: unreadable text, other shapes', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    localStorage.setItem(KEY, '{not json');
    render(<Names />);
    expect(screen.getByTestId('names').textContent).toBe('');
    cleanup();

    localStorage.setItem(KEY, JSON.stringify([{ _id: 'x' }, 'text', null, product(4)]));
    render(<Names />);
    expect(screen.getByTestId('names').textContent).toBe('Product 4');
  });

  test('the server renders none, whatever the device holds', () => {
    rememberViewed(product(1));
    expect(renderToString(<Names />)).toBe('<p data-testid="names"></p>');
  });
});
