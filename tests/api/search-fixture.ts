/**
 * A small hand-made catalog for the search tests, so each expectation names products whose
 * words, prices and stock are known here rather than depending on the generated seed.
 */
import type { Database } from '../../server/db/client.ts';
import {
  brands,
  categories,
  flavors,
  productCategories,
  products,
  variants,
} from '../../server/modules/catalog/tables.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { rebuildSearchIndex } from '../../server/modules/search/indexer.ts';

interface FixtureProduct {
  id: string;
  name: string;
  brand: string;
  categories: string[];
  description?: string;
  tags?: string[];
  rating?: number;
  soldCount?: number;
  createdAt: string;
  active?: boolean;
  /** [flavor id, price in cents, stock] per variant. */
  variants: [string, number, number][];
}

export const fixtureCategories = [
  { id: 'cat_protein', slug: 'protein-powder', name: 'Protein Powder' },
  { id: 'cat_creatine', slug: 'creatine', name: 'Creatine' },
  { id: 'cat_preworkout', slug: 'pre-workout', name: 'Pre-Workout' },
  { id: 'cat_bars', slug: 'protein-bars', name: 'Protein Bars' },
  { id: 'cat_glacier', slug: 'glacier-picks', name: 'Glacier Picks' },
];

export const fixtureBrands = [
  { id: 'brd_on', slug: 'optimum-nutrition', name: 'Optimum Nutrition', color: '#1f2a44' },
  { id: 'brd_iron', slug: 'ironclad-labs', name: 'Ironclad Labs', color: '#7a1f1f' },
  { id: 'brd_glacier', slug: 'glacier-sports', name: 'Glacier Sports', color: '#3a7bd5' },
  { id: 'brd_north', slug: 'northern-fuel', name: 'Northern Fuel', color: '#2e7d32' },
];

export const fixtureFlavors = [
  {
    id: 'flv_creme',
    slug: 'creme-brulee',
    name: 'Crème Brûlée',
    color: '#e0b060',
    image: null,
    additionalImages: ['/api/v1/images/flavors/creme-brulee/1.svg'],
  },
  {
    id: 'flv_choc',
    slug: 'chocolate',
    name: 'Chocolate',
    color: '#5d3a1a',
    image: '/api/v1/images/flavors/chocolate/1.svg',
    additionalImages: [],
  },
  {
    id: 'flv_unflav',
    slug: 'unflavored',
    name: 'Unflavored',
    color: '#eeeeee',
    image: '/api/v1/images/flavors/unflavored/1.svg',
    additionalImages: [],
  },
  {
    id: 'flv_berry',
    slug: 'blue-raspberry',
    name: 'Blue Raspberry',
    color: '#2255ff',
    image: '/api/v1/images/flavors/blue-raspberry/1.svg',
    additionalImages: [],
  },
];

