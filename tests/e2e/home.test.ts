import { expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

test('the built shop serves the home page to a real browser', async () => {
  const page = await e2e.browser.newPage();
  const response = await page.goto(e2e.shop.baseURL);
  expect(response?.status()).toBe(200);
  await expect.poll(() => page.title()).toBe('Home');
  await expect.poll(() => page.locator('h1').count()).toBe(1);
  await expect.poll(() => page.locator('#top-products').count()).toBe(1);
  await page.close();
});
