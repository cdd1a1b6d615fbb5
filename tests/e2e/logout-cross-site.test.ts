/**
 * Logout is a GET, so a page on another site could sign the shopper out with a link (a top-level
 * navigation carries SameSite=Lax cookies). In Chromium: such a navigation is refused and the
 * session survives, while the shop's own call and a configured storefront's call still sign out.
 * The shop is reached as http://localhost:<port>; the attacker's page is on http://127.0.0.1 (another
 * site) and the configured storefront on another localhost port (another origin, same site).
 */
import { createServer, type Server } from 'node:http';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { CROSS_ORIGIN_REFUSED } from '../../server/plugins/security.ts';
import { launchBrowser } from './chrome.ts';
import { freePort, startShop, type RunningShop } from './shop.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';

const password = 'Str0ng-enough-pass';

let shop: RunningShop;
let browser: Browser;
let api: string;
let storefront: string;
let attacker: string;
const pages: Server[] = [];
const contexts: BrowserContext[] = [];

/** Serves one HTML page on a free port of 127.0.0.1. */
async function servePage(html: string): Promise<number> {
  const port = await freePort();
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  pages.push(server);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return port;
}

beforeAll(async () => {
  const storefrontPort = await servePage('<!doctype html><title>storefront</title>');
  storefront = `http://localhost:${storefrontPort}`;
  [shop, browser] = await Promise.all([
    startShop({ STOREFRONT_ORIGINS: storefront }),
    launchBrowser(),
  ]);
  api = shop.baseURL.replace('127.0.0.1', 'localhost');
  const attackerPort = await servePage(
    `<!doctype html><title>prize</title><a id="trap" href="${api}/api/v1/user/auth/logout">Claim your prize</a>`,
  );
  attacker = `http://127.0.0.1:${attackerPort}`;
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await shop?.stop();
  await Promise.all(pages.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A browser context signed in to the shop (the cookie is the browser's own). */
async function signedInContext() {
  const context = await browser.newContext();
  contexts.push(waitForHydrationOnNavigation(context));
  const email = `cross.site.${Date.now()}.${contexts.length}@example.ca`;
  const registered = await context.request.post(`${api}/api/v1/user/auth/register`, {
    data: { name: 'Casey Lifts', email, password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const signedIn = async () =>
    (await context.request.get(`${api}/api/v1/user/profile/me`)).status() === 200;
  expect(await signedIn()).toBe(true);
  return { context, signedIn };
}

test('a link on another site does not sign the shopper out', async () => {
  const { context, signedIn } = await signedInContext();
  const page = await context.newPage();
  await page.goto(attacker);
  await page.locator('#trap').click();
  await expect.poll(() => page.url()).toBe(`${api}/api/v1/user/auth/logout`);
  await expect.poll(() => page.locator('body').textContent()).toContain(CROSS_ORIGIN_REFUSED);
  expect(await signedIn()).toBe(true);
});

test("the shop's own logout call signs out", async () => {
  const { context, signedIn } = await signedInContext();
  const page = await context.newPage();
  await page.goto(`${api}/contact`);
  const status = await page.evaluate(
    async () => (await fetch('/api/v1/user/auth/logout', { credentials: 'include' })).status,
  );
  expect(status).toBe(200);
  expect(await signedIn()).toBe(false);
});

test('a configured storefront on another origin signs out with its credentialed call', async () => {
  const { context, signedIn } = await signedInContext();
  const page = await context.newPage();
  await page.goto(storefront);
  const status = await page.evaluate(
    async (url) => (await fetch(url, { credentials: 'include' })).status,
    `${api}/api/v1/user/auth/logout`,
  );
  expect(status).toBe(200);
  expect(await signedIn()).toBe(false);
});
