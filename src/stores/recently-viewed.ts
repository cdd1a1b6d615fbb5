/**
 * The products this shopper opened last, newest first, kept on the device only (local storage,
 * `recently-viewed`): the server never hears of them, they show offline, and signing out forgets
 * them (clearRecentlyViewed, called with the rest of a shopper's private data).
 *
 * Each entry is the product's card as it was when last opened (a product page refreshes it), so a
 * row of them needs no request. Another tab's views show here too (the storage event).
 */
import { useSyncExternalStore } from 'react';
import type { ProductDetail, ProductSummary } from '../../contract/catalog.ts';
import { STORAGE_KEYS } from '../lib/constants.ts';
import { readStorage, removeStorage, writeStorage } from '../lib/storage.ts';

/** How many products are remembered; an older one drops off when a new one is opened. */
export const RECENTLY_VIEWED_MAX = 12;

const listeners = new Set<() => void>();
let cached: { raw: string | null; products: ProductSummary[] } = { raw: null, products: [] };

/** A stored entry with what a card needs; anything else (an older shape, a hand edit) is dropped. */
function isCard(value: unknown): value is ProductSummary {
  if (typeof value !== 'object' || value === null) return false;
  const card = value as Record<string, unknown>;
  return (
    typeof card._id === 'string' &&
    typeof card.slug === 'string' &&
    typeof card.name === 'string' &&
    typeof card.price === 'number' &&
    typeof card.rating === 'number' &&
    typeof card.reviewCount === 'number' &&
    typeof card.brand === 'object' &&
    card.brand !== null &&
    Array.isArray(card.categories)
  );
}

function read(): ProductSummary[] {
  const raw = readStorage(STORAGE_KEYS.recentlyViewed);
  if (raw === cached.raw) return cached.products;
  let products: ProductSummary[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) products = parsed.filter(isCard).slice(0, RECENTLY_VIEWED_MAX);
  } catch {
    console.warn(`Ignoring unreadable "${STORAGE_KEYS.recentlyViewed}" in local storage.`);
  }
  cached = { raw, products };
  return products;
}

function write(products: ProductSummary[]) {
  if (products.length === 0) removeStorage(STORAGE_KEYS.recentlyViewed);
  else writeStorage(STORAGE_KEYS.recentlyViewed, JSON.stringify(products));
  for (const listener of listeners) listener();
}

/** The card of a product page's product: its summary fields, without the page's own. */
function cardOf(product: ProductDetail): ProductSummary {
  const {
    images: _images,
    description: _description,
    nutritionFacts: _nutritionFacts,
    tags: _tags,
    variants: _variants,
    reviewsPreview: _reviewsPreview,
    ...card
  } = product;
  return card;
}

/** A product page was opened: it goes first, once. */
export function rememberViewed(product: ProductDetail): void {
  const others = read().filter((entry) => entry._id !== product._id);
  write([cardOf(product), ...others].slice(0, RECENTLY_VIEWED_MAX));
}

export function clearRecentlyViewed(): void {
  write([]);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.recentlyViewed || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const nothing: ProductSummary[] = [];

/**
 * The remembered products, newest first, without `exclude` (the page's own product). Empty on the
 * server and while hydrating, as the server's HTML is the same for everyone.
 */
export function useRecentlyViewed(exclude?: string): ProductSummary[] {
  const products = useSyncExternalStore(subscribe, read, () => nothing);
  return exclude ? products.filter((product) => product._id !== exclude) : products;
}
