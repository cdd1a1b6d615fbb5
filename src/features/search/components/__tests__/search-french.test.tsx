/**
 * The search combobox in French (Quebec): its texts and the suggestions' badges come from the
 * French catalog (src/locales/fr-CA.ts), prices and relevance are written the French way; the
 * suggestions' names and descriptions stay as the API sends them.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { SearchBox } from '../search-box.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

const server = setupMswServer();
const NBSP = '\u00a0';

const suggestions = {
  success: true,
  suggestions: {
    products: [
      {
        _id: 'p1',
        name: 'Whey Isolate',
        slug: 'whey-isolate',
        type: 'PRODUCT',
        image: null,
        description: 'Fast protein',
        relevanceScore: 87,
        price: 124999,
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

function renderInFrench() {
  return renderWithProviders(
    <SearchBox placeholder="Rechercher des produits, catégories, marques..." />,
    { i18n: frenchI18n },
  );
}

async function type(text: string) {
  await act(async () => {
    fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the search box in French', () => {
  test('the suggestions, their badges, prices and hints', async () => {
    server.use(http.get(api('/search/suggest'), () => HttpResponse.json(suggestions)));
    renderInFrench();
    await screen.findByRole('combobox');
    expect(screen.getByRole('button', { name: 'Rechercher' })).toBeTruthy();

    await type('whey');
    expect(screen.getByTestId('search-dropdown').textContent).toContain(
      `Appuyez sur Entrée pour chercher whey ou cliquez sur une suggestion ci-dessous${NBSP}:`,
    );
    expect(screen.getByText('Recherche en cours...')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    await screen.findByText('2 suggestions trouvées');

    expect(screen.getByRole('listbox', { name: 'Suggestions' })).toBeTruthy();
    const [product, category] = screen.getAllByRole('option');
    expect(product!.textContent).toBe(
      `PRODUITWhey IsolateFast protein87${NBSP}%1${NBSP}249,99${NBSP}$`,
    );
    expect(category!.textContent).toBe(`CATÉGORIEWhey ProteinAll whey64${NBSP}%`);
    expect(screen.getByText('↑↓ Parcourir • Entrée pour choisir')).toBeTruthy();
  });

  test('no suggestions', async () => {
    server.use(
      http.get(api('/search/suggest'), () =>
        HttpResponse.json({
          success: true,
          suggestions: { products: [], categories: [], brands: [], flavors: [] },
        }),
      ),
    );
    renderInFrench();
    await screen.findByRole('combobox');
    await type('zzz');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    expect(await screen.findByText('Aucune suggestion trouvée pour zzz')).toBeTruthy();
    expect(
      screen.getByText('Appuyez sur Entrée pour chercher dans tous les produits'),
    ).toBeTruthy();
  });
});
