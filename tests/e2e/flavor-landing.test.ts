/**
 * A flavor's landing page in Chromium: each card stands for the product in that flavor (its
 * packshot and price) and opens the product page on that flavor.
 */
import { describe, expect, test } from 'vitest';
import type { ProductDetail, ProductDetailResponse } from '../../contract/catalog.ts';
import type { SearchProductsResponse } from '../../contract/search.ts';
import { formatMoney } from '../../src/lib/format.ts';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

const FLAVOR = 'vanilla';

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${e2e.shop.baseURL}/api/v1${path}`);
  return (await response.json()) as T;
}

/** The path and query of an image URL, to compare a rendered `currentSrc` with the API's URL. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.delete('w');
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * A product on the vanilla page that opens on another flavor without being asked (its first
 * picture and cheapest variant are another flavor's): the case a card used to get wrong.
 */
async function productOpeningElsewhere(): Promise<ProductDetail> {
  const listing = await api<SearchProductsResponse>(`/search/products?flavor=${FLAVOR}&limit=24`);
  for (const summary of listing.results.products) {
    const { data: detail } = await api<ProductDetailResponse>(`/products/${summary.slug}`);
    const cheapest = [...detail.variants].sort((a, b) => a.price - b.price)[0]!;
    if (detail.images[0] !== vanillaOf(detail).image && cheapest.flavor.slug !== FLAVOR) {
      return detail;
    }
  }
  throw new Error('Every vanilla product opens on vanilla anyway: the seed changed.');
}

const vanillaOf = (detail: ProductDetail) =>
  detail.variants
    .filter((variant) => variant.flavor.slug === FLAVOR)
    .sort((a, b) => a.price - b.price)[0]!;

describe('a flavor landing', () => {
  test("cards show the flavor's picture and price and open the product on it", async () => {
    const detail = await productOpeningElsewhere();
    const vanilla = vanillaOf(detail);
    const page = await e2e.openPage(`/flavor/${FLAVOR}`);
    const link = page.getByRole('link', { name: detail.name, exact: true });
    const card = page.locator('article', { has: link });
    await card.waitFor();

    const href = new URL((await link.getAttribute('href'))!, 'http://x');
    expect(href.pathname).toBe(`/product/${detail.slug}`);
    expect(href.searchParams.get('flavor')).toBe(FLAVOR);

    const image = card.locator('img');
    await expect
      .poll(async () => pathOf(await image.evaluate((img: HTMLImageElement) => img.currentSrc)))
      .toBe(pathOf(vanilla.image!));
    expect(await card.textContent()).toContain(formatMoney(vanilla.price));

    await link.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('flavor')).toBe(FLAVOR);
    const flavors = page.getByRole('group', { name: /^Flavor/ });
    await expect
      .poll(() => flavors.getByRole('radio', { name: vanilla.flavor.name }).isChecked())
      .toBe(true);
  });
});
