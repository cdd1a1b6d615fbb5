/**
 * Signing in and out in Chromium: the user menu in both states, the login-only guard sending a
 * guest to /login and back to the page they wanted, the guest cart merging into the account,
 * the login-only screens' titles, the checkout guard, logout, and another tab following both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();
const password = 'Str0ng-enough-pass';

const newContext = () => e2e.newContext();

/** Creates an account in a throwaway context, so the test's own browser stays signed out. */
async function createAccount(name: string): Promise<string> {
  const context = await newContext();
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.ca`;
  const response = await context.request.post('/api/v1/user/auth/register', {
    data: { name, email, password },
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return email;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
}

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page
    .getByRole('form', { name: 'Sign in' })
    .getByRole('button', { name: /sign in|log in|login/i })
    .click();
}

async function menuItems(page: Page): Promise<string[]> {
  await page.getByTestId('user-menu-button').hover();
  await expect.poll(() => page.getByTestId('user-menu').getAttribute('data-open')).toBe('true');
  return page.getByRole('menuitem').allTextContents();
}

const pathname = (page: Page) => new URL(page.url()).pathname;

describe('signed out', () => {
  test('the user menu offers Login and Register, by hover, click and keyboard, and closes on an outside click', async () => {
    const page = await (await newContext()).newPage();
    await open(page, '/contact');
    expect(await menuItems(page)).toEqual(['Login', 'Register']);
    await page.mouse.click(20, 700);
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('data-open')).toBe('false');
    // A click alone (a tap: no pointer hovering) opens it too.
    await page.getByTestId('user-menu-button').dispatchEvent('click');
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('data-open')).toBe('true');
    await page.mouse.click(20, 700);
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('data-open')).toBe('false');

    await page.getByTestId('user-menu-button').focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Login');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Register');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('user-menu').getAttribute('data-open')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'user-menu-button',
    );
  });
});

describe('registering', () => {
  test('an e-mail that already has an account: the server’s message beside the field, still signed out', async () => {
    const email = await createAccount('Taken Name');
    const page = await (await newContext()).newPage();
    await open(page, '/register');
    const form = page.getByRole('form', { name: 'Create account' });
    await form.getByLabel('Name', { exact: true }).fill('Someone Else');
    await form.getByLabel('Email', { exact: true }).fill(email);
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByLabel('Confirm password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Create account' }).click();

    const emailField = form.getByLabel('Email', { exact: true });
    await expect.poll(() => emailField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await emailField.getAttribute('aria-describedby'))!.split(' ')[0]!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'This e-mail already has an account.',
    );
    expect(await form.getByRole('alert').allTextContents()).toContain(
      'This e-mail already has an account. Sign in, or reset your password if you have forgotten it.',
    );
    expect(pathname(page)).toBe('/register');
    const profile = await page.evaluate(
      async () => (await fetch('/api/v1/user/profile/me', { credentials: 'include' })).status,
    );
    expect(profile).toBe(401);
  });
});

describe('signing in', () => {
  test('a login-only page sends a guest to /login and back after sign-in; the guest cart merges', async () => {
    const email = await createAccount('Casey Gains');
    const page = await (await newContext()).newPage();
    await open(page, '/contact');

    // A guest cart with two units, made through the API as the product page would.
    const guestCartId = await page.evaluate(async () => {
      const product = (await (await fetch('/api/v1/products/whey-protein-isolate')).json()) as {
        data: { _id: string; variants: { _id: string; stock: number }[] };
      };
      const variant = product.data.variants.find((item) => item.stock >= 2)!;
      const response = await fetch('/api/v1/cart/items', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId: product.data._id, variantId: variant._id, quantity: 2 }),
      });
      const body = (await response.json()) as { data: { guestCartId: string } };
      localStorage.setItem('guestCartId', body.data.guestCartId);
      return body.data.guestCartId;
    });
    expect(guestCartId).toBeTruthy();
    await open(page, '/contact');
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');

    await page.goto('/my-orders');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.baseURL}/login?redirect=%2Fmy-orders`);
    await expect.poll(() => page.title()).toBe('Login');

    await signIn(page, email);
    await expect.poll(() => pathname(page)).toBe('/my-orders');
    await expect.poll(() => page.title()).toBe('My Orders');
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestCartId'))).toBeNull();
    const accountCart = await page.evaluate(async () => {
      const response = await fetch('/api/v1/cart', { credentials: 'include' });
      return (await response.json()) as { data: { items: { quantity: number }[] } };
    });
    expect(accountCart.data.items.map((item) => item.quantity)).toEqual([2]);

    // The redirect replaced history: Back skips the guarded page.
    await page.goBack();
    await expect.poll(() => pathname(page)).not.toBe('/my-orders');

    // With items in the cart the checkout guard lets the shopper in, under the spec's title.
    await open(page, '/checkout');
    await expect.poll(() => page.title()).toBe('Checkout');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Checkout', level: 1 }).count())
      .toBe(1);
    expect(pathname(page)).toBe('/checkout');
  });

  test('signed in: greeting and account links, the login-only titles, the checkout guard, and logout', async () => {
    const email = await createAccount('Jordan Reps');
    const page = await (await newContext()).newPage();
    await open(page, '/login');
    await signIn(page, email);
    await expect.poll(() => pathname(page)).toBe('/');

    expect(await menuItems(page)).toEqual(['My Profile', 'My Orders', 'Logout']);
    expect(await page.getByTestId('user-menu').textContent()).toContain('Hello, Jordan Reps');

    for (const [path, title] of [
      ['/profile/me', 'Profile'],
      ['/my-orders', 'My Orders'],
      ['/order-success', 'Order Successful'],
      ['/order/ord_123', 'Order Details'],
    ]) {
      await open(page, path!);
      await expect.poll(() => page.title(), { message: path }).toBe(title);
    }
    await open(page, '/profile/me');
    await expect.poll(() => page.getByTestId('profile-name').textContent()).toBe('Jordan Reps');

    // An empty cart sends checkout to the cart.
    await page.goto('/checkout');
    await expect.poll(() => pathname(page)).toBe('/cart');

    await page.getByTestId('user-menu-button').hover();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect
      .poll(() => page.getByTestId('toast').locator('p').allTextContents())
      .toContain('Logged out successfully.');
    expect(pathname(page)).toBe('/');
    expect(await menuItems(page)).toEqual(['Login', 'Register']);

    await page.goto('/profile/me');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.baseURL}/login?redirect=%2Fprofile%2Fme`);
  });

  test('another tab follows a sign-in and a sign-out without a reload', async () => {
    const email = await createAccount('Riley Sets');
    const context = await newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    await open(second, '/contact');
    await open(first, '/login');
    await signIn(first, email);
    await expect.poll(() => pathname(first)).toBe('/');

    await expect
      .poll(() => second.getByTestId('user-menu').textContent())
      .toContain('Hello, Riley Sets');
    expect(await menuItems(second)).toEqual(['My Profile', 'My Orders', 'Logout']);
    await open(second, '/my-orders');
    await expect.poll(() => second.title()).toBe('My Orders');

    await first.getByTestId('user-menu-button').hover();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => pathname(first)).toBe('/');
    // The account page in the other tab leaves for the sign-in screen, as after a session expiry.
    await expect.poll(() => second.url()).toBe(`${e2e.shop.baseURL}/login?redirect=%2Fmy-orders`);
    await expect.poll(() => second.title()).toBe('Login');
  });
});
