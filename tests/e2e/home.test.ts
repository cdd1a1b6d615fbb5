import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchBrowser } from './chrome.ts';
import { startShop, type RunningShop } from './shop.ts';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});

test('the built shop serves the home page to a real browser', async () => {
  const page = await browser.newPage();
  const response = await page.goto(shop.baseURL);
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toBe('Home');
  await expect.poll(() => page.locator('h1').count()).toBe(1);
  await expect.poll(() => page.locator('#top-products').count()).toBe(1);
  await page.close();
});
