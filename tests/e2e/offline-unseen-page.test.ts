/**
 * A page never seen, opened when the shop's server cannot be reached, with the real service worker
 * and a server that is really stopped (or, for the return, a proxy in front of it that stops
 * answering): the offline screen shows inside the shop's frame (header, footer) with the page's own
 * title, at once — not after the saved cache's restore time-out, query retries or the first-page
 * wait — and the page loads by itself once the server answers again. Each figure is printed.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PERSIST_TIMEOUT_MS } from '../../src/lib/constants.ts';
import { REACHABILITY_PROBE_MS } from '../../src/lib/persist/online-state.ts';
import { launchBrowser } from './chrome.ts';
import { patientPoll } from './harness.ts';
import { persistedCache, waitForWorker } from './offline-helpers.ts';
import { startProxy } from './proxy.ts';
import { startShop, type RunningShop } from './shop.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';

const poll = patientPoll();
/**
 * Nothing may wait on a time-out: the offline state must be there well before the saved cache's
 * restore time-out (measured from the navigation's start, on the page's own clock).
 */
const OFFLINE_STATE_BUDGET_MS = PERSIST_TIMEOUT_MS / 2;
/** Browsing online, stopping the server and reloading: more than the default test time. */
const SCENARIO_TIMEOUT_MS = 120_000;
const NEVER_SEEN_PRODUCT = { path: '/product/glucosamine-joint-complex', title: 'Product Details' };
const NEVER_SEEN_CATEGORY = { path: '/category/creatine', title: 'Category Products' };

let browser: Browser;
const contexts: BrowserContext[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  for (const cleanup of cleanups) await cleanup();
});

async function newPage(baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  contexts.push(waitForHydrationOnNavigation(context));
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  return context.newPage();
}

/** Home, a category and two products, each once its answers are in the saved cache. */
async function browseOnline(page: Page): Promise<string[]> {
  const visits: [path: string, saved: string][] = [
    ['/', '"collection","top"'],
    ['/category/protein-powder', '{"category":["protein-powder"]}'],
    ['/product/whey-protein-isolate', '"detail","whey-protein-isolate"'],
    ['/product/creatine-monohydrate', '"detail","creatine-monohydrate"'],
  ];
  await page.goto('/');
  await waitForWorker(page);
  for (const [path, saved] of visits) {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await poll(async () => (await persistedCache(page)).includes(saved), path).toBe(true);
  }
  return visits.map(([path]) => path);
}

/**
 * Opens `path` and waits for the offline screen with the route's title and the shop's header;
 * resolves with the milliseconds from the navigation's start (the page's clock) to that state.
 */
async function timeToOfflineState(page: Page, path: string, title: string): Promise<number> {
  await page.goto(path, { waitUntil: 'commit' });
  const shownAt = await page.waitForFunction(
    (expected) =>
      document.querySelector('[data-testid="offline-screen"]') &&
      document.querySelector('header') &&
      document.title === expected
        ? performance.now()
        : null,
    title,
    { timeout: 30_000 },
  );
  return (await shownAt.jsonValue()) as number;
}

describe('a page never seen, the server out of reach', () => {
  test(
    'server stopped, then the browser offline too: the offline screen, its title and the shop frame show at once',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const shop: RunningShop = await startShop();
      cleanups.push(shop.stop);
      const page = await newPage(shop.baseURL);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const seen = await browseOnline(page);

      await shop.stop();
      // The browser still says "online": only the server is gone.
      const serverDown = await timeToOfflineState(
        page,
        NEVER_SEEN_PRODUCT.path,
        NEVER_SEEN_PRODUCT.title,
      );
      const bannerWhileDown = await page.getByTestId('offline-banner').isVisible();

      await page.context().setOffline(true);
      for (const path of seen) {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
      }
      const offlineProduct = await timeToOfflineState(
        page,
        NEVER_SEEN_PRODUCT.path,
        NEVER_SEEN_PRODUCT.title,
      );
      const offlineCategory = await timeToOfflineState(
        page,
        NEVER_SEEN_CATEGORY.path,
        NEVER_SEEN_CATEGORY.title,
      );
      // Reached from a page seen before, inside the app: the new page's title, not the last one's.
      await page.goto(seen[1]!);
      const unseen = page
        .locator('main article a[href^="/product/"]:not([aria-hidden="true"])')
        .filter({ hasNotText: /Whey Protein Isolate|Creatine Monohydrate/ })
        .first();
      await unseen.click();
      await poll(() => page.getByTestId('offline-screen').isVisible()).toBe(true);
      expect(await page.title()).toBe(NEVER_SEEN_PRODUCT.title);

      console.log(
        `time to the offline state of a page never seen: server stopped ${serverDown.toFixed(0)} ms, ` +
          `and browser offline: product ${offlineProduct.toFixed(0)} ms, ` +
          `category ${offlineCategory.toFixed(0)} ms (budget ${OFFLINE_STATE_BUDGET_MS} ms)`,
      );
      expect(bannerWhileDown).toBe(true);
      for (const figure of [serverDown, offlineProduct, offlineCategory]) {
        expect(figure).toBeLessThan(OFFLINE_STATE_BUDGET_MS);
      }
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  test(
    'once the server answers again, the page never seen loads by itself',
    { timeout: SCENARIO_TIMEOUT_MS },
    async () => {
      const shop = await startShop();
      cleanups.push(shop.stop);
      const proxy = await startProxy(shop.baseURL);
      cleanups.push(proxy.close);
      let down = false;
      // While down, every request's connection is dropped unanswered, as by a server that is gone.
      proxy.intercept((req) => (down ? () => req.socket.destroy() : undefined));
      const page = await newPage(proxy.baseURL);
      await browseOnline(page);

      down = true;
      const shown = await timeToOfflineState(
        page,
        NEVER_SEEN_PRODUCT.path,
        NEVER_SEEN_PRODUCT.title,
      );
      console.log(`server out of reach: offline state ${shown.toFixed(0)} ms`);
      expect(await page.getByTestId('offline-banner').isVisible()).toBe(true);

      const backAt = Date.now();
      down = false;
      await poll(() => page.locator('main h1').first().textContent()).toBe(
        'Glucosamine Joint Complex',
      );
      expect(await page.getByTestId('offline-banner').isVisible()).toBe(false);
      console.log(
        `back: the page never seen loaded ${Date.now() - backAt} ms after the server answered again ` +
          `(probed every ${REACHABILITY_PROBE_MS} ms)`,
      );
      expect(shown).toBeLessThan(OFFLINE_STATE_BUDGET_MS);
    },
  );
});
