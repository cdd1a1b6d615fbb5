/**
 * The worker's runtime caches in Chromium, with the real service worker and server
 * (docs/architecture.md, Offline), held to the bounds the worker is built with
 * (sw/cache-policy.ts):
 * - taxonomy and search answers (stale-while-revalidate) and images (cache-first) keep at most
 *   `maxEntries`, dropping the least recently used;
 * - an entry older than `maxAgeSeconds` is dropped (its time is set back in workbox-expiration's
 *   IndexedDB records, the clock the worker reads);
 * - only 200 answers are kept, and a cached answer is not replaced by a later error;
 * - an image larger than `maxImageBytes` once decoded is shown but not kept, however it is sent
 *   (with its length, chunked, or compressed); one at the bound is kept and served from the cache;
 * - when the origin runs out of quota, both runtime caches are dropped whole and the shell stays.
 */
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { IMAGE_CACHE, PUBLIC_API_CACHE } from '../../sw/cache-names.ts';
import { IMAGE_CACHE_POLICY, PUBLIC_API_CACHE_POLICY } from '../../sw/cache-policy.ts';
import { launchBrowser } from './chrome.ts';
import { waitForWorker } from './offline-helpers.ts';
import { startProxy, type ShopProxy } from './proxy.ts';
import { startShop, type RunningShop } from './shop.ts';
import { patientPoll } from './harness.ts';

/** Requests made past a cache's entry bound, so that the oldest must go. */
const PAST_THE_BOUND = 10;
/** How long one answer may take to land in its cache on a busy machine. */
const LANDING_TIMEOUT_MS = 10_000;
/** Filling a cache past its bound makes a few hundred requests, one after the other. */
const FILL_TEST_TIMEOUT_MS = 120_000;
const HOUR_MS = 60 * 60 * 1000;
/** A real product image; any `v` query is a distinct URL the shop still answers with 200. */
const PRODUCT_IMAGE = '/api/v1/images/products/whey-protein-isolate/1.svg';

const poll = patientPoll();

let shop: RunningShop;
let proxy: ShopProxy;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  proxy = await startProxy(shop.baseURL);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await proxy?.close();
  await shop?.stop();
});

/**
 * A page controlled by the worker that runs no app code of its own (the shop's robots.txt, in
 * scope but never answered with the shell), so that only the test's requests touch the caches.
 */
async function quietPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: proxy.baseURL });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  const page = await context.newPage();
  await page.goto('/');
  await waitForWorker(page);
  await page.goto('/robots.txt');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page;
}

const padded = (i: number) => String(i).padStart(4, '0');

/**
 * Fetches each URL in turn through the worker and waits until its answer is in `cacheName` before
 * the next, so the cache's use order is the order of `urls`. Returns the statuses.
 */
function fillInOrder(page: Page, cacheName: string, urls: string[]): Promise<number[]> {
  return page.evaluate(
    async ({ cacheName, urls, timeoutMs }) => {
      const cache = await caches.open(cacheName);
      const statuses: number[] = [];
      for (const url of urls) {
        const response = await fetch(url);
        await response.arrayBuffer();
        statuses.push(response.status);
        const deadline = Date.now() + timeoutMs;
        while (!(await cache.match(url))) {
          if (Date.now() > deadline) throw new Error(`${url} never reached ${cacheName}`);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      }
      return statuses;
    },
    { cacheName, urls, timeoutMs: LANDING_TIMEOUT_MS },
  );
}

/** Path and query of every entry of a runtime cache ([] when the cache does not exist). */
function cachedUrls(page: Page, cacheName: string): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => {
      const url = new URL(request.url);
      return url.pathname + url.search;
    });
  }, cacheName);
}

/** Fetches `url` through the worker: its status and body size as the page sees them. */
function fetchSeen(page: Page, url: string) {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  }, url);
}

/**
 * Sets the time workbox-expiration recorded for a cached URL (the worker drops by these times).
 */
function setRecordedTime(page: Page, cacheName: string, url: string, timestamp: number) {
  return page.evaluate(
    ({ cacheName, url, timestamp }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('workbox-expiration');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('cache-entries', 'readwrite').objectStore('cache-entries');
          const id = `${cacheName}|${new URL(url, location.href).href}`;
          const read = store.get(id);
          read.onsuccess = () => {
            if (!read.result) {
              db.close();
              reject(new Error(`no expiration record for ${id}`));
              return;
            }
            const write = store.put({ ...read.result, timestamp });
            write.onsuccess = () => {
              db.close();
              resolve();
            };
            write.onerror = () => reject(write.error);
          };
        };
      }),
    { cacheName, url, timestamp },
  );
}

