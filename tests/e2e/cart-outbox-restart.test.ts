/**
 * The cart outbox across a browser restart, with the real service worker and server: in a
 * persistent Chromium profile a shopper goes offline, adds three items, changes a quantity and
 * removes a line, then closes the whole browser. Started again with the same profile and still no
 * network, the shop shows those changes and how many wait; once the network is back the server's
 * cart is exactly the expected one, each line once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, onTestFailed, test } from 'vitest';
import {
  addVariant,
  badge,
  fetchProduct,
  roomyVariants,
  serverCart,
  sorted,
  waitingText,
  type Product,
  type Variant,
} from './cart-helpers.ts';
import { CHROME_FLAGS, findChrome } from './chrome.ts';
import { persistedCache, waitForWorker } from './offline-helpers.ts';
import { startShop, type RunningShop } from './shop.ts';
import { patientPoll } from './harness.ts';

/** Two browser launches, a page load each and a sync: more than the default test time. */
const RESTART_TEST_TIMEOUT_MS = 120_000;

const poll = patientPoll(30_000);

let shop: RunningShop;
let product: Product;
let profile: string;
/** The running browser, closed by the test (to restart it) or at the end. */
let context: BrowserContext | null = null;

beforeAll(async () => {
  shop = await startShop();
  product = await fetchProduct(shop.baseURL, 'whey-protein-isolate');
  profile = mkdtempSync(path.join(os.tmpdir(), 'forge-profile-'));
});

afterAll(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await shop?.stop();
});

/** Starts the whole browser on the test's profile (closing it ends the browser process). */
async function launch(offline: boolean): Promise<{ browser: BrowserContext; page: Page }> {
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: findChrome(),
    args: CHROME_FLAGS,
    headless: true,
    baseURL: shop.baseURL,
    viewport: { width: 1280, height: 900 },
    offline,
  });
  context = browser;
  await browser.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  return { browser, page: browser.pages()[0] ?? (await browser.newPage()) };
}

/** For a failure report: the header badge, the lines shown, the commands still stored. */
function shownState(page: Page) {
  return page.evaluate(async () => {
    const badge = document.querySelector('[data-testid="cart-badge"]')?.textContent;
    const shown = [...document.querySelectorAll('main li')].map((li) => li.textContent);
    const open = indexedDB.open('forge-outbox-cart');
    const db = await new Promise<IDBDatabase>(
      (resolve) => (open.onsuccess = () => resolve(open.result)),
    );
    const read = db.transaction('commands').objectStore('commands').getAll();
    const waiting = await new Promise<{ type: string }[]>(
      (resolve) => (read.onsuccess = () => resolve(read.result as { type: string }[])),
    );
    return { url: location.href, badge, shown, waiting: waiting.map(({ type }) => type) };
  });
}

test(
  'changes made offline survive closing the browser, show after it starts again offline, and land exactly once',
  async () => {
    const roomy = roomyVariants(product);
    expect(roomy.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = roomy as [Variant, Variant, Variant];

    let { browser, page } = await launch(false);
    let step = 'before the restart';
    onTestFailed(async () => {
      console.error(
        `Browser-restart cart test failed ${step}: ${JSON.stringify(await shownState(page).catch(String))}`,
      );
    });
    await page.goto(`/product/${product.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    await waitForWorker(page);
    // The shopper's (empty) cart is in the saved query cache, as after any visit.
    await poll(async () => (await persistedCache(page)).includes('"queryKey":["cart"]')).toBe(true);

    await browser.setOffline(true);
    for (const variant of [first, second, third]) await addVariant(page, variant);
    await poll(() => badge(page)).toBe('3');
    await page.getByTestId('cart-link').click();
    const line = (variant: Variant) =>
      page.getByRole('listitem').filter({ hasText: variant.flavor.name }).filter({
        hasText: variant.size,
      });
    const increase = (variant: Variant) =>
      line(variant)
        .getByRole('button', { name: /^Increase quantity/ })
        .click();
    await increase(first);
    await increase(first);
    await line(second)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');

    await browser.close();
    context = null;

    // The same profile, started with no network: the worker serves the shell, IndexedDB the rest.
    ({ browser, page } = await launch(true));
    step = 'after the restart';
    const opened = await page.goto('/cart');
    expect(opened?.fromServiceWorker()).toBe(true);
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');
    expect(await line(first).locator('output').textContent()).toBe('3');
    expect(await line(third).locator('output').textContent()).toBe('1');
    expect(await line(second).count()).toBe(0);

    await browser.setOffline(false);
    step = 'once back online';
    await poll(() => waitingText(page)).toBe('');
    const lines = await serverCart(page);
    expect(lines).toEqual(
      sorted([
        { variantId: first._id, quantity: 3 },
        { variantId: third._id, quantity: 1 },
      ]),
    );
    expect(new Set(lines.map(({ variantId }) => variantId)).size).toBe(lines.length);
    await poll(() => badge(page)).toBe('4');
  },
  RESTART_TEST_TIMEOUT_MS,
);
