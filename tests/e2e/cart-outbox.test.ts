/**
 * The cart outbox in Chromium, with the real service worker and server (issue 5): changes made
 * offline survive a reload and land once; a flaky network that loses requests and answers loses
 * no change and applies none twice; two tabs' queued changes each land once; a change the server
 * refuses is rolled back with a toast saying why.
 */
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser } from './chrome.ts';
import { startShop, type RunningShop } from './shop.ts';

const poll = <T>(read: () => T | Promise<T>, message?: string) =>
  expect.poll(read, { timeout: 30_000, message });

let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface Variant {
  _id: string;
  flavor: { name: string };
  size: string;
  stock: number;
}
interface Product {
  _id: string;
  slug: string;
  name: string;
  variants: Variant[];
}
let product: Product;
/** Variants with room for every quantity the tests ask for. */
let roomy: Variant[];

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
  const answer = (await (
    await fetch(`${shop.baseURL}/api/v1/products/whey-protein-isolate`)
  ).json()) as { data: Product };
  product = answer.data;
  roomy = product.variants.filter((variant) => variant.stock >= 20);
  expect(roomy.length).toBeGreaterThanOrEqual(3);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await shop?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: shop.baseURL,
    viewport: { width: 1280, height: 900 },
  });
  contexts.push(context);
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  return context;
}

