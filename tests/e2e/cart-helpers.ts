/**
 * What the cart outbox browser tests share: the catalogue's shapes they read, choosing and adding
 * a variant on a product page, the server's cart for a page's shopper, and the header's cart.
 */
import type { Page } from 'playwright-core';

export interface Variant {
  _id: string;
  flavor: { name: string };
  size: string;
  stock: number;
}
export interface Product {
  _id: string;
  slug: string;
  name: string;
  variants: Variant[];
}
export interface CartLine {
  variantId: string;
  quantity: number;
}

export async function fetchProduct(baseURL: string, slug: string): Promise<Product> {
  const response = await fetch(`${baseURL}/api/v1/products/${slug}`);
  return ((await response.json()) as { data: Product }).data;
}

/** Variants with room for every quantity the tests ask for (20, the most a line may hold). */
export const roomyVariants = (of: Product) => of.variants.filter((variant) => variant.stock >= 20);

/** Chooses the variant on the product page (no request: the choice lives in the URL) and adds it. */
export async function addVariant(page: Page, variant: Variant) {
  await page
    .getByRole('group', { name: /^Flavor/ })
    .getByRole('radio', { name: variant.flavor.name })
    .click();
  await page
    .getByRole('group', { name: /^Size/ })
    .getByRole('radio', { name: variant.size })
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

export const sorted = (lines: CartLine[]) =>
  [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId));

/** The server's cart for this page's shopper, asked with the page's cookies and guest id. */
export async function serverCart(page: Page): Promise<CartLine[]> {
  const items = await page.evaluate(async () => {
    const id = localStorage.getItem('guestCartId');
    const url = id ? `/api/v1/cart?guestCartId=${encodeURIComponent(id)}` : null;
    if (!url) return [];
    const response = await fetch(url, { credentials: 'include' });
    const body = (await response.json()) as {
      data: { items: { variantId: string; quantity: number }[] };
    };
    return body.data.items.map(({ variantId, quantity }) => ({ variantId, quantity }));
  });
  return sorted(items);
}

/** The cart page's "N changes waiting to sync" ('' once nothing waits). */
export const waitingText = (page: Page) => page.getByTestId('cart-pending-sync').textContent();
/** The header's cart badge. */
export const badge = (page: Page) => page.getByTestId('cart-badge').textContent();
