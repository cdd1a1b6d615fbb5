/**
 * The discount-code popup in Chromium with a fake clock: 3 s after a first visit, validation,
 * the real coupon request, the success view closing after 30 s, and the floating button.
 */
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

async function firstVisit(path = '/contact'): Promise<Page> {
  const context = await e2e.newContext({}, { couponPopupSeen: false });
  const page = await context.newPage();
  // Paused fake time: the page's timers move only when the test says so.
  await page.clock.install({ time: new Date('2025-06-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2025-06-01T10:00:01Z'));
  await page.goto(path);
  await page.locator('main').first().waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog');

test('opens 3 s after a first visit; closing remembers it and leaves the floating button', async () => {
  const page = await firstVisit();
  await page.clock.runFor(2900);
  expect(await dialog(page).count()).toBe(0);
  await page.clock.runFor(200);
  await expect.poll(() => dialog(page).count()).toBe(1);
  expect(
    await page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
  ).toBe(true);

  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect.poll(() => dialog(page).count()).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('hasSeenCouponPopup'))).not.toBeNull();
  const button = page.getByTitle('Get discount offer');
  expect(await button.isVisible()).toBe(true);

  await page.reload();
  await page.locator('main').first().waitFor();
  await page.clock.runFor(10_000);
  expect(await dialog(page).count()).toBe(0);
  await page.getByTitle('Get discount offer').click();
  await expect.poll(() => dialog(page).count()).toBe(1);
});

test('waits while the shopper types in a field, then opens once they have left it', async () => {
  const page = await firstVisit();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const message = page.getByRole('main').getByLabel('Message', { exact: true });
  await message.click();
  await page.clock.runFor(2900);
  await message.pressSequentially('Do you ship to');
  await page.clock.runFor(200);
  await message.pressSequentially(' Yukon?');
  await page.clock.runFor(6000);
  expect(await dialog(page).count()).toBe(0);
  expect(await message.inputValue()).toBe('Do you ship to Yukon?');
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

  await page.getByRole('main').getByRole('heading', { level: 1 }).click();
  await page.clock.runFor(3000);
  await expect.poll(() => dialog(page).count()).toBe(1);
});

test('validates, sends the request, shows the success view and closes it after 30 s', async () => {
  const page = await firstVisit();
  await page.clock.runFor(3000);
  const popup = dialog(page);
  await popup.waitFor();
  await popup.getByRole('button', { name: /get my code/i }).click();
  expect(await popup.textContent()).toContain('Full name is required');
  expect(await popup.textContent()).toContain('Email is required');
  await popup.getByLabel('Full Name').fill('Robin Lift');
  await popup.getByLabel('Email').fill('robin lift@example.ca');
  await popup.getByRole('button', { name: /get my code/i }).click();
  expect(await popup.textContent()).toContain('Enter a valid email address');

  await popup.getByLabel('Email').fill(`robin.${Date.now()}@example.ca`);
  await popup.getByRole('button', { name: /get my code/i }).click();
  await expect.poll(() => popup.textContent()).toContain('Success!');
  expect(await popup.textContent()).toContain('Check your email for your discount code');
  await expect.poll(() => page.getByTestId('toast').first().textContent()).toBeTruthy();

  await page.clock.runFor(29_000);
  expect(await dialog(page).count()).toBe(1);
  await page.clock.runFor(1500);
  await expect.poll(() => dialog(page).count()).toBe(0);
  expect(await page.getByTitle('Get discount offer').isVisible()).toBe(true);
});