async function openProduct(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/product/${product.slug}`);
  await page.getByRole('button', { name: 'Add to cart' }).waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  return page;
}

/** Chooses the variant on the product page (no request: the choice lives in the URL) and adds it. */
async function addVariant(page: Page, variant: Variant) {
  await page
    .getByRole('group', { name: /^Flavor/ })
    .getByRole('radio', { name: variant.flavor.name })
    .click();
  await page
    .getByRole('group', { name: /^Size/ })
    .getByRole('radio', { name: variant.size })
    .click();
  await page.getByRole('button', { name: 'Add to cart' }).click();
}

/** The server's cart for this page's shopper, asked with the page's cookies and guest id. */
async function serverCart(page: Page): Promise<{ variantId: string; quantity: number }[]> {
  const items = await page.evaluate(async () => {
    const id = localStorage.getItem('guestCartId');
    const url = id ? `/api/v1/cart?guestCartId=${encodeURIComponent(id)}` : null;
    if (!url) return [];
    const response = await fetch(url, { credentials: 'include' });
    const body = (await response.json()) as {
      data: { items: { variantId: string; quantity: number }[] };
    };
    return body.data.items.map(({ variantId, quantity }) => ({ variantId, quantity }));
  });
  return items.sort((a, b) => a.variantId.localeCompare(b.variantId));
}

const waitingText = (page: Page) => page.getByTestId('cart-pending-sync').textContent();
const badge = (page: Page) => page.getByTestId('cart-badge').textContent();
const sorted = (lines: { variantId: string; quantity: number }[]) =>
  [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId));

describe('cart outbox', () => {
  test('offline: three adds, a quantity change and a removal survive a reload and land exactly once', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const [first, second, third] = roomy as [Variant, Variant, Variant];

    await context.setOffline(true);
    for (const variant of [first, second, third]) await addVariant(page, variant);
    await poll(() => badge(page)).toBe('3');

    await page.getByTestId('cart-link').click();
    await poll(() => waitingText(page)).toBe('3 changes waiting to sync');
    const line = (variant: Variant) =>
      page.getByRole('listitem').filter({ hasText: variant.flavor.name }).filter({
        hasText: variant.size,
      });
    await line(first)
      .getByRole('button', { name: /^Increase quantity/ })
      .click();
    await line(first)
      .getByRole('button', { name: /^Increase quantity/ })
      .click();
    await line(second)
      .getByRole('button', { name: /^Remove/ })
      .click();
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');
    expect(await page.getByRole('link', { name: 'Sign in to check out' }).isVisible()).toBe(true);

    // Still offline: the queued changes and their effect come back from IndexedDB.
    await page.reload();
    await poll(() => waitingText(page)).toBe('6 changes waiting to sync');
    await poll(() => badge(page)).toBe('4');
    expect(await line(second).count()).toBe(0);

    await context.setOffline(false);
    await poll(() => waitingText(page)).toBe('');
    expect(await serverCart(page)).toEqual(
      sorted([
        { variantId: first._id, quantity: 3 },
        { variantId: third._id, quantity: 1 },
      ]),
    );
    await poll(() => badge(page)).toBe('4');
  });

  test('a flaky network that loses 30 % of requests and 30 % of answers loses no change and applies none twice', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    // A seeded generator, so a failure can be replayed.
    let seed = 20261123;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    let dropped = 0;
    let lost = 0;
    await context.route(/\/api\/v1\/cart/, async (route: Route) => {
      if (route.request().method() === 'GET') return route.continue();
      const roll = random();
      if (roll < 0.3) {
        dropped += 1;
        return route.abort('failed');
      }
      const response = await route.fetch();
      if (roll < 0.6) {
        lost += 1;
        return route.abort('failed');
      }
      return route.fulfill({ response });
    });

    const model = new Map<string, number>();
    const variants = roomy.slice(0, 3);
    const changes = 50;
    for (let i = 0; i < changes; i += 1) {
      const variant = variants[Math.floor(random() * variants.length)]!;
      // Adds from the product page; the server caps nothing here: 20 of stock, at most 20 a line.
      if ((model.get(variant._id) ?? 0) >= 19) continue;
      await addVariant(page, variant);
      model.set(variant._id, (model.get(variant._id) ?? 0) + 1);
    }
    const expected = sorted([...model].map(([variantId, quantity]) => ({ variantId, quantity })));
    const total = expected.reduce((sum, line) => sum + line.quantity, 0);
    await poll(() => badge(page)).toBe(String(total));

    await page.getByTestId('cart-link').click();
    await expect
      .poll(() => waitingText(page), { timeout: 120_000, message: 'the outbox drains' })
      .toBe('');
    expect(await serverCart(page)).toEqual(expected);
    expect(dropped + lost).toBeGreaterThan(5);
  }, 180_000);

  test('two tabs queue changes offline; each change lands once when the network returns', async () => {
    const context = await newContext();
    const tabA = await openProduct(context);
    const [first, second] = roomy as [Variant, Variant];
    // The guest cart exists before the tabs go offline, so both send to the same cart.
    await addVariant(tabA, first);
    await poll(() => waitingText(tabA).catch(() => '')).toBe('');
    await poll(async () => (await serverCart(tabA)).length).toBe(1);
    const tabB = await openProduct(context);

    await context.setOffline(true);
    await addVariant(tabA, first);
    await addVariant(tabB, second);
    await addVariant(tabB, second);
    await addVariant(tabA, second);
    await context.setOffline(false);

    await poll(async () => serverCart(tabA)).toEqual(
      sorted([
        { variantId: first._id, quantity: 2 },
        { variantId: second._id, quantity: 3 },
      ]),
    );
    await poll(() => badge(tabB)).toBe('5');
    await poll(() => badge(tabA)).toBe('5');
  });

  test('a change the server refuses is rolled back with a toast saying why', async () => {
    const context = await newContext();
    const page = await openProduct(context);
    const [first] = roomy as [Variant];
    await addVariant(page, first);
    await poll(async () => (await serverCart(page)).length).toBe(1);
    await page.getByTestId('cart-link').click();
    const line = page.getByRole('listitem').filter({ hasText: first.flavor.name });
    await line.waitFor();

    // Another device empties the cart; this page still shows the line.
    await page.evaluate(async () => {
      const id = localStorage.getItem('guestCartId') ?? '';
      const headers = { 'x-guest-cart-id': id, 'x-requested-with': 'forge-storefront' };
      const cart = (await (await fetch('/api/v1/cart', { headers })).json()) as {
        data: { items: { itemId: string }[] };
      };
      for (const item of cart.data.items) {
        await fetch(`/api/v1/cart/items/${item.itemId}`, { method: 'DELETE', headers });
      }
    });

    await line.getByRole('button', { name: /^Increase quantity/ }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'That item is not in your cart.' });
    await poll(() => toast.count()).toBeGreaterThan(0);
    await poll(() => line.count()).toBe(0);
    await poll(() => waitingText(page)).toBe('');
  });
});
