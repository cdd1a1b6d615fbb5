/**
 * The header search box in Chromium against the seeded catalog: suggestions, keyboard selection,
 * submit, Escape, and the mobile search bar.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

const { openPage } = e2e;

const pathname = (page: Page) => new URL(page.url()).pathname;
const searchInput = (page: Page) => page.getByTestId('search-box').getByRole('combobox');

describe('desktop search box', () => {
  test('opens focused, suggests from 2 characters and opens the suggestion chosen with the keyboard', async () => {
    const page = await openPage('/contact');
    await page.getByTestId('search-toggle').click();
    const input = searchInput(page);
    await expect
      .poll(() => input.evaluate((element) => element === document.activeElement))
      .toBe(true);
    expect(await input.getAttribute('placeholder')).toBe('Search products, categories, brands...');

    await input.pressSequentially('w');
    const dropdown = page.getByTestId('search-dropdown');
    await expect.poll(() => dropdown.isVisible()).toBe(true);
    expect(await dropdown.textContent()).toContain(
      'Press Enter to search for w or click a suggestion below:',
    );
    expect(await page.getByRole('option').count()).toBe(0);

    await input.pressSequentially('hey');
    await expect.poll(() => dropdown.textContent()).toMatch(/Found \d+ suggestions/);
    expect(await dropdown.textContent()).toContain('↑↓ Navigate • Enter to select');
    const first = page.getByRole('option').first();
    expect(await first.textContent()).toMatch(/PRODUCT.*\d+%.*\$\d+\.\d\d/);

    await input.press('ArrowDown');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    const slug = await page.evaluate(async () => {
      const response = await fetch('/api/v1/search/suggest?q=whey');
      const body = (await response.json()) as { suggestions: { products: { slug: string }[] } };
      return body.suggestions.products[0]?.slug;
    });
    await input.press('Enter');
    await expect.poll(() => pathname(page)).toBe(`/product/${slug}`);
    expect(await searchInput(page).count()).toBe(0);
  });

  test('Enter submits the term to /search/products; an empty term does nothing; Escape closes', async () => {
    const page = await openPage('/contact');
    await page.getByTestId('search-toggle').click();
    const input = searchInput(page);
    await input.press('Enter');
    expect(pathname(page)).toBe('/contact');

    await input.fill('creatine');
    await input.press('Enter');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.baseURL}/search/products?q=creatine`);
    await expect.poll(() => page.title()).toBe('Search Results');

    await page.getByTestId('search-toggle').click();
    await searchInput(page).press('Escape');
    await expect.poll(() => searchInput(page).count()).toBe(0);

    await page.getByTestId('search-toggle').click();
    await searchInput(page).waitFor();
    await page.mouse.click(10, 600);
    await expect.poll(() => searchInput(page).count()).toBe(0);
  });

  test('a clicked suggestion goes to the page of its type', async () => {
    const page = await openPage('/contact');
    await page.getByTestId('search-toggle').click();
    await searchInput(page).fill('creatine');
    const category = page.locator('[data-testid="suggestion"][data-type="CATEGORY"]').first();
    await category.waitFor();
    await category.click();
    await expect.poll(() => pathname(page)).toMatch(/^\/category\/creatine/);
  });
});

describe('mobile search bar', () => {
  test('searches, and Cancel closes it', async () => {
    const page = await openPage('/contact', 375);
    await page.getByTestId('mobile-search-toggle').click();
    const input = searchInput(page);
    expect(await input.getAttribute('placeholder')).toBe('Search for products...');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => searchInput(page).count()).toBe(0);

    await page.getByTestId('mobile-search-toggle').click();
    await searchInput(page).fill('protein');
    await searchInput(page).press('Enter');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.baseURL}/search/products?q=protein`);
  });
});
