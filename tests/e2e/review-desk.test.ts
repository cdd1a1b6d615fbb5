/**
 * The review desk in Chromium: the shop's admin goes from the order desk to its reviews, sees the
 * seeded ones, hides the newest with a reason, and a shopper opening that product's page counts
 * one review fewer; shown again, the count is back. A customer who types the desk's address gets
 * the not-found page.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { open, pathname, register } from './shopper.ts';

const ADMIN_EMAIL = 'reviews@forge.example';
const ADMIN_PASSWORD = 'Review-desk-2026';
const e2e = shopInBrowser({ SHOP_ADMIN_EMAIL: ADMIN_EMAIL, SHOP_ADMIN_PASSWORD: ADMIN_PASSWORD });

const main = (page: Page) => page.locator('main').first();

async function signIn(page: Page, email: string, password: string) {
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: /sign in|log in|login/i })
    .click();
  await expect.poll(() => pathname(page)).not.toBe('/login');
}

/**
 * The review count a shopper sees on a product's page, read in a browser of their own (nothing
 * kept from an earlier visit): "Based on N reviews", or 0 once it has none.
 */
async function shopperCount(path: string): Promise<number> {
  const shopper = await (await e2e.newContext()).newPage();
  await open(shopper, path);
  const reviews = shopper.getByRole('region', { name: 'Reviews' });
  const text = (await reviews.textContent()) ?? '';
  await shopper.close();
  const based = /Based on (\d+) reviews?/.exec(text);
  if (based) return Number(based[1]);
  expect(text).toContain('No reviews yet.');
  return 0;
}

describe('review desk', () => {
  test('staff hide a review with a reason and show it again; the product page counts it out and back in', async () => {
    const admin = await (await e2e.newContext()).newPage();
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await open(admin, '/admin/orders');
    const nav = admin.getByRole('navigation', { name: 'Desk' });
    expect(await nav.getByRole('link', { name: 'Orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await nav.getByRole('link', { name: 'Reviews' }).click();
    await expect.poll(() => pathname(admin)).toBe('/admin/reviews');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Reviews' }).getAttribute('aria-current'))
      .toBe('page');

    // The seed's reviews, newest first, every one published.
    const table = main(admin).getByRole('table');
    await table.waitFor();
    expect(await main(admin).getByRole('status').textContent()).toMatch(/^\d+ reviews$/);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(20);
    expect(await table.getByText('Published').count()).toBe(20);
    const row = rows.first();
    const productPath = (await row.getByRole('link').getAttribute('href'))!;
    expect(productPath).toMatch(/^\/product\/.+/);
    const before = await shopperCount(productPath);
    expect(before).toBeGreaterThan(0);

    // Hidden, with a reason.
    await row.getByRole('button', { name: /^Hide/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Hide this review?' });
    const reason = dialog.getByLabel('Reason');
    await expect
      .poll(() => reason.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await reason.fill('Mentions another shop by name');
    await dialog.getByRole('button', { name: 'Hide review' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => row.textContent()).toContain('Reason: Mentions another shop by name');
    // Focus is back on the row's button, which now shows the review again.
    const showAgain = row.getByRole('button', { name: /^Show again/ });
    expect(await showAgain.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await admin.getByTestId('toast').first().textContent()).toContain('is hidden.');
    expect(await shopperCount(productPath)).toBe(before - 1);

    // Shown again.
    await showAgain.click();
    await expect.poll(() => row.textContent()).toContain('Published');
    expect(await row.textContent()).not.toContain('Reason:');
    expect(await shopperCount(productPath)).toBe(before);
  });

  test('a customer who types the review desk’s address gets the not-found page', async () => {
    const page = await (await e2e.newContext()).newPage();
    await register(page, 'Curious Customer');
    await open(page, '/admin/reviews');
    await expect.poll(() => main(page).textContent()).toMatch(/not found/i);
    const answer = await page.evaluate(async () => (await fetch('/api/v1/admin/reviews')).status);
    expect(answer).toBe(403);
  });
});
