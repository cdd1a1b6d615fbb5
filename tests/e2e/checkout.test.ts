/**
 * Buying in Chromium: a new shopper registers, fills the cart, checks out with a new address,
 * pays with the built-in test provider through its authentication step, and follows the order
 * (success page, My Orders, the order's page, its invoice, the page again offline); and the answer to "Place order" lost
 * on the network still makes one order, not two.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { persistedCache, waitForWorker } from './offline-helpers.ts';
import {
  addProduct as addToCart,
  fillAddress,
  myOrders,
  open,
  pathname,
  payAndReachSuccess,
  register,
} from './shopper.ts';

const e2e = shopInBrowser();
const addProduct = (page: Page, slug: string) => addToCart(page, e2e.shop.baseURL, slug);

describe('checkout', () => {
  test('a new shopper buys two products, passes the authentication step and follows the order', async () => {
    const context: BrowserContext = await e2e.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await register(page, 'Maya Chen');
    await addProduct(page, 'whey-protein-isolate');
    await addProduct(page, 'creatine-monohydrate');

    await open(page, '/checkout');
    expect(await page.title()).toBe('Checkout');
    const form = await fillAddress(page);
    await form.getByRole('radio', { name: /Standard shipping/ }).check();
    // The summary reprices from the server for Ontario: one HST line at 13 %.
    const summary = page.getByRole('complementary', { name: /summary/i }).first();
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toMatch(/HST \(13\s?%\)/);
    await form.getByRole('button', { name: 'Place order' }).click();

    const card = page.getByRole('form', { name: 'Test payment — no card is charged' });
    await card.waitFor({ timeout: 15_000 });
    await card.getByLabel('Card number').fill('4000 0025 0000 3155');
    await card.getByLabel('Expiry (MM/YY)').fill('12/34');
    await card.getByLabel('CVC').fill('123');
    await card.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/order-success');
    await expect.poll(() => page.title()).toBe('Order Successful');
    const main = page.locator('main').first();
    await expect.poll(() => main.textContent()).toContain('A confirmation e-mail is on its way.');
    const [order] = (await myOrders(page)).items;
    expect(order).toMatchObject({ status: 'paid', number: expect.stringMatching(/^FN-\d+$/) });
    expect(await main.textContent()).toContain(order!.number);

    await open(page, '/my-orders');
    expect(await page.title()).toBe('My Orders');
    await page
      .getByRole('link', { name: new RegExp(order!.number) })
      .first()
      .click();
    await expect.poll(() => pathname(page)).toBe(`/order/${order!.id}`);
    await expect.poll(() => page.title()).toBe('Order Details');
    await expect.poll(() => page.locator('main').first().textContent()).toContain('Paid');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download invoice' }).click(),
    ]);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // A visited order page reads offline from the saved cache, status and all.
    await waitForWorker(page);
    await expect.poll(() => persistedCache(page)).toContain(`"status":"paid"`);
    await context.setOffline(true);
    await page.reload();
    await page.locator('main').first().waitFor();
    await expect.poll(() => page.locator('main').first().textContent()).toContain(order!.number);
    expect(await page.locator('main').first().textContent()).toContain('Paid');
    await context.setOffline(false);
  });

  test('the answer to "Place order" lost on the network still makes one order, paid once', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await register(page, 'Lost Answer');
    await addProduct(page, 'whey-protein-isolate');
    await open(page, '/checkout');
    const form = await fillAddress(page);

    // The request reaches the shop, which places the order; its answer never reaches the page.
    let placements = 0;
    await page.route('**/api/v1/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      placements++;
      await route.fetch();
      await route.abort('internetdisconnected');
    });
    await form.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 15_000 });
    expect(placements).toBe(1);
    expect((await myOrders(page)).total).toBe(1);

    // The network is back; a reload resumes the same attempt rather than starting another.
    await page.unroute('**/api/v1/orders');
    await page.reload();
    await payAndReachSuccess(page);
    const orders = await myOrders(page);
    expect(orders.total).toBe(1);
    expect(orders.items[0]!.status).toBe('paid');
  });
});
