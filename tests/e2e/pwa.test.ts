/**
 * The installable app in Chromium, with the real service worker and server: Chromium reports no
 * installability errors (through the DevTools protocol, in a persistent profile: an incognito-like
 * context always reports `in-incognito`), the manifest's icons and screenshots load at their
 * declared sizes, the first visit registers the worker and precaches the whole shell, and a new
 * build served while a page is open leads to "Update available", whose Reload runs the new version
 * (and nothing reloads before the shopper asks).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROME_FLAGS, findChrome, launchBrowser } from './chrome.ts';
import { waitForWorker } from './offline-helpers.ts';
import { startShop, type RunningShop } from './shop.ts';
import { startProxy } from './proxy.ts';
import { patientPoll } from './harness.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';

const dist = path.resolve(import.meta.dirname, '../../dist');

let shop: RunningShop;
let browser: Browser;
const cleanups: (() => Promise<unknown> | unknown)[] = [];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await browser?.close();
  await shop?.stop();
});

const poll = patientPoll();

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
}

describe('install', () => {
  test('Chromium reports no installability errors, and every icon and screenshot loads at its size', async () => {
    const profile = mkdtempSync(path.join(os.tmpdir(), 'forge-profile-'));
    const context: BrowserContext = await chromium.launchPersistentContext(profile, {
      executablePath: findChrome(),
      args: CHROME_FLAGS,
      headless: true,
      baseURL: shop.baseURL,
      viewport: { width: 1280, height: 800 },
    });
    cleanups.push(() => rmSync(profile, { recursive: true, force: true }));
    cleanups.push(() => context.close());
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await waitForWorker(page);

    const cdp = await context.newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const response = await context.request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    const body = (await response.json()) as {
      name: string;
      short_name: string;
      description: string;
      id: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: ManifestImage[];
      screenshots: ManifestImage[];
      shortcuts: { name: string; short_name: string; url: string; icons: ManifestImage[] }[];
    };
    expect(body).toMatchObject({
      name: 'Forge Nutrition',
      short_name: 'Forge',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#15171c',
      background_color: '#ffffff',
    });
    expect(body.description.length).toBeGreaterThan(20);
    expect(body.shortcuts.map(({ short_name, name, url }) => ({ short_name, name, url }))).toEqual([
      { short_name: 'Search', name: 'Search products', url: '/search/products' },
      { short_name: 'Cart', name: 'Cart', url: '/cart' },
      { short_name: 'Orders', name: 'My Orders', url: '/my-orders' },
    ]);
    for (const shortcut of body.shortcuts) {
      expect(shortcut.icons.length, shortcut.name).toBeGreaterThan(0);
    }
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '192x192 maskable',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(body.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const image of [...body.icons, ...body.screenshots]) {
      const file = await context.request.get(image.src);
      expect(file.status(), image.src).toBe(200);
      expect(file.headers()['content-type'], image.src).toBe(image.type);
      expect(pngSize(await file.body()), image.src).toBe(image.sizes);
    }
    // The browser offered installation, so the shop shows its own button; it goes once installed.
    await poll(() => page.getByTestId('install-app').isVisible()).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')));
    await poll(() => page.getByTestId('install-app').count()).toBe(0);

    const touchIcon = await context.request.get(
      (await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')) ?? '',
    );
    expect(touchIcon.status()).toBe(200);
    expect(pngSize(await touchIcon.body())).toBe('180x180');
    // iOS reads these instead of the manifest when a page is added to the home screen.
    const meta = (name: string) =>
      page.locator(`meta[name="${name}"]`).getAttribute('content', { timeout: 1000 });
    expect(await meta('apple-mobile-web-app-capable')).toBe('yes');
    expect(await meta('apple-mobile-web-app-title')).toBe('Forge');
    expect(await meta('apple-mobile-web-app-status-bar-style')).toBeTruthy();
    expect(await meta('theme-color')).toBe(body.theme_color);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
  });
});

describe('service worker', () => {
  test('the first visit registers the worker, which precaches the whole shell and serves it', async () => {
    const context = waitForHydrationOnNavigation(
      await browser.newContext({ baseURL: shop.baseURL }),
    );
    cleanups.push(() => context.close());
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);

    const expected = [
      ...readFileSync(path.join(dist, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g),
    ]
      .map((match) => `/${match[1]}`)
      .sort();
    expect(new Set(expected).size, 'each file is listed once').toBe(expected.length);
    expect(expected).toContain('/index.html');
    expect(expected.some((url) => url.endsWith('.woff2'))).toBe(true);
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      if (!name) return [];
      const requests = await (await caches.open(name)).keys();
      return requests.map((request) => new URL(request.url).pathname);
    });
    expect(precached.sort()).toEqual(expected);

    const navigation = await page.goto('/category/creatine');
    expect(navigation?.fromServiceWorker()).toBe(true);
    // Online, the worker answers with the page the server rendered, through navigation preload;
    // the precached shell is for when the network fails (tests/e2e/offline*.test.ts).
    expect(await navigation?.text()).toContain('id="forge-query-state"');
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.navigationPreload.getState()).enabled;
      }),
    ).toBe(true);
    // API paths are never answered with the shell, fetched or opened as a page.
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/v1/no-such-endpoint', { headers: { accept: 'text/html' } });
      return { status: res.status, type: res.headers.get('content-type') };
    });
    expect(api.status).toBe(404);
    expect(api.type).toContain('application/json');
    for (const apiPage of ['/api/v1/cart', '/api/v1/no-such-endpoint']) {
      const opened = await page.goto(apiPage);
      expect(opened?.fromServiceWorker(), apiPage).toBe(false);
      expect(opened?.headers()['content-type'], apiPage).toContain('application/json');
    }
    // Nor are the server's own files, opened as pages.
    const robots = await page.goto('/robots.txt');
    expect(robots?.headers()['content-type']).toContain('text/plain');

    // Runtime caches: public catalogue answers (200 only) and product images; nothing private.
    await page.goto('/product/whey-protein-isolate');
    await page.locator('main h1').first().waitFor();
    await page.evaluate(() =>
      Promise.all(
        ['/api/v1/taxonomy/categories', '/api/v1/taxonomy/no-such-list', '/api/v1/cart'].map(
          (url) => fetch(url),
        ),
      ),
    );
    const cached = () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          if (name.startsWith('workbox-precache')) continue;
          const requests = await (await caches.open(name)).keys();
          urls.push(...requests.map((request) => `${name} ${new URL(request.url).pathname}`));
        }
        return urls;
      });
    await poll(cached).toEqual(
      expect.arrayContaining([
        'forge-public-api-v1 /api/v1/taxonomy/categories',
        'forge-images-v1 /api/v1/images/products/whey-protein-isolate/1.png',
      ]),
    );
    expect((await cached()).filter((entry) => /no-such-list|\/cart|\/user\//.test(entry))).toEqual(
      [],
    );
    // Cache-first: a product image seen once is shown with no network.
    await context.setOffline(true);
    const image = await page.evaluate(async () => {
      const requests = await (await caches.open('forge-images-v1')).keys();
      const seen = requests.find((request) => request.url.includes('whey-protein-isolate/1.png'));
      const response = await fetch(seen?.url ?? '');
      return { status: response.status, type: response.headers.get('content-type') };
    });
    await context.setOffline(false);
    expect(image).toMatchObject({ status: 200, type: 'image/png' });
  });
});

/**
 * A proxy in front of the shop that can serve a "new build": a changed index.html and a worker
 * whose precache lists that new revision (as the next `vite build` would produce).
 */
