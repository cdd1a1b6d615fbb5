/**
 * Offline in Chromium, with the real service worker and server: pages seen before (home, a
 * category, a product, a search) render again after a reload with no network, from the precached
 * shell and the persisted query cache; a product never seen shows the friendly offline screen, not
 * the crash screen; a stalled IndexedDB does not hold the app past the restore time-out; logout
 * leaves no private data in Cache Storage or any IndexedDB database.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PERSIST_TIMEOUT_MS } from '../../src/lib/constants.ts';
import { waitForWorker, persistedCache } from './offline-helpers.ts';
import { patientPoll, shopInBrowser } from './harness.ts';
import { logOut } from './shopper.ts';

const poll = patientPoll();

const e2e = shopInBrowser();
/** How long before the database is opened the restore's time-out may start (its own setup). */
const RESTORE_START_SLACK_MS = 50;

async function newPage(): Promise<Page> {
  const context = await e2e.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

/** Every Cache Storage entry: cache name, URL and body text. */
function cachedEntries(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        const type = response?.headers.get('content-type') ?? '';
        const body = type.includes('json') && response ? await response.text() : '';
        entries.push({ cache: name, url: request.url, body });
      }
    }
    return entries;
  });
}

/** Every record of every IndexedDB database of the page's origin, as `database/store: JSON`. */
function indexedDbRecords(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const records: string[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        const values = await new Promise<unknown[]>((resolve, reject) => {
          const read = db.transaction(store).objectStore(store).getAll();
          read.onsuccess = () => resolve(read.result);
          read.onerror = () => reject(read.error);
        });
        for (const value of values) records.push(`${name}/${store}: ${JSON.stringify(value)}`);
      }
      db.close();
    }
    return records;
  });
}

/** What identifies a rendered page: its main heading and the product names it lists. */
async function pageSignature(page: Page) {
  await page.locator('main h1').first().waitFor();
  return {
    heading: await page.locator('main h1').first().textContent(),
    // Recently viewed grows as the walk opens products (it is the device's, not the page's).
    products: await page.evaluate(() =>
      [...document.querySelectorAll('main article')]
        .filter((card) => !card.closest('section[aria-labelledby^="recently-viewed"]'))
        .flatMap((card) => [...card.querySelectorAll('h2, h3')].map((h) => h.textContent)),
    ),
  };
}

