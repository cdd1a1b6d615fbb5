/**
 * A stranger buys without an account, on a phone: fills the cart, chooses "Check out as a guest",
 * gives an e-mail address, checks out with a new address, pays with the built-in test provider's
 * card and lands on Order Successful — with the order theirs, and no profile to reach. The
 * confirmation e-mail (through a real SMTP server) links to the order, which opens read-only on
 * another device without signing in.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { startSmtpServer } from '../helpers/smtp.ts';
import { shopInBrowser } from './harness.ts';
import { addProduct, fillAddress, myOrders, open, pathname, payWithTestCard } from './shopper.ts';

const smtp = await startSmtpServer();
const e2e = shopInBrowser({ SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '200' });
afterAll(() => smtp.stop());

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

    // The confirmation's link opens the order on another device, read-only, without a session.
    const mail = await smtp.waitFor(
      (received) => received.to.includes(address) && received.subject.includes('is confirmed'),
      30_000,
    );
    const link = /View your order: (\S+)/.exec(mail.text)?.[1];
    expect(link).toMatch(/\/order-link\/[A-Za-z0-9_-]{43}$/);
    const elsewhere = await (await e2e.newContext(PHONE)).newPage();
    await open(elsewhere, new URL(link!).pathname);
    await expect.poll(() => elsewhere.title()).toBe('Order Details');
    const main = elsewhere.locator('main').first();
    await main.getByRole('heading', { name: `Order ${order!.number}` }).waitFor();
    expect(await main.textContent()).toContain('Paid');
    expect(await main.getByRole('link', { name: 'Download invoice' }).count()).toBe(1);
    for (const control of ['Buy again', 'Cancel order', 'Pay now']) {
      expect(await main.getByRole('button', { name: control }).count(), control).toBe(0);
      expect(await main.getByRole('link', { name: control }).count(), control).toBe(0);
    }
    await context.close();
  });
});
