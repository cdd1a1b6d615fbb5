/**
 * A listing in French (Quebec): the count, the sort menu (the interface's own words for the API's
 * sort orders), the filters, the cards and the pages read from the French catalog, and prices are
 * written the French way ('83,99 $', with no-break spaces).
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ProductSummary } from '../../../../contract/catalog.ts';
import type { SearchProductsResponse } from '../../../../contract/search.ts';
import { SEARCH_SORT_LABELS, SEARCH_SORTS } from '../../../../contract/search-rules.ts';
import { ListingView } from '../product-listing.tsx';
import { renderWithProviders } from '../../../testing/render.tsx';
import { frenchI18n } from '../../../testing/i18n.ts';

const NBSP = '\u00a0';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/category/protein', i18n: frenchI18n });
}

const card = (overrides: Partial<ProductSummary>): ProductSummary => ({
  _id: 'p-gold-whey',
  slug: 'gold-whey',
  name: 'Gold Whey',
  brand: { _id: 'b-forge', slug: 'forge', name: 'Forge' },
  categories: [],
  image: null,
  price: 8399,
  compareAtPrice: null,
  onSale: false,
  priceVaries: false,
  rating: 4.5,
  reviewCount: 10,
  inStock: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const facet = (slug: string, name: string, count: number) => ({ _id: slug, slug, name, count });

const data: SearchProductsResponse = {
  success: true,
  results: {
    products: [
      card({ priceVaries: true }),
      card({ _id: 'p-creatine', slug: 'creatine', name: 'Creatine', inStock: false, price: 2999 }),
    ],
    pagination: {
      totalProducts: 30,
      page: 1,
      limit: 24,
      totalPages: 2,
      hasNextPage: true,
      hasPrevPage: false,
    },
    sorting: {
      sort: 'relevance',
      label: SEARCH_SORT_LABELS.relevance,
      options: SEARCH_SORTS.map((value) => ({ value, label: SEARCH_SORT_LABELS[value] })),
    },
  },
  meta: {
    terms: [],
    corrections: [],
    didYouMean: null,
    filters: {
      category: [],
      brand: ['forge'],
      flavor: [],
      minPrice: null,
      maxPrice: null,
      inStock: false,
      minRating: null,
    },
  },
  searchTerm: '',
  facets: {
    categories: [],
    brands: [facet('forge', 'Forge', 30)],
    flavors: [facet('chocolate', 'Chocolate', 12)],
    priceRange: { min: 1299, max: 123456 },
  },
};

describe('a listing in French', () => {
  test('its count, sort menu, filters, cards and pages', async () => {
    renderInFrench(
      <ListingView
        eyebrow="Catégorie"
        title="Protéines"
        search={{ brand: 'forge' }}
        data={data}
        updating={false}
        fixedFacet="category"
      />,
    );
    expect((await screen.findByRole('heading', { level: 2, name: '30 produits' })).id).toBeTruthy();

    // The sort menu: the interface's own French for each of the API's orders.
    const sort = screen.getByRole('combobox', { name: 'Trier par' });
    const options = within(sort)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Pertinence',
      `Prix${NBSP}: croissant`,
      `Prix${NBSP}: décroissant`,
      'Nouveautés',
      'Mieux notés',
      `Nom${NBSP}: A à Z`,
    ]);

    // The filters.
    expect(screen.getByRole('button', { name: 'Afficher les filtres (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Filtres' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Marque' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Saveur' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'En stock seulement' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: '4 étoiles et plus' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Toutes les notes' })).toBeTruthy();
    const price = screen.getByRole('group', { name: 'Prix ($ CA)' });
    expect(price.textContent).toContain(`De 12,99${NBSP}$ à 1${NBSP}234,56${NBSP}$`);
    expect(within(price).getByRole('textbox', { name: 'Prix minimum en dollars' })).toBeTruthy();
    fireEvent.change(within(price).getByRole('textbox', { name: 'Prix minimum en dollars' }), {
      target: { value: '50' },
    });
    fireEvent.change(within(price).getByRole('textbox', { name: 'Prix maximum en dollars' }), {
      target: { value: '20' },
    });
    fireEvent.click(within(price).getByRole('button', { name: 'Appliquer' }));
    expect(within(price).getByRole('alert').textContent).toBe(
      'Le minimum ne doit pas dépasser le maximum.',
    );
    const active = screen.getByRole('list', { name: 'Filtres actifs' });
    expect(within(active).getByRole('button', { name: 'Retirer le filtre Forge' })).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Effacer tous les filtres' })).toBeTruthy();

    // The cards: French prices, "from", sold out and the rating's name.
    const list = screen.getAllByRole('article');
    expect(list[0]!.textContent).toContain(`À partir de 83,99${NBSP}$`);
    expect(list[1]!.textContent).toContain('Épuisé');
    expect(list[1]!.textContent).toContain(`29,99${NBSP}$`);
    expect(
      within(list[0]!).getByRole('img', { name: 'Noté 4,5 sur 5 selon 10 avis' }),
    ).toBeTruthy();

    // The pages.
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toBeTruthy();
    expect(within(pages).getByRole('link', { name: /Suivant/ })).toBeTruthy();
  });

  test('nothing matches', async () => {
    renderInFrench(
      <ListingView
        eyebrow="Catégorie"
        title="Protéines"
        search={{}}
        data={{
          ...data,
          results: {
            ...data.results,
            products: [],
            pagination: { ...data.results.pagination, totalProducts: 0, totalPages: 0 },
          },
        }}
        updating={false}
      />,
    );
    expect(
      await screen.findByRole('heading', { name: 'Aucun produit ne correspond' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: '0 produit' })).toBeTruthy();
    expect(screen.getByText(/Essayez un autre mot/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Réservez une consultation gratuite' })).toBeTruthy();
  });
});