export const fixtureProducts: FixtureProduct[] = [
  {
    id: 'prd_gold',
    name: 'Gold Standard 100% Whey Protein',
    brand: 'brd_on',
    categories: ['cat_protein'],
    description: 'The classic whey blend for recovery after training.',
    rating: 4.8,
    soldCount: 900,
    createdAt: '2025-01-10T00:00:00Z',
    variants: [
      ['flv_choc', 5999, 10],
      ['flv_creme', 6499, 4],
    ],
  },
  {
    id: 'prd_isolate',
    name: 'Iso Whey Isolate',
    brand: 'brd_iron',
    categories: ['cat_protein'],
    description: 'Cold-filtered isolate with almost no lactose.',
    rating: 4.2,
    soldCount: 300,
    createdAt: '2025-03-01T00:00:00Z',
    variants: [
      ['flv_choc', 6999, 5],
      ['flv_unflav', 6799, 0],
    ],
  },
  {
    id: 'prd_creatine',
    name: 'Creatine Monohydrate',
    brand: 'brd_on',
    categories: ['cat_creatine'],
    description: 'Micronised creatine for strength and power.',
    rating: 4.9,
    soldCount: 1200,
    createdAt: '2025-02-01T00:00:00Z',
    variants: [['flv_unflav', 2999, 50]],
  },
  {
    id: 'prd_creatine_hcl',
    name: 'Creatine HCl Capsules',
    brand: 'brd_iron',
    categories: ['cat_creatine'],
    description: 'Creatine hydrochloride in easy capsules.',
    rating: 3.9,
    soldCount: 100,
    createdAt: '2025-04-01T00:00:00Z',
    variants: [['flv_unflav', 3499, 0]],
  },
  {
    id: 'prd_blast',
    name: 'Nitro Blast Pre-Workout',
    brand: 'brd_north',
    categories: ['cat_preworkout'],
    description: 'Energy and focus with creatine and beta-alanine.',
    rating: 4.4,
    soldCount: 500,
    createdAt: '2025-05-01T00:00:00Z',
    variants: [
      ['flv_berry', 4499, 20],
      ['flv_creme', 4699, 3],
    ],
  },
  {
    id: 'prd_bar',
    name: 'Crème Brûlée Protein Bar',
    brand: 'brd_north',
    categories: ['cat_bars'],
    description: 'A dessert-style bar with 20 g of protein.',
    rating: 4.0,
    soldCount: 50,
    createdAt: '2025-06-01T00:00:00Z',
    variants: [['flv_creme', 2999, 12]],
  },
  // Ranking: "glacier" is in this one's name…
  {
    id: 'prd_glacier_name',
    name: 'Glacier Mass Gainer',
    brand: 'brd_north',
    categories: ['cat_protein'],
    description: 'High-calorie gainer.',
    rating: 3.5,
    soldCount: 10,
    createdAt: '2024-06-01T00:00:00Z',
    variants: [['flv_choc', 5499, 8]],
  },
  // …only in this one's brand…
  {
    id: 'prd_glacier_brand',
    name: 'Arctic Recovery Drink',
    brand: 'brd_glacier',
    categories: ['cat_protein'],
    description: 'Ready-to-drink recovery.',
    rating: 4.1,
    soldCount: 2000,
    createdAt: '2024-07-01T00:00:00Z',
    variants: [['flv_choc', 3999, 8]],
  },
  // …only in this one's category…
  {
    id: 'prd_glacier_category',
    name: 'Polar Amino Blend',
    brand: 'brd_iron',
    categories: ['cat_glacier'],
    description: 'Amino acids for training days.',
    rating: 4.6,
    soldCount: 3000,
    createdAt: '2024-08-01T00:00:00Z',
    variants: [['flv_berry', 3599, 8]],
  },
  // …and only in this one's description (it sells the most, so only relevance puts it last).
  {
    id: 'prd_glacier_description',
    name: 'Summit Electrolytes',
    brand: 'brd_iron',
    categories: ['cat_preworkout'],
    description: 'Hydration as fresh as glacier water.',
    rating: 4.7,
    soldCount: 5000,
    createdAt: '2024-09-01T00:00:00Z',
    variants: [['flv_berry', 2599, 8]],
  },
  {
    id: 'prd_hidden',
    name: 'Discontinued Creatine Chews',
    brand: 'brd_on',
    categories: ['cat_creatine'],
    description: 'No longer sold.',
    rating: 5,
    soldCount: 10000,
    createdAt: '2023-01-01T00:00:00Z',
    active: false,
    variants: [['flv_berry', 1999, 100]],
  },
];

export const activeFixtureProducts = fixtureProducts.filter((p) => p.active !== false);

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function insertSearchFixture(db: Database): Promise<void> {
  await db.insert(categories).values(fixtureCategories);
  await db.insert(brands).values(fixtureBrands);
  await db.insert(flavors).values(fixtureFlavors);
  await db.insert(products).values(
    fixtureProducts.map((p) => ({
      id: p.id,
      slug: slugOf(p.name),
      name: p.name,
      brandId: p.brand,
      description: p.description ?? '',
      images: [`/api/v1/images/products/${slugOf(p.name)}/1.svg`],
      tags: p.tags ?? [],
      rating: p.rating ?? 0,
      reviewCount: Math.round((p.soldCount ?? 0) / 10),
      soldCount: p.soldCount ?? 0,
      isActive: p.active ?? true,
      createdAt: new Date(p.createdAt),
    })),
  );
  await db
    .insert(productCategories)
    .values(
      fixtureProducts.flatMap((p) =>
        p.categories.map((categoryId) => ({ productId: p.id, categoryId })),
      ),
    );
  await db.insert(variants).values(
    fixtureProducts.flatMap((p) =>
      p.variants.map(([flavorId, price, stock], index) => ({
        id: `${p.id}_v${index}`,
        productId: p.id,
        flavorId,
        size: '2 lb',
        sku: `${p.id}-${index}`.toUpperCase(),
        price,
        stock,
      })),
    ),
  );
  await refreshProductRollups(db);
  await rebuildSearchIndex(db);
}
