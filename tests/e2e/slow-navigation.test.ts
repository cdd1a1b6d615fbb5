/**
 * The service worker's answer to a navigation when the server is slow: it waits for the server's
 * page for NAVIGATION_NETWORK_TIMEOUT_MS, then answers with the precached shell, which renders the
 * page in the browser. The shop sits behind a proxy in this test that holds the answers to
 * chosen navigations until the test lets them go, so "slow" is a server that has not answered,
 * not a timing the test guesses.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NAVIGATION_NETWORK_TIMEOUT_MS } from '../../sw/navigation-timeout.ts';
import { launchBrowser } from './chrome.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';
import { waitForWorker } from './offline-helpers.ts';
import { startShop, type RunningShop } from './shop.ts';

/** A proxy to the shop that holds navigations to `held` paths until `release()`. */
function holdingProxy(target: string) {
  const held = new Set<string>();
  const waiting: (() => void)[] = [];
  const seen: string[] = [];
  const isNavigation = (incoming: IncomingMessage) =>
    incoming.headers['sec-fetch-mode'] === 'navigate' ||
    incoming.headers['service-worker-navigation-preload'] !== undefined;
  const server: Server = createServer((incoming, outgoing) => {
    const forward = () => {
      const upstream = request(
        new URL(incoming.url ?? '/', target),
        { method: incoming.method, headers: { ...incoming.headers, host: new URL(target).host } },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      upstream.on('error', () => outgoing.destroy());
      incoming.pipe(upstream);
    };
    const path = new URL(incoming.url ?? '/', target).pathname;
    if (isNavigation(incoming) && held.has(path)) {
      seen.push(path);
      waiting.push(forward);
    } else forward();
  });
  return {
    server,
    hold: (path: string) => held.add(path),
    /** Navigations held so far (their paths). */
    seen,
    release() {
      held.clear();
      for (const forward of waiting.splice(0)) forward();
    },
  };
}

let shop: RunningShop | undefined;
let browser: Browser | undefined;
let proxy: ReturnType<typeof holdingProxy> | undefined;
let baseURL = '';

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  proxy = holdingProxy(shop.baseURL);
  await new Promise<void>((resolve) => proxy!.server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(proxy.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.release();
  proxy?.server.closeAllConnections();
  await new Promise((resolve) => proxy?.server.close(resolve));
  await browser?.close();
  await shop?.stop();
});

describe('a navigation the server is slow to answer', () => {
  test(`after ${NAVIGATION_NETWORK_TIMEOUT_MS} ms the worker answers with the shell, which renders the page`, async () => {
    const context = waitForHydrationOnNavigation(await browser!.newContext({ baseURL }));
    await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await waitForWorker(page);

    // Answered in time: the page the server rendered (its query state is in the HTML).
    const fresh = await page.goto('/about');
    expect(fresh?.fromServiceWorker()).toBe(true);
    expect(await fresh?.text()).toContain('id="forge-query-state"');

    // The server holds the next navigation: the shell answers, and the app renders the page.
    proxy!.hold('/contact');
    const slow = await page.goto('/contact');
    expect(proxy!.seen, 'the server was asked').toContain('/contact');
    expect(slow?.fromServiceWorker()).toBe(true);
    const html = (await slow?.text()) ?? '';
    expect(html, 'the precached shell').not.toContain('id="forge-query-state"');
    expect(html).toContain('<div id="root">');
    await page.getByRole('heading', { level: 1, name: 'We are here to help' }).waitFor();
    expect(await page.title()).toBe('Contact Us');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    proxy!.release();

    // Once the server answers again, navigations get its pages.
    const again = await page.goto('/contact');
    expect(await again?.text()).toContain('id="forge-query-state"');
  });
});