/** An SVG of exactly `bytes` bytes. */
function svgOfSize(bytes: number): Buffer {
  const open = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><!--';
  const close = '--></svg>';
  return Buffer.from(open + 'x'.repeat(bytes - open.length - close.length) + close);
}

describe('taxonomy and search answers', () => {
  test(
    'the cache keeps at most maxEntries answers, the most recently used',
    async () => {
      const page = await quietPage();
      const { maxEntries } = PUBLIC_API_CACHE_POLICY;
      const urls = Array.from(
        { length: maxEntries + PAST_THE_BOUND },
        (_, i) => `/api/v1/search/suggest?q=bound-${padded(i)}`,
      );
      const statuses = await fillInOrder(page, PUBLIC_API_CACHE, urls);
      expect(new Set(statuses)).toEqual(new Set([200]));

      // The answers the home page left, then the oldest of these, are gone.
      await poll(async () => (await cachedUrls(page, PUBLIC_API_CACHE)).length).toBe(maxEntries);
      expect((await cachedUrls(page, PUBLIC_API_CACHE)).sort()).toEqual(urls.slice(PAST_THE_BOUND));
    },
    FILL_TEST_TIMEOUT_MS,
  );

  test('an answer older than maxAgeSeconds is dropped; a younger one stays', async () => {
    const page = await quietPage();
    const [expired, young, fresh] = ['age-expired', 'age-young', 'age-fresh'].map(
      (term) => `/api/v1/search/suggest?q=${term}`,
    ) as [string, string, string];
    await fillInOrder(page, PUBLIC_API_CACHE, [expired, young]);
    const maxAgeMs = PUBLIC_API_CACHE_POLICY.maxAgeSeconds * 1000;
    const now = await page.evaluate(() => Date.now());
    await setRecordedTime(page, PUBLIC_API_CACHE, expired, now - maxAgeMs - HOUR_MS);
    await setRecordedTime(page, PUBLIC_API_CACHE, young, now - maxAgeMs + HOUR_MS);

    // Any write to the cache makes the worker look for expired entries.
    await fillInOrder(page, PUBLIC_API_CACHE, [fresh]);
    await poll(() => cachedUrls(page, PUBLIC_API_CACHE)).not.toContain(expired);
    expect(await cachedUrls(page, PUBLIC_API_CACHE)).toEqual(
      expect.arrayContaining([young, fresh]),
    );
  });

  test('only 200 answers are kept, and a cached answer is not replaced by a later error', async () => {
    const page = await quietPage();
    const flaky = '/api/v1/search/suggest?q=flaky-answer';
    const [first] = await fillInOrder(page, PUBLIC_API_CACHE, [flaky]);
    expect(first).toBe(200);
    const cachedBody = () =>
      page.evaluate(async ({ name, url }) => (await (await caches.open(name)).match(url))?.text(), {
        name: PUBLIC_API_CACHE,
        url: flaky,
      });
    const original = await cachedBody();
    expect(original).toContain('"success":true');

    proxy.answer(flaky, (res) => {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end('{"success":false,"message":"Service unavailable"}');
    });
    // Stale-while-revalidate: the cached answer at once, and a revalidation that meets the 503.
    expect(await fetchSeen(page, flaky)).toMatchObject({ status: 200 });
    await poll(() => proxy.hits(flaky)).toBe(2);

    const refused = [
      '/api/v1/search/suggest', // 400: no term
      '/api/v1/search/products?page=0', // 400: no such page
      '/api/v1/taxonomy/no-such-list', // 404
      `${PRODUCT_IMAGE.replace('whey-protein-isolate', 'no-such-product')}`, // 404
    ];
    for (const url of refused) {
      expect((await fetchSeen(page, url)).status, url).toBeGreaterThanOrEqual(400);
    }
    // A later 200 in each cache has landed: the worker has handled every answer before it.
    await fillInOrder(page, PUBLIC_API_CACHE, ['/api/v1/taxonomy/categories']);
    await fillInOrder(page, IMAGE_CACHE, [`${PRODUCT_IMAGE}?v=after-refusals`]);
    const kept = [
      ...(await cachedUrls(page, PUBLIC_API_CACHE)),
      ...(await cachedUrls(page, IMAGE_CACHE)),
    ];
    for (const url of refused) expect(kept, url).not.toContain(url);
    expect(await cachedBody()).toBe(original);
  });
});

