/**
 * Recently viewed in Chromium: the products a shopper opens come back, newest first, as a row on
 * home and under other products (never the page's own), from the device alone — offline too — and
 * signing out forgets them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser, patientPoll } from './harness.ts';
import { waitForWorker } from './offline-helpers.ts';
import { logOut, open, register } from './shopper.ts';

const e2e = shopInBrowser();
const poll = patientPoll();

const OPENED = [
  ['whey-protein-isolate', 'Whey Protein Isolate'],
  ['glucosamine-joint-complex', 'Glucosamine Joint Complex'],
] as const;

/** The names of the cards in the "Recently viewed" section, in order ([] when it is not there). */
async function recentlyViewed(page: Page): Promise<string[]> {
  const section = page.getByRole('region', { name: 'Recently viewed' });
  if ((await section.count()) === 0) return [];
  return section.locator('article h3').allTextContents();
}

/**
 * Opens a product's page and waits until the app has noted it: the server's page shows its name
 * before the app runs, and a shopper who leaves before then has not been counted as viewing it.
 */
async function view(page: Page, [slug, name]: (typeof OPENED)[number]) {
  await open(page, `/product/${slug}`);
  await poll(() => page.locator('main h1').first().textContent()).toBe(name);
  await poll(() =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('recently-viewed') ?? '[]') as { slug: string }[])[0]
          ?.slug,
    ),
  ).toBe(slug);
}

describe('recently viewed', () => {
  test('a first visit shows none; opened products come back newest first, offline too', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await open(page, '/');
    await page.getByRole('region', { name: 'Top products' }).locator('article').first().waitFor();
    expect(await recentlyViewed(page)).toEqual([]);
    await waitForWorker(page);

    for (const product of OPENED) await view(page, product);
    // On the last product's page: the one before it, not itself.
    await poll(() => recentlyViewed(page)).toEqual(['Whey Protein Isolate']);

    await open(page, '/');
    await poll(() => recentlyViewed(page)).toEqual([
      'Glucosamine Joint Complex',
      'Whey Protein Isolate',
    ]);
    // Opening one again moves it to the front, without a second card.
    await view(page, OPENED[0]);
    await poll(() => recentlyViewed(page)).toEqual(['Glucosamine Joint Complex']);
    await open(page, '/');
    await poll(() => recentlyViewed(page)).toEqual([
      'Whey Protein Isolate',
      'Glucosamine Joint Complex',
    ]);

    // The row needs no network: it is read from the device.
    await context.setOffline(true);
    await page.reload();
    await poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
    await poll(() => recentlyViewed(page)).toEqual([
      'Whey Protein Isolate',
      'Glucosamine Joint Complex',
    ]);
    await context.setOffline(false);
  });

  test('signing out forgets them', { timeout: 90_000 }, async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await register(page, 'Riley Views');
    await view(page, OPENED[1]);
    await open(page, '/');
    await poll(() => recentlyViewed(page)).toEqual(['Glucosamine Joint Complex']);

    await logOut(page);
    await poll(() => recentlyViewed(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('recently-viewed'))).toBeNull();
    await page.reload();
    await page.getByRole('region', { name: 'Top products' }).locator('article').first().waitFor();
    expect(await recentlyViewed(page)).toEqual([]);
  });
});