async function startReleaseProxy(upstreamBaseURL: string) {
  const proxy = await startProxy(upstreamBaseURL);
  return {
    baseURL: proxy.baseURL,
    release(files: { index: string; worker: string }) {
      const serve = (type: string, body: string) => (res: ServerResponse) => {
        res.writeHead(200, { 'content-type': type, 'cache-control': 'no-cache' });
        res.end(body);
      };
      proxy.intercept((req) => {
        const { pathname } = new URL(req.url ?? '/', 'http://proxy');
        if (pathname === '/sw.js') return serve('text/javascript; charset=utf-8', files.worker);
        const wantsPage =
          (req.headers.accept ?? '').includes('text/html') && !pathname.includes('.');
        if (pathname === '/index.html' || wantsPage) {
          return serve('text/html; charset=utf-8', files.index);
        }
        return undefined;
      });
    },
    close: proxy.close,
  };
}

describe('updates', () => {
  test('a new build served while a page is open shows "Update available"; Reload runs the new version', async () => {
    const proxy = await startReleaseProxy(shop.baseURL);
    cleanups.push(proxy.close);
    const context = waitForHydrationOnNavigation(
      await browser.newContext({ baseURL: proxy.baseURL }),
    );
    cleanups.push(() => context.close());
    await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);
    await page.locator('main h1').first().waitFor();
    expect(await page.getByTestId('update-banner').count()).toBe(0);

    const index = readFileSync(path.join(dist, 'index.html'), 'utf8').replace(
      '</head>',
      '<meta name="forge-release" content="next" /></head>',
    );
    const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    const nextWorker = worker.replace(
      /"revision":"[0-9a-f]+","url":"index.html"/,
      '"revision":"next-release","url":"index.html"',
    );
    expect(nextWorker).not.toBe(worker);
    proxy.release({ index, worker: nextWorker });

    // Marks this document: it survives until something reloads the page.
    await page.evaluate(() => {
      (window as Window & { sameDocument?: boolean }).sameDocument = true;
    });
    // The browser's own update check (the app also runs it on focus, reconnect and hourly).
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.update()),
    );
    await poll(() => page.getByTestId('update-banner').isVisible()).toBe(true);
    expect(await page.getByTestId('update-banner').textContent()).toContain('Update available');
    expect(
      await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument),
    ).toBe(true);
    expect(await page.locator('meta[name="forge-release"]').count()).toBe(0);

    await page.getByTestId('update-banner').getByRole('button', { name: 'Reload' }).click();
    await poll(async () => {
      try {
        return await page.locator('meta[name="forge-release"]').getAttribute('content');
      } catch {
        return 'navigating';
      }
    }).toBe('next');
    expect(
      await page.evaluate(() => (window as Window & { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();
    await page.locator('main h1').first().waitFor();
    expect(await page.getByTestId('update-banner').count()).toBe(0);
  });
});