describe('offline', () => {
  test(
    'pages seen before render after an offline reload; a page never seen shows the offline screen, then loads once back online',
    { timeout: 120_000 },
    async () => {
      const page = await newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // Each page with a piece of its query key in the saved cache: a page counts as seen once
      // its answers are saved (writes are throttled, so leaving at once could lose them).
      const visits: [path: string, saved: string][] = [
        ['/', '"collection","top"'],
        ['/category/protein-powder', '{"category":["protein-powder"]}'],
        ['/product/whey-protein-isolate', '"detail","whey-protein-isolate"'],
        ['/search/products?q=creatine', '{"search":"creatine"}'],
      ];
      const paths = visits.map(([path]) => path);
      await page.goto('/');
      await waitForWorker(page);
      const online = new Map<string, Awaited<ReturnType<typeof pageSignature>>>();
      for (const [path, saved] of visits) {
        await page.goto(path);
        if (path !== '/') {
          await poll(() => page.locator('main article').count(), path).toBeGreaterThan(0);
        }
        online.set(path, await pageSignature(page));
        await poll(async () => (await persistedCache(page)).includes(saved), path).toBe(true);
      }
      expect(online.get('/product/whey-protein-isolate')?.heading).toBe('Whey Protein Isolate');
      // Everything seen is still saved when the network goes.
      const saved = await persistedCache(page);
      expect(visits.filter(([, part]) => !saved.includes(part))).toEqual([]);

      await page.context().setOffline(true);
      await page.reload();
      expect(await pageSignature(page)).toEqual(online.get(paths[3]!));
      await poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
      for (const path of paths.slice(0, 3)) {
        await page.goto(path);
        expect(await pageSignature(page), path).toEqual(online.get(path));
      }

      await page.goto('/product/glucosamine-joint-complex');
      await poll(() => page.getByTestId('offline-screen').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Retry' }).isVisible()).toBe(true);
      expect(await page.getByText('Something went wrong').count()).toBe(0);

      // Back online, the page the shopper wanted loads by itself.
      await page.context().setOffline(false);
      await poll(() => page.locator('main h1').first().textContent()).toBe(
        'Glucosamine Joint Complex',
      );
      expect(errors).toEqual([]);
    },
  );
});

describe('restoring the saved cache', () => {
  test('a stalled IndexedDB does not hold the app: restore gives up at the time-out, logs it, and the shop starts', async () => {
    const page = await newPage();
    // The saved cache's database never answers (as when another tab blocks it). The page's own
    // clock marks when the restore asked for it and when it gave up, so the time the browser takes
    // to load the scripts on a busy machine does not count.
    await page.addInitScript(() => {
      const marks: { stalled?: number; gaveUp?: number } = {};
      (window as unknown as { marks: typeof marks }).marks = marks;
      const open = IDBFactory.prototype.open;
      IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
        if (name !== 'forge-query-cache') return open.call(this, name, version);
        marks.stalled ??= performance.now();
        return {} as IDBOpenDBRequest;
      };
      const warn = console.warn.bind(console);
      console.warn = (...args: unknown[]) => {
        if (String(args[0]).includes('offline cache')) marks.gaveUp ??= performance.now();
        warn(...args);
      };
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/');
    await page.locator('main h1').first().waitFor();
    const marks = await page.evaluate(() => ({
      ...(window as unknown as { marks: { stalled: number; gaveUp: number } }).marks,
      shown: performance.now(),
    }));
    expect(warnings.filter((text) => text.includes('offline cache'))).toEqual([
      'Restoring the offline cache took longer than 5000 ms; starting without it.',
    ]);
    // It waited the 5 s PERSIST_TIMEOUT_MS, and then nothing held the page (a busy machine adds a
    // little).
    // The time-out starts as the restore starts, a moment before it opens the database (seen:
    // 4998.9 ms from the open to the warning).
    expect(marks.gaveUp - marks.stalled).toBeGreaterThanOrEqual(
      PERSIST_TIMEOUT_MS - RESTORE_START_SLACK_MS,
    );
    expect(marks.gaveUp - marks.stalled).toBeLessThan(PERSIST_TIMEOUT_MS + 1000);
    expect(marks.shown - marks.gaveUp).toBeLessThan(2500);
  });
});

describe('logout', () => {
  test(
    'leaves no private data in Cache Storage or IndexedDB (persisted query cache, cart outbox)',
    { timeout: 120_000 },
    async () => {
      const email = `offline.shopper.${Date.now()}@example.ca`;
      const password = 'Str0ng-enough-pass';
      // Registered from a throwaway context; the shopper's page signs in through the shop's form.
      const registered = await (
        await newPage()
      )
        .context()
        .request.post('/api/v1/user/auth/register', {
          data: { name: 'Offline Shopper', email, password },
        });
      expect(registered.status(), await registered.text()).toBeLessThan(300);

      const page = await newPage();
      await page.goto('/login');
      await waitForWorker(page);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page
        .getByRole('form', { name: 'Sign in' })
        .getByRole('button', { name: /sign in/i })
        .click();
      await poll(() => new URL(page.url()).pathname).toBe('/');
      await page.goto('/search/products?q=whey');
      await poll(() => page.locator('main article').count()).toBeGreaterThan(0);
      // The results came in the server's HTML; the search box's suggestions are a public answer
      // the browser fetches itself, through the worker.
      await page.getByTestId('search-toggle').click();
      await page.getByTestId('search-box').getByRole('combobox').fill('whey');
      await poll(() => page.getByRole('listbox').getByRole('option').count()).toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await page.goto('/product/whey-protein-isolate');
      await page.locator('main h1').first().waitFor();
      // A cart change the server never hears of waits in the outbox until the logout.
      await page.route(/\/api\/v1\/cart/, (route) => route.abort('failed'));
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await poll(async () =>
        (await indexedDbRecords(page)).some((record) => record.startsWith('forge-outbox-cart/')),
      ).toBe(true);
      await page.goto('/profile/me');
      // The name field is enabled once the profile has come from the server.
      const name = page.getByRole('form', { name: 'Personal details' }).getByLabel('Name', {
        exact: true,
      });
      await poll(() => name.isEnabled()).toBe(true);
      expect(await name.inputValue()).toBe('Offline Shopper');
      await page.goto('/cart');
      await page.locator('main h1').first().waitFor();

      // Signed in: public answers are cached by the worker, private ones never are, and the
      // persisted query cache holds the profile (so the check below can fail).
      await poll(async () =>
        (await cachedEntries(page)).some((entry) => entry.url.includes('/api/v1/search/')),
      ).toBe(true);
      expect(
        (await cachedEntries(page)).filter(
          (entry) =>
            /\/api\/v1\/(cart|orders|user|auth|profile)/.test(entry.url) ||
            entry.body.includes(email),
        ),
      ).toEqual([]);
      await poll(async () => (await persistedCache(page)).includes(email)).toBe(true);

      await logOut(page);
      await poll(() => page.getByTestId('toast').locator('p').allTextContents()).toContain(
        'Logged out successfully.',
      );

      // The API caches were emptied: the search answer seen while signed in is gone (the home
      // page shown after logout may cache its own public images and categories again).
      await poll(async () =>
        (await cachedEntries(page)).filter((entry) => entry.url.includes('/api/v1/search/')),
      ).toEqual([]);
      expect(
        (await cachedEntries(page)).filter(
          (entry) =>
            /\/api\/v1\/(cart|orders|user|auth|profile)/.test(entry.url) ||
            entry.body.includes(email),
        ),
      ).toEqual([]);
      await poll(async () => (await persistedCache(page)).includes(email)).toBe(false);
      expect(await persistedCache(page)).not.toContain('Offline Shopper');
      // Nothing private in any database: no waiting cart change, no name or e-mail.
      await poll(async () =>
        (await indexedDbRecords(page)).filter(
          (record) =>
            record.startsWith('forge-outbox-') ||
            record.includes(email) ||
            record.includes('Offline Shopper'),
        ),
      ).toEqual([]);
    },
  );
});
