/**
 * Writing a review in Chromium: a shopper registers, buys a product and pays; the shop's admin
 * marks the order processing, shipped and delivered (through the desk's API, with the admin's
 * session). The shopper opens the delivered-order e-mail's link (`/product/<slug>#write-review`),
 * which scrolls to the form and focuses it, and writes the review with the keyboard alone: each
 * star of the radio group chosen with the arrow keys, the title and the review typed, the title's
 * length checked beside it before anything is sent, and the form sent with Enter. The page's review
 * count goes up by one and the review is listed; after a reload it still is; the shopper edits it.
 * A shopper without a delivered order gets no form, and a visitor a line with a link to sign in.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import {
  addProduct,
  fillAddress,
  myOrders,
  open,
  pathname,
  payWithTestCard,
  register,
} from './shopper.ts';

const ADMIN_EMAIL = 'desk@forge.example';
const ADMIN_PASSWORD = 'Desk-pass-2026';
const e2e = shopInBrowser({ SHOP_ADMIN_EMAIL: ADMIN_EMAIL, SHOP_ADMIN_PASSWORD: ADMIN_PASSWORD });

const SLUG = 'whey-protein-isolate';

const reviewsOf = (page: Page) => page.getByRole('region', { name: 'Reviews' });

/** The count the reviews section shows: "Based on N reviews", or none yet. */
async function shownCount(page: Page): Promise<number> {
  const text = (await reviewsOf(page).textContent()) ?? '';
  if (text.includes('No reviews yet.')) return 0;
  const match = /Based on (\d+) reviews?/.exec(text);
  if (!match) throw new Error(`no review count in: ${text}`);
  return Number(match[1]);
}

/** The review titles listed, newest first. */
const listedTitles = (page: Page) =>
  reviewsOf(page).getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();

/** Places and pays an order of the product as the shopper on `page`; answers its id. */
async function buy(page: Page): Promise<string> {
  await addProduct(page, e2e.shop.baseURL, SLUG);
  await open(page, '/checkout');
  const form = await fillAddress(page);
  await form.getByRole('radio', { name: /Standard shipping/ }).check();
  const summary = page.getByRole('complementary', { name: /summary/i }).first();
  await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toMatch(/HST \(13\s?%\)/);
  await form.getByRole('button', { name: 'Place order' }).click();
  await payWithTestCard(page);
  // A paid order lands on the success page; generous on a busy two-core machine.
  await expect.poll(() => pathname(page), { timeout: 30_000 }).toBe('/order-success');
  const [order] = (await myOrders(page)).items;
  expect(order).toMatchObject({ status: 'paid' });
  return order!.id;
}