describe('images', () => {
  test('an image over maxImageBytes is shown but not kept, however it is sent; one at the bound is kept', async () => {
    const page = await quietPage();
    const { maxImageBytes } = IMAGE_CACHE_POLICY;
    const atBound = svgOfSize(maxImageBytes);
    const over = svgOfSize(maxImageBytes + 1);
    const svg = 'image/svg+xml';
    const images = {
      '/api/v1/images/test/at-bound.svg': () => ({ body: atBound, headers: {} }),
      '/api/v1/images/test/at-bound-gzip.svg': () => ({
        body: gzipSync(atBound),
        headers: { 'content-encoding': 'gzip' },
      }),
      '/api/v1/images/test/over.svg': () => ({ body: over, headers: {} }),
      '/api/v1/images/test/over-chunked.svg': () => ({ body: over, headers: { chunked: true } }),
      '/api/v1/images/test/over-gzip.svg': () => ({
        body: gzipSync(over),
        headers: { 'content-encoding': 'gzip' },
      }),
    };
    for (const [url, make] of Object.entries(images)) {
      proxy.answer(url, (res) => {
        const { body, headers } = make();
        if ('chunked' in headers) {
          // No Content-Length: the body arrives in pieces.
          res.writeHead(200, { 'content-type': svg });
          res.write(body.subarray(0, body.length / 2));
          res.end(body.subarray(body.length / 2));
          return;
        }
        res.writeHead(200, { 'content-type': svg, 'content-length': body.length, ...headers });
        res.end(body);
      });
    }

    for (const url of Object.keys(images)) {
      const bytes = url.includes('over') ? over.length : atBound.length;
      expect(await fetchSeen(page, url), url).toEqual({ status: 200, bytes });
    }
    await fillInOrder(page, IMAGE_CACHE, [`${PRODUCT_IMAGE}?v=after-large-images`]);
    const kept = await cachedUrls(page, IMAGE_CACHE);
    expect(kept.filter((url) => url.startsWith('/api/v1/images/test/')).sort()).toEqual([
      '/api/v1/images/test/at-bound-gzip.svg',
      '/api/v1/images/test/at-bound.svg',
    ]);

    // Cache-first: the kept image is shown again without asking the network.
    const hitsBefore = proxy.hits('/api/v1/images/test/at-bound.svg');
    expect(await fetchSeen(page, '/api/v1/images/test/at-bound.svg')).toEqual({
      status: 200,
      bytes: atBound.length,
    });
    expect(proxy.hits('/api/v1/images/test/at-bound.svg')).toBe(hitsBefore);
  });

  test(
    'the cache keeps at most maxEntries images, the most recently used',
    async () => {
      const page = await quietPage();
      const { maxEntries } = IMAGE_CACHE_POLICY;
      const urls = Array.from(
        { length: maxEntries + PAST_THE_BOUND },
        (_, i) => `${PRODUCT_IMAGE}?v=bound-${padded(i)}`,
      );
      const statuses = await fillInOrder(page, IMAGE_CACHE, urls);
      expect(new Set(statuses)).toEqual(new Set([200]));

      await poll(async () => (await cachedUrls(page, IMAGE_CACHE)).length).toBe(maxEntries);
      expect((await cachedUrls(page, IMAGE_CACHE)).sort()).toEqual(urls.slice(PAST_THE_BOUND));
    },
    FILL_TEST_TIMEOUT_MS,
  );
});

describe('storage quota', () => {
  test('a write that exceeds the quota drops both runtime caches whole; the shell stays', async () => {
    const context = await browser.newContext({ baseURL: proxy.baseURL });
    contexts.push(context);
    await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);
    await page.goto('/robots.txt');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await fillInOrder(page, PUBLIC_API_CACHE, ['/api/v1/taxonomy/categories']);
    await fillInOrder(page, IMAGE_CACHE, [`${PRODUCT_IMAGE}?v=before-quota`]);
    const runtimeCaches = () =>
      page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('forge-')));
    expect((await runtimeCaches()).sort()).toEqual([IMAGE_CACHE, PUBLIC_API_CACHE].sort());

    // The origin's quota shrinks to nothing: the next write the worker makes fails.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.overrideQuotaForOrigin', { origin: proxy.baseURL, quotaSize: 1 });
    try {
      expect(await fetchSeen(page, '/api/v1/search/suggest?q=over-quota')).toMatchObject({
        status: 200,
      });
      await poll(runtimeCaches).toEqual([]);
    } finally {
      await cdp.send('Storage.overrideQuotaForOrigin', { origin: proxy.baseURL });
    }
    const precache = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      return name ? (await (await caches.open(name)).keys()).length : 0;
    });
    expect(precache).toBeGreaterThan(0);
  });
});
