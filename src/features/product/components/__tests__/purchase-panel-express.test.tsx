/**
 * The product page offers the wallets' one-tap purchase of exactly the line on screen: the chosen
 * variant at the chosen quantity, priced from the variant; never for a sold-out choice, and never
 * in the quick-add dialog (which passes no offer).
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import type { ProductVariant } from '../../../../../contract/catalog.ts';
import { makeProduct, makeVariant } from './fixtures.ts';
import { renderWithProviders } from '../../../../testing/render.tsx';
import { PurchasePanel } from '../purchase-panel.tsx';

afterEach(cleanup);

const product = makeProduct({ variants: [makeVariant('chocolate'), makeVariant('vanilla')] });
const [chocolate, vanilla] = product.variants as [ProductVariant, ProductVariant];
const soldOutVanilla = { ...vanilla, stock: 0 };

const offered: { discountedSubtotal: number; buyNow?: unknown }[] = [];
const Express = (props: { discountedSubtotal: number; buyNow?: unknown }) => {
  offered.push(props);
  return <div data-testid="express" />;
};

const selectionOf = (variant: ProductVariant) => ({
  flavor: variant.flavor.slug,
  size: variant.size,
  variant,
});

test("offers the chosen variant at the chosen quantity, at the variant's price", async () => {
  renderWithProviders(
    <PurchasePanel
      product={product}
      selection={selectionOf(chocolate)}
      onSelectionChange={() => {}}
      express={Express}
    />,
  );
  await screen.findByTestId('express');
  expect(offered.at(-1)).toEqual({
    discountedSubtotal: 4999,
    buyNow: { productId: product._id, variantId: chocolate._id, quantity: 1 },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
  expect(offered.at(-1)).toEqual({
    discountedSubtotal: 9998,
    buyNow: { productId: product._id, variantId: chocolate._id, quantity: 2 },
  });
});

test('offers nothing for a sold-out choice, nor without an offer (the quick-add dialog)', async () => {
  const soldOut = { ...product, variants: [chocolate, soldOutVanilla] };
  renderWithProviders(
    <PurchasePanel
      product={soldOut}
      selection={selectionOf(soldOutVanilla)}
      onSelectionChange={() => {}}
      express={Express}
    />,
  );
  // Its place goes to the lazily loaded "Notify me" form.
  await screen.findByRole('button', { name: 'Notify me' }, { timeout: 5000 });
  expect(screen.queryByRole('button', { name: 'Out of stock' })).toBeNull();
  expect(screen.queryByTestId('express')).toBeNull();
  cleanup();

  renderWithProviders(
    <PurchasePanel
      product={product}
      selection={selectionOf(chocolate)}
      onSelectionChange={() => {}}
    />,
  );
  await screen.findByRole('button', { name: 'Add to cart' });
  expect(screen.queryByTestId('express')).toBeNull();
});
