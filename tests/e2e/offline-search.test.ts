/**
 * Offline search in Chromium, with the real service worker and server: after the home page and a
 * category were seen online, a reload with no network still searches — the search box suggests
 * the saved products that match under an offline note, Enter lists them on the results page
 * marked as offline results with their count, and a word matching nothing saved shows the
 * friendly empty state. No search request is attempted while offline.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { waitForWorker, persistedCache } from './offline-helpers.ts';
import { expectPictureDrawn, patientPoll, shopInBrowser } from './harness.ts';

const poll = patientPoll();

const e2e = shopInBrowser();

async function newPage(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

const productNames = (page: Page) =>
  page.locator('main article h2, main article h3').allTextContents();

/** Whether one word of the name begins with the term (how the offline search matches names). */
const nameMatches = (name: string, term: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => word.startsWith(term));

const searchInput = (page: Page) => page.getByTestId('search-box').getByRole('combobox');

async function typeInSearchBox(page: Page, term: string) {
  await page.getByTestId('search-toggle').click();
  const input = searchInput(page);
  await input.pressSequentially(term);
  return input;
}

describe('offline search', () => {
  test(
    'offline, the search box suggests the saved products that match and Enter lists them as offline results; a word matching nothing saved shows the empty state',
    { timeout: 120_000 },
    async () => {
      const page = await newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto('/');
      await waitForWorker(page);
      await poll(() => page.locator('main article').count(), 'home products').toBeGreaterThan(0);
      await poll(async () => (await persistedCache(page)).includes('"collection","top"')).toBe(
        true,
      );
      const seen = new Set(await productNames(page));

      await page.goto('/category/protein-powder');
      await poll(() => page.locator('main article').count(), 'category products').toBeGreaterThan(
        0,
      );
      await poll(async () =>
        (await persistedCache(page)).includes('{"category":["protein-powder"]}'),
      ).toBe(true);
      for (const name of await productNames(page)) seen.add(name);

      const term = 'whey';
      const byName = [...seen].filter((name) => nameMatches(name, term));
      expect(byName.length, 'saved products named with whey').toBeGreaterThan(1);

      // A word of the catalog that no saved product (nor anything else saved) contains.
      const saved = (await persistedCache(page)).toLowerCase();
      let missing: string | undefined;
      for (const word of ['dextrin', 'carnitine', 'chondroitin', 'turmeric', 'electrolyte']) {
        if (saved.includes(word)) continue;
        const total = await page.evaluate(async (search) => {
          const response = await fetch(`/api/v1/search/products?search=${search}`);
          const body = (await response.json()) as {
            results: { pagination: { totalProducts: number } };
          };
          return body.results.pagination.totalProducts;
        }, word);
        if (total > 0) {
          missing = word;
          break;
        }
      }
      expect(missing, 'a catalog word absent from the saved cache').toBeDefined();

      await page.context().setOffline(true);
      await page.reload();
      await page.locator('main h1').first().waitFor();
      await poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
      const searchRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/search/')) searchRequests.push(request.url());
      });

      // The search box suggests saved products, marked as offline.
      const input = await typeInSearchBox(page, term);
      const note = page.getByTestId('offline-suggestions');
      await poll(() => note.isVisible()).toBe(true);
      expect(await note.textContent()).toBe('Offline — showing products saved on this device');
      const dropdown = page.getByTestId('search-dropdown');
      await poll(() => dropdown.textContent()).toMatch(/Found \d+ suggestions/);
      const options = await dropdown.getByRole('option').allTextContents();
      const suggested = options.map(
        (text) =>
          [...seen].filter((name) => text.includes(name)).sort((a, b) => b.length - a.length)[0],
      );
      expect(suggested.every(Boolean), `suggestions among saved products: ${options}`).toBe(true);
      expect(options.every((text) => /^PRODUCT.*\d+%.*\$\d+\.\d\d$/.test(text))).toBe(true);
      // Each suggestion's picture is its small rendering, never fetched online; a picture the
      // worker keeps at another width (its card's) is shown from it.
      const kept = await page.evaluate(async () => {
        const cache = await caches.open('forge-images-v1');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      });
      const pictures = await dropdown.locator('img').evaluateAll((images) =>
        (images as HTMLImageElement[]).map((img) => ({
          path: new URL(img.src).pathname,
          small: new URL(img.src).searchParams.get('w') === '200',
        })),
      );
      expect(pictures.length).toBe(options.length);
      expect(pictures.every((picture) => picture.small)).toBe(true);
      const shownFromCards = pictures.filter((picture) => kept.includes(picture.path));
      expect(shownFromCards.length, 'suggestions whose card picture was seen').toBeGreaterThan(0);
      for (const { path } of shownFromCards) {
        const image = dropdown.locator(`img[src^="${path}"]`).first();
        await expectPictureDrawn(image, path);
      }
      // Name matches rank first.
      const leading = suggested.slice(0, Math.min(suggested.length, byName.length));
      expect(leading.filter((name) => !byName.includes(name!))).toEqual([]);
      expect(
        await dropdown.textContent(),
        `Found ${options.length} suggestions in the dropdown`,
      ).toContain(`Found ${options.length} suggestions`);

      // Enter lists the matches on the results page, marked as offline results, with a count.
      await input.press('Enter');
      await poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        `/search/products?q=${term}`,
      );
      const banner = page.getByTestId('offline-results');
      await poll(() => banner.isVisible()).toBe(true);
      expect(await banner.textContent()).toContain("You're offline");
      expect(await page.locator('main h1').first().textContent()).toBe(`“${term}”`);
      await poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      const listed = await productNames(page);
      const count = Number(
        /^(\d+) products?$/.exec(
          (await page.locator('main h2[aria-live]').textContent()) ?? '',
        )?.[1],
      );
      expect(count).toBeGreaterThanOrEqual(byName.length);
      expect(listed.length).toBe(Math.min(count, 24));
      expect(listed.filter((name) => !seen.has(name))).toEqual([]);
      expect(listed.slice(0, byName.length).filter((name) => !byName.includes(name))).toEqual([]);

      // A word of the catalog matching nothing saved: the friendly empty state, in the box and
      // on the results page.
      const again = await typeInSearchBox(page, missing!);
      await poll(() => dropdown.textContent()).toContain(`No suggestions found for ${missing}`);
      expect(await dropdown.textContent()).toContain(
        'While offline, only products saved on this device can be found',
      );
      await again.press('Enter');
      const empty = page.getByTestId('offline-results-empty');
      await poll(() => empty.isVisible()).toBe(true);
      expect(await empty.textContent()).toContain('No saved products match');
      expect(await page.locator('main article').count()).toBe(0);

      expect(searchRequests).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
