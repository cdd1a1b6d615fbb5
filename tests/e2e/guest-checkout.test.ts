/**
 * A stranger buys without an account, on a phone: fills the cart, chooses "Check out as a guest",
 * gives an e-mail address, checks out with a new address, pays with the built-in test provider's
 * card and lands on Order Successful — with the order theirs, and no profile to reach.
 */
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { addProduct, fillAddress, myOrders, open, pathname, payWithTestCard } from './shopper.ts';

const e2e = shopInBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

describe('guest checkout', () => {
  test('a stranger checks out as a guest on a phone and pays', async () => {
    const context = await e2e.newContext(PHONE);
    const page = await context.newPage();
    await addProduct(page, e2e.shop.baseURL, 'whey-protein-isolate');

    await open(page, '/cart');
    const summary = page.getByRole('complementary').filter({ hasText: 'Check out as a guest' });
    await summary.getByRole('link', { name: 'Sign in to check out' }).waitFor();
    await summary.getByRole('link', { name: 'Check out as a guest' }).click();

    await expect.poll(() => pathname(page)).toBe('/login');
    const guestForm = page.getByRole('form', { name: 'Check out as a guest' });
    const email = guestForm.getByLabel('Email for your order');
    // The form the shopper came for has the focus.
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
    await email.fill('not-an-address');
    await guestForm.getByRole('button', { name: 'Continue as guest' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await pathname(page)).toBe('/login');

    const address = `stranger.${Date.now()}@example.ca`;
    await email.fill(address);
    await guestForm.getByRole('button', { name: 'Continue as guest' }).click();

    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/checkout');
    await expect.poll(() => page.title()).toBe('Checkout');
    const form = await fillAddress(page);
    // A guest keeps no addresses: nothing to save.
    expect(await form.getByLabel('Save this address').count()).toBe(0);
    await form.getByRole('radio', { name: /Standard shipping/ }).check();
    await form.getByRole('button', { name: 'Place order' }).click();
    await payWithTestCard(page);

    await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/order-success');
    await expect.poll(() => page.title()).toBe('Order Successful');
    const [order] = (await myOrders(page)).items;
    expect(order).toMatchObject({ status: 'paid', number: expect.stringMatching(/^FN-\d+$/) });
    await expect.poll(() => page.locator('main').first().textContent()).toContain(order!.number);

    // The session is a guest's: the server knows it as one, and it has no profile.
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/v1/user/profile/me', { credentials: 'include' });
      return response.status;
    });
    expect(me).toBe(403);
    await open(page, '/profile/me');
    await expect.poll(() => pathname(page)).toBe('/my-orders');
    await context.close();
  });
});
