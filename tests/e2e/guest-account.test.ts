/**
 * A stranger who checked out as a guest makes an account on Order Successful with one password:
 * the menus then show the account, and after signing out the same e-mail and password sign in and
 * find the order under My Orders. The confirmation e-mail (through a real SMTP server) offers the
 * same form at the order link, which another device opens at the form.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { startSmtpServer } from '../helpers/smtp.ts';
import { shopInBrowser } from './harness.ts';
import {
  addProduct,
  fillAddress,
  myOrders,
  open,
  userMenuItems,
  pathname,
  payWithTestCard,
} from './shopper.ts';

const smtp = await startSmtpServer();
const e2e = shopInBrowser({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '200' });
afterAll(() => smtp.stop());

const PASSWORD = 'Guest-turned-9';

/** Checks out as a guest with a new address and pays; answers the address and the order. */
async function guestOrder(page: Page, label: string) {
  await addProduct(page, e2e.shop.baseURL, 'whey-protein-isolate');
  await open(page, '/cart');
  const summary = page.getByRole('complementary').filter({ hasText: 'Check out as a guest' });
  await summary.getByRole('link', { name: 'Check out as a guest' }).click();
  await expect.poll(() => pathname(page)).toBe('/login');
  const address = `${label}.${Date.now()}@example.ca`;
  const guestForm = page.getByRole('form', { name: 'Check out as a guest' });
  await guestForm.getByLabel('Email for your order').fill(address);
  await guestForm.getByRole('button', { name: 'Continue as guest' }).click();
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/checkout');
  const form = await fillAddress(page);
  await form.getByRole('radio', { name: /Standard shipping/ }).check();
  await form.getByRole('button', { name: 'Place order' }).click();
  await payWithTestCard(page);
  await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/order-success');
  const [order] = (await myOrders(page)).items;
  expect(order).toMatchObject({ status: 'paid' });
  return { address, order: order! };
}

describe('a guest makes an account', () => {
  test('on Order Successful, then signs out, signs in with the password and finds the order', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    const { address, order } = await guestOrder(page, 'stranger');
    expect(await userMenuItems(page)).not.toContain('My Profile');

    const form = page.getByRole('form', { name: 'Create an account' });
    const password = form.getByLabel('Password', { exact: true });
    // The rules are checked beside the field before anything is sent.
    await password.fill('short');
    await form.getByRole('button', { name: 'Create my account' }).click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => password.evaluate((field) => field === document.activeElement))
      .toBe(true);

    await password.fill(PASSWORD);
    await form.getByRole('button', { name: 'Create my account' }).click();
    const status = page.getByRole('status').filter({ hasText: 'Your account is ready' });
    await status.waitFor({ timeout: 15_000 });
    expect(await status.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await userMenuItems(page)).toEqual(['My Profile', 'My Orders', 'Logout']);

    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signing out navigates home; the menu is read once that has happened, not during it.
    await expect
      .poll(() => page.getByTestId('toast').locator('p').allTextContents(), { timeout: 15_000 })
      .toContain('Logged out successfully.');
    await expect.poll(() => pathname(page)).toBe('/');
    expect(await userMenuItems(page)).toEqual(['Login', 'Register']);

    await open(page, '/login');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email', { exact: true }).fill(address);
    await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toBe('/login');
    await open(page, '/my-orders');
    await expect.poll(() => page.title()).toBe('My Orders');
    await expect
      .poll(() => page.locator('main').first().textContent(), { timeout: 15_000 })
      .toContain(order.number);
    await context.close();
  });

  test('from the confirmation e-mail: the order link opens at the form on another device', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    const { address, order } = await guestOrder(page, 'mailreader');
    const mail = await smtp.waitFor(
      (received) => received.to.includes(address) && received.subject.includes('is confirmed'),
      30_000,
    );
    const link = /Create an account: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/\/order-link\/[A-Za-z0-9_-]{43}#create-account$/);

    const elsewhere = await (await e2e.newContext()).newPage();
    const url = new URL(link!);
    await open(elsewhere, `${url.pathname}${url.hash}`);
    await elsewhere
      .locator('main')
      .first()
      .getByRole('heading', { name: `Order ${order.number}` })
      .waitFor();
    const form = elsewhere.getByRole('form', { name: 'Create an account' });
    const password = form.getByLabel('Password', { exact: true });
    await expect
      .poll(() => password.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await password.fill(PASSWORD);
    await form.getByRole('button', { name: 'Create my account' }).click();
    await elsewhere.getByRole('status').filter({ hasText: 'Your account is ready' }).waitFor();
    expect((await myOrders(elsewhere)).items.map((item) => item.number)).toEqual([order.number]);
    await context.close();
  });
});
