/**
 * The product page's purchase panel in French (Quebec): price, flavor and size, stock messages,
 * quantity and the add button read from the French catalog (src/locales/fr-CA.ts), and money is
 * written the French way ('83,99 $', with no-break spaces).
 */
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, test } from 'vitest';
import type { ProductVariant } from '../../../../../contract/catalog.ts';
import { PurchasePanel } from '../purchase-panel.tsx';
import { makeProduct, makeVariant } from './fixtures.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { frenchI18n } from '../../../../testing/i18n.ts';

const NBSP = '\u00a0';

afterEach(cleanup);

function renderInFrench(ui: ReactNode) {
  return renderWithProviders(ui, { path: '/product/gold-whey', i18n: frenchI18n });
}

const onSale: ProductVariant = {
  ...makeVariant('Chocolat', 3),
  price: 8399,
  compareAtPrice: 123456,
};
const plenty: ProductVariant = { ...makeVariant('Vanille', 50), _id: 'v-plenty' };
const soldOut: ProductVariant = { ...makeVariant('Fraise', 0), size: '5 lb' };
const product = makeProduct({ variants: [onSale, plenty, soldOut] });

const selectionOf = (variant: ProductVariant) => ({
  flavor: variant.flavor.slug,
  size: variant.size,
  variant,
});

describe('the purchase panel in French', () => {
  test('price, choices, a low stock, the quantity and the add button', async () => {
    renderInFrench(
      <PurchasePanel
        product={product}
        selection={selectionOf(onSale)}
        onSelectionChange={() => {}}
      />,
    );
    const add = await screen.findByRole('button', { name: 'Ajouter au panier' });
    const panel = add.closest('div')!.parentElement!;
    // The sale price and the regular one, in French money with their hidden names.
    expect(panel.textContent).toContain(`Prix soldé 83,99${NBSP}$`);
    expect(panel.textContent).toContain(`Prix régulier 1${NBSP}234,56${NBSP}$`);
    // Flavor and size, the chosen value after a no-break space and a colon (an accessible name
    // reads the no-break space as a space).
    const flavor = screen.getByRole('group', { name: 'Saveur : Chocolat' });
    expect(flavor.querySelector('legend')!.textContent).toBe(`Saveur${NBSP}: Chocolat`);
    expect(within(flavor).getByText('(rupture de stock)')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Format : 2 lb' })).toBeTruthy();
    expect(screen.getByText('Plus que 3 en stock')).toBeTruthy();

    const quantity = screen.getByRole('group', { name: 'Quantité' });
    expect(within(quantity).getByRole('button', { name: 'Diminuer la quantité' })).toBeTruthy();
    const field = within(quantity).getByRole('spinbutton', { name: 'Quantité' });
    fireEvent.change(field, { target: { value: '9' } });
    expect(screen.getByRole('status').textContent).toBe(
      `Seulement 3 en stock${NBSP}: vous pouvez en acheter au plus 3.`,
    );
    fireEvent.click(within(quantity).getByRole('button', { name: 'Augmenter la quantité' }));
  });

  test('plenty in stock, and the limit of one line', async () => {
    renderInFrench(
      <PurchasePanel
        product={product}
        selection={selectionOf(plenty)}
        onSelectionChange={() => {}}
      />,
    );
    expect(await screen.findByText('En stock — expédié en 1 jour ouvrable')).toBeTruthy();
    expect(document.body.textContent).toContain(`49,99${NBSP}$`);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Quantité' }), {
      target: { value: '25' },
    });
    expect(screen.getByRole('status').textContent).toBe(
      'Vous pouvez acheter au plus 20 unités d’un même article.',
    );
  });

  test('a sold-out flavor and size', async () => {
    renderInFrench(
      <PurchasePanel
        product={product}
        selection={selectionOf(soldOut)}
        onSelectionChange={() => {}}
      />,
    );
    expect(await screen.findByText('Rupture de stock dans cette saveur et ce format')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Ajouter au panier' })).toBeNull();
  });
});
