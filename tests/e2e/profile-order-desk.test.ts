/**
 * The profile and the order desk in Chromium: a shopper edits their details, saves an address and
 * a card on the profile and buys with both at checkout; the shop's admin finds that order by its
 * number, marks it processing and then shipped with a tracking number; the shopper's order page
 * shows the carrier and the number. A customer who types the order desk's address gets the not-found
 * page, and their menu has no "Order desk".
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { addProduct, myOrders, open, pathname, register, userMenuItems } from './shopper.ts';

const ADMIN_EMAIL = 'desk@forge.example';
const ADMIN_PASSWORD = 'Desk-pass-2026';
const e2e = shopInBrowser({ SHOP_ADMIN_EMAIL: ADMIN_EMAIL, SHOP_ADMIN_PASSWORD: ADMIN_PASSWORD });

const main = (page: Page) => page.locator('main').first();

async function signIn(page: Page, email: string, password: string) {
  await open(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: /sign in|log in|login/i })
    .click();
  await expect.poll(() => pathname(page)).not.toBe('/login');
}

describe('profile and order desk', () => {
  test('a shopper saves an address and a card, buys with them, and sees the tracking number the admin added', async () => {
    const shopper = await (await e2e.newContext()).newPage();
    await register(shopper, 'Ada Lift');

    // Personal details.
    await open(shopper, '/profile/me');
    const details = shopper.getByRole('region', { name: 'Personal details' });
    await details.getByLabel('Name', { exact: true }).fill('Ada Lovelift');
    await details.getByLabel('Phone').fill('416 555 0199');
    await details.getByRole('button', { name: 'Save details' }).click();
    await expect
      .poll(() => shopper.getByTestId('user-menu').textContent())
      .toContain('Ada Lovelift');

    // A saved address, added on the profile.
    const addresses = shopper.getByRole('region', { name: 'Saved addresses' });
    await addresses.getByRole('button', { name: 'Add address' }).click();
    await addresses.getByLabel('Full name').fill('Ada Lovelift');
    await addresses.getByLabel('Address', { exact: true }).fill('1 Dock Rd');
    await addresses.getByLabel('City').fill('Halifax');
    await addresses.getByLabel('Province').selectOption('NS');
    await addresses.getByLabel('Postal code').fill('b3h 1a1');
    await addresses.getByLabel('Phone').fill('902 555 0101');
    await addresses.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(() => addresses.textContent()).toContain('1 Dock Rd');

    // A saved card: one of the built-in test provider's cards.
    const cards = shopper.getByRole('region', { name: 'Saved payment methods' });
    await cards.getByRole('button', { name: 'Add a card' }).click();
    const addCard = cards.getByRole('form', { name: 'Add a test card' });
    await addCard.getByRole('radio').first().check();
    await addCard.getByRole('button', { name: 'Save card' }).click();
    await expect.poll(() => cards.textContent()).toMatch(/•••• 4242, expires/);

    // Checkout offers it first; Nova Scotia's HST (14 %) shows that it is the one priced.
    await addProduct(shopper, e2e.shop.baseURL, 'whey-protein-isolate');
    await open(shopper, '/checkout');
    const form = shopper.getByRole('form', { name: 'Checkout' });
    await expect
      .poll(() => form.getByRole('radio', { name: /1 Dock Rd/ }).isChecked(), { timeout: 10_000 })
      .toBe(true);
    const summary = shopper.getByRole('complementary', { name: /summary/i }).first();
    await expect.poll(() => summary.textContent(), { timeout: 10_000 }).toMatch(/HST \(14\s?%\)/);
    await form.getByRole('button', { name: 'Place order' }).click();
    const savedCard = shopper.getByRole('form', { name: 'Pay with a saved card' });
    await savedCard.waitFor({ timeout: 20_000 });
    await savedCard.getByRole('button', { name: /^Pay \$/ }).click();
    await expect.poll(() => pathname(shopper), { timeout: 15_000 }).toBe('/order-success');
    const [order] = (await myOrders(shopper)).items;
    expect(order).toMatchObject({ status: 'paid' });

    // The admin finds it by number from the order desk and ships it.
    const admin = await (await e2e.newContext()).newPage();
    await signIn(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(await userMenuItems(admin)).toContain('Order desk');
    await admin.getByRole('menuitem', { name: 'Order desk' }).click();
    await expect.poll(() => pathname(admin)).toBe('/admin/orders');
    const find = admin.getByRole('search', { name: 'Find orders' });
    await find.getByLabel('Search orders').fill(order!.number);
    await find.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: order!.number }).click();
    await expect.poll(() => pathname(admin)).toBe(`/admin/orders/${order!.id}`);
    await admin.getByRole('button', { name: 'Mark processing' }).click();
    await expect
      .poll(() => admin.getByTestId('order-status').textContent())
      .toContain('Processing');
    const ship = admin.getByRole('form', { name: 'Mark shipped' });
    await ship.getByLabel('Carrier').fill('Canada Post');
    await ship.getByLabel('Tracking number').fill('CP123456789CA');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect.poll(() => admin.getByTestId('order-status').textContent()).toContain('Shipped');
    await expect.poll(() => main(admin).textContent()).toContain('CP123456789CA');

    // The shopper sees it on the order page.
    await open(shopper, `/order/${order!.id}`);
    await expect
      .poll(() => main(shopper).textContent(), { timeout: 10_000 })
      .toContain('CP123456789CA');
    expect(await main(shopper).textContent()).toContain('Canada Post');
    expect(await main(shopper).textContent()).toContain('Shipped');
  });

  test('a customer has no order desk: no menu link, and its address is the not-found page', async () => {
    const page = await (await e2e.newContext()).newPage();
    await register(page, 'Nosy Customer');
    await open(page, '/');
    expect(await userMenuItems(page)).not.toContain('Order desk');
    await open(page, '/admin/orders');
    await expect.poll(() => main(page).textContent()).toMatch(/not found/i);
    const answer = await page.evaluate(async () => (await fetch('/api/v1/admin/orders')).status);
    expect(answer).toBe(403);
  });
});
