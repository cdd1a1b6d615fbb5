/** A product as the API answers it, for the product page's component tests. */
import type { ProductDetail, ProductVariant } from '../../../../../contract/catalog.ts';

/** A 2 lb variant of the flavor, at $49.99, with `stock` left. */
export const makeVariant = (flavor: string, stock = 5): ProductVariant => ({
  _id: `v-${flavor}`,
  sku: `WHEY-${flavor}`,
  flavor: { _id: `f-${flavor}`, slug: flavor, name: flavor },
  size: '2 lb',
  price: 4999,
  compareAtPrice: null,
  stock,
  image: null,
});

export const makeProduct = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  _id: 'p-gold-whey',
  slug: 'gold-whey',
  name: 'Gold Whey',
  brand: { _id: 'b-forge', slug: 'forge', name: 'Forge' },
  categories: [],
  image: null,
  price: 4999,
  compareAtPrice: null,
  onSale: false,
  priceVaries: false,
  rating: 4.5,
  reviewCount: 10,
  inStock: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: [],
  description: '',
  nutritionFacts: null,
  tags: [],
  variants: [],
  ...overrides,
});
