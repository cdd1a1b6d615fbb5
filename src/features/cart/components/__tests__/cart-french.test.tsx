/**
 * The cart page in French (Quebec): its texts come from the French catalog (src/locales/fr-CA.ts)
 * and its money is written the French way ('83,98 $', with no-break spaces); the products' names
 * and the discount code stay as the API sends them.
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createQueryClient } from '../../../../lib/query-client.ts';
import { clearGuestCartId, setGuestCartId } from '../../../../stores/customer.ts';
import { api, setupMswServer } from '../../../../testing/msw.ts';
import { startCartOutbox } from '../../api/cart-outbox.ts';
import { EMPTY_CART, type Cart, type CartItem } from '../../api/get-cart.ts';
import { CartPage } from '../cart-page.tsx';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

// happy-dom has no IndexedDB: the discount code's outbox keeps its commands in memory here.
vi.mock(
  '../../../../lib/outbox/browser.ts',
  () => import('../../../../testing/memory-outbox-browser.ts'),
);

const server = setupMswServer();
const NBSP = '\u00a0';

const REF = { _id: 'b1', slug: 'forge', name: 'Forge Labs' };
function line(overrides: Partial<CartItem>): CartItem {
  return {
    itemId: 'item_1',
    productId: 'prod_1',
    variantId: 'var_1',
    quantity: 1,
    name: 'Whey Isolate',
    slug: 'whey-isolate',
    image: null,
    brand: REF,
    flavor: { _id: 'f1', slug: 'vanilla', name: 'Vanilla' },
    size: '2 lb',
    sku: 'WI-2',
    unitPrice: 4199,
    compareAtPrice: null,
    lineTotal: 4199,
    stock: 50,
    ...overrides,
  };
}

const CART: Cart = {
  items: [
    line({ quantity: 2, compareAtPrice: 4999, lineTotal: 8398, stock: 4 }),
    line({
      itemId: 'item_2',
      variantId: 'var_2',
      name: 'Pure Creatine',
      slug: 'pure-creatine',
      unitPrice: 2999,
      quantity: 3,
      lineTotal: 8997,
      stock: 3,
    }),
  ],
  totals: { itemCount: 5, subtotal: 17395, discount: 1740, shipping: 0, total: 15655 },
  discount: { code: 'LIFT10', percentOff: 10 },
};

function renderInFrench(cart: Cart) {
  server.use(http.get(api('/cart'), () => HttpResponse.json({ success: true, data: cart })));
  return renderWithProviders(<CartPage />, { path: '/cart', i18n: frenchI18n });
}

/** The totals as { term: amount }. */
function totals() {
  return Object.fromEntries(
    within(screen.getByRole('complementary'))
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

beforeEach(() => setGuestCartId('guest-cart-1'));
afterEach(() => {
  cleanup();
  clearGuestCartId();
});

describe('the cart page in French', () => {
  test('its lines, totals in French money and the ways to checkout', async () => {
    renderInFrench(CART);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Votre panier');
    await screen.findByText('Pure Creatine');
    expect(screen.getByText('5 articles')).toBeTruthy();

    const [whey, creatine] = screen.getAllByRole('listitem');
    // The product's own texts stay as they come.
    expect(whey!.textContent).toContain('Whey Isolate');
    expect(whey!.textContent).toContain('Forge Labs');
    const meta = Object.fromEntries(
      within(whey!)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(meta).toEqual({
      Saveur: 'Vanilla',
      Format: '2 lb',
      Prix: `41,99${NBSP}$, auparavant 49,99${NBSP}$`,
    });
    expect(whey!.textContent).toContain('Plus que 4 en stock');
    expect(whey!.textContent).toContain(`Total de la ligne 83,98${NBSP}$`);
    expect(within(whey!).getByRole('button', { name: 'Augmenter la quantité de Whey Isolate' }));
    expect(within(whey!).getByRole('button', { name: 'Diminuer la quantité de Whey Isolate' }));
    expect(within(whey!).getByRole('button', { name: 'Retirer Whey Isolate de votre panier' }));
    expect(within(creatine!).getByTestId('cart-line-limit').textContent).toBe(
      `Seulement 3 en stock${NBSP}: vous pouvez en acheter au plus 3.`,
    );

    expect(screen.getByRole('heading', { name: 'Résumé de la commande' })).toBeTruthy();
    expect(totals()).toEqual({
      'Sous-total': `173,95${NBSP}$`,
      [`Rabais (10${NBSP}%)`]: `−17,40${NBSP}$`,
      Livraison: 'Gratuit',
      Total: `156,55${NBSP}$`,
    });
    expect(screen.getByText(/Code/).textContent).toBe(
      `Code LIFT10 appliqué${NBSP}: 10${NBSP}% de rabais.`,
    );
    expect(screen.getByRole('button', { name: 'Retirer le code' })).toBeTruthy();
    expect(
      screen.getByText(
        'Vous profitez de la livraison standard gratuite. Les taxes sont calculées au moment de passer la commande.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter pour passer la commande' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passer la commande en tant qu’invité' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Créez un compte' })).toBeTruthy();
  });

  test('a cart short of free shipping says how much is missing, in French money', async () => {
    const cart: Cart = {
      items: [line({})],
      totals: { itemCount: 1, subtotal: 4199, discount: 0, shipping: 999, total: 5198 },
      discount: null,
    };
    renderInFrench(cart);
    await screen.findByText('1 article');
    expect(totals()).toEqual({
      'Sous-total': `41,99${NBSP}$`,
      Livraison: `9,99${NBSP}$`,
      Total: `51,98${NBSP}$`,
    });
    // (Testing Library's text matching reads a no-break space as a space: textContent is exact.)
    expect(screen.getByText(/^Ajoutez/).textContent).toBe(
      `Ajoutez 57,01${NBSP}$ de plus pour obtenir la livraison standard gratuite. Les taxes sont calculées au moment de passer la commande.`,
    );
    expect(screen.getByRole('textbox', { name: 'Code de rabais' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Appliquer' })).toBeTruthy();
  });

  test('the empty cart', async () => {
    renderInFrench(EMPTY_CART);
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      'Votre panier est vide',
    );
    expect(screen.getByText(/^Faites le plein/).textContent).toBe(
      `Faites le plein${NBSP}: protéines, créatine, préentraînement et plus, avec la livraison gratuite dès 99${NBSP}$.`,
    );
    expect(screen.getByRole('link', { name: 'Commencer à magasiner' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Magasiner les protéines' })).toBeTruthy();
  });

  test('a refused discount code says why in French, not in the server’s English', async () => {
    server.use(
      http.post(api('/cart/discount'), () =>
        HttpResponse.json(
          {
            success: false,
            code: 'discount_unknown',
            message: 'That discount code does not exist.',
            errors: [{ path: 'body.code', message: 'That discount code does not exist.' }],
          },
          { status: 404 },
        ),
      ),
    );
    await startCartOutbox(createQueryClient(), frenchI18n);
    renderInFrench({ ...CART, discount: null, totals: { ...CART.totals, discount: 0 } });
    fireEvent.change(await screen.findByLabelText('Code de rabais'), {
      target: { value: 'NOPE10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect((await screen.findByText('Ce code de rabais n’existe pas.')).textContent).toBe(
      'Ce code de rabais n’existe pas.',
    );
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });
});