/** The desk moves the order to delivered, as staff, through its API with the admin's session. */
async function deliver(context: BrowserContext, orderId: string) {
  const headers = { 'x-requested-with': 'forge-storefront' };
  const login = await context.request.post('/api/v1/user/auth/login', {
    data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    headers,
  });
  expect(login.status(), await login.text()).toBe(200);
  for (const body of [
    { status: 'processing' },
    { status: 'shipped', carrier: 'Canada Post', trackingNumber: 'CP123456789CA' },
    { status: 'delivered' },
  ]) {
    const res = await context.request.post(`/api/v1/admin/orders/${orderId}/status`, {
      data: body,
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

describe('reviews', () => {
  test('a buyer writes a review with the keyboard from the e-mail link, sees the count go up, reloads, and edits it', async () => {
    const page = await (await e2e.newContext()).newPage();
    await register(page, 'Rita Reviewer');
    const orderId = await buy(page);

    // Not delivered yet: the page offers no form.
    await open(page, `/product/${SLUG}`);
    await reviewsOf(page).getByText('Only shoppers who have received this product').waitFor();
    expect(await page.getByRole('form', { name: 'Write a review' }).count()).toBe(0);

    await deliver(await e2e.newContext(), orderId);

    // The delivered e-mail's link, opened as a new page: the form shows, scrolled to and focused.
    await open(page, '/');
    await open(page, `/product/${SLUG}#write-review`);
    const form = page.getByRole('form', { name: 'Write a review' });
    await form.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('write-review');
    const box = (await form.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(-1);
    expect(box.y).toBeLessThan(800);
    const before = await shownCount(page);

    // The stars, by keyboard: Tab reaches the group, Space chooses, the arrows move and choose.
    const star = (n: number) =>
      form.getByRole('radio', { name: n === 1 ? '1 star' : `${n} stars` });
    await page.keyboard.press('Tab');
    await expect
      .poll(() => star(1).evaluate((radio) => radio === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Space');
    expect(await star(1).isChecked()).toBe(true);
    for (const n of [2, 3, 4, 5]) {
      await page.keyboard.press('ArrowRight');
      expect(await star(n).isChecked(), `${n} stars`).toBe(true);
      expect(await star(n - 1).isChecked()).toBe(false);
    }
    await page.keyboard.press('ArrowLeft');
    expect(await star(4).isChecked()).toBe(true);
    expect(await form.textContent()).toContain('4 of 5');

    // A title too short is caught beside it, before anything is sent.
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(`/products/${SLUG}/reviews`))
        sent++;
    });
    await page.keyboard.press('Tab');
    await page.keyboard.type('OK');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Mixes without a shaker and tastes like real vanilla.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    const title = form.getByLabel('Title');
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    expect(await form.textContent()).toContain('Must be at least 3 characters.');
    await expect.poll(() => title.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(sent).toBe(0);

    await page.keyboard.type(' then better');
    expect(await title.inputValue()).toBe('OK then better');
    expect(await form.getByLabel('Your review').inputValue()).toBe(
      'Mixes without a shaker and tastes like real vanilla.',
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() =>
        form
          .getByRole('button', { name: 'Post your review' })
          .evaluate((button) => button === document.activeElement),
      )
      .toBe(true);
    await page.keyboard.press('Enter');

    const status = page.getByRole('status').filter({ hasText: 'your review is posted' });
    await status.waitFor({ timeout: 10_000 });
    expect(sent).toBe(1);
    await expect.poll(() => shownCount(page)).toBe(before + 1);
    await expect.poll(() => listedTitles(page)).toContain('OK then better');
    const yours = page.getByRole('region', { name: 'Your review' });
    expect(await yours.textContent()).toContain('OK then better');

    // A reload shows it still: the count and the review listed. The address is still the
    // e-mail's link, so their review opens in the form again, prefilled and focused.
    await page.reload();
    await page.locator('main').first().waitFor();
    await expect.poll(() => shownCount(page)).toBe(before + 1);
    await expect.poll(() => listedTitles(page)).toContain('OK then better');
    const edit = page.getByRole('form', { name: 'Edit your review' });
    await edit.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('write-review');
    expect(await edit.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    expect(await edit.getByLabel('Title').inputValue()).toBe('OK then better');
    // Cancelled, it is their review with the way to edit it.
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await yours.getByRole('button', { name: 'Edit your review' }).click();
    await edit.waitFor();

    // Edited: three stars and a new title; the count stays.
    await edit.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    expect(await edit.getByRole('radio', { name: '3 stars' }).isChecked()).toBe(true);
    await edit.getByLabel('Title').fill('Good, a little sweet');
    await edit.getByRole('button', { name: 'Save your review' }).click();
    await page.getByRole('status').filter({ hasText: 'Your review is updated.' }).waitFor();
    await expect.poll(() => listedTitles(page)).toContain('Good, a little sweet');
    expect(await listedTitles(page)).not.toContain('OK then better');
    expect(await shownCount(page)).toBe(before + 1);
    const item = reviewsOf(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Good, a little sweet' }) });
    expect(await item.getByRole('img', { name: '3 out of 5 stars' }).count()).toBe(1);
  });

  test('a shopper without a delivered order gets no form; a visitor gets a link to sign in that comes back to it', async () => {
    const page = await (await e2e.newContext()).newPage();
    await open(page, `/product/${SLUG}`);
    const invite = reviewsOf(page).getByText('Reviews are written by shoppers who bought');
    await invite.waitFor();
    const signIn = reviewsOf(page).getByRole('link', { name: 'Sign in to review it' });
    expect(await signIn.getAttribute('href')).toBe(
      `/login?redirect=%2Fproduct%2F${SLUG}%23write-review`,
    );

    await register(page, 'Window Shopper');
    await open(page, `/product/${SLUG}`);
    await reviewsOf(page).getByText('Only shoppers who have received this product').waitFor();
    expect(await page.getByRole('form').filter({ hasText: 'Write a review' }).count()).toBe(0);
    expect(await reviewsOf(page).getByRole('radio').count()).toBe(0);
    expect(await invite.count()).toBe(0);
  });
});
