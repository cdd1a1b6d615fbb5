/**
 * Signing in and out in Chromium: the user menu in both states, the login-only guard sending a
 * guest to /login and back to the page they wanted, the guest cart merging into the account,
 * the login-only screens' titles, the checkout guard, logout, and another tab following both.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { logOut, pathname, userMenuItems } from './shopper.ts';

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

/** Puts `quantity` units of one variant in the signed-in page's account cart, through the API. */
async function putInAccountCart(page: Page, quantity: number) {
  const status = await page.evaluate(async (units) => {
    const product = (await (await fetch('/api/v1/products/whey-protein-isolate')).json()) as {
      data: { _id: string; variants: { _id: string; stock: number }[] };
    };
    const variant = product.data.variants.find((item) => item.stock >= units)!;
    const response = await fetch('/api/v1/cart/items', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'forge-storefront' },
      body: JSON.stringify({
        productId: product.data._id,
        variantId: variant._id,
        quantity: units,
      }),
    });
    return response.status;
  }, quantity);
  expect(status).toBe(200);
}

describe('signed out', () => {
  test('the user menu offers Login and Register, by hover, click and keyboard, and closes on an outside click', async () => {
    const page = await (await newContext()).newPage();
    await open(page, '/contact');
    expect(await userMenuItems(page)).toEqual(['Login', 'Register']);
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

    // With items in the cart the checkout guard lets the shopper in, under its own title.
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

    expect(await userMenuItems(page)).toEqual(['My Profile', 'My Orders', 'Logout']);
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
    const details = page.getByRole('form', { name: 'Personal details' });
    await expect
      .poll(() => details.getByLabel('Name', { exact: true }).inputValue())
      .toBe('Jordan Reps');
    expect(await page.getByTestId('profile-email').textContent()).toBe(email);

    // An empty cart sends checkout to the cart.
    await page.goto('/checkout');
    await expect.poll(() => pathname(page)).toBe('/cart');

    await logOut(page);
    await expect
      .poll(() => page.getByTestId('toast').locator('p').allTextContents())
      .toContain('Logged out successfully.');
    // The toast comes first; the way home follows it.
    await expect.poll(() => pathname(page)).toBe('/');
    expect(await userMenuItems(page)).toEqual(['Login', 'Register']);

    await page.goto('/profile/me');
    await expect.poll(() => page.url()).toBe(`${e2e.shop.baseURL}/login?redirect=%2Fprofile%2Fme`);
  });

  test('a guest line cut to 20 when it merges into the account cart is named in a toast and beside the line', async () => {
    // The account already holds 15 of a variant; the guest adds 10 more of it, then signs in.
    const setup = await newContext();
    const email = `merge.cap.${Date.now()}@example.ca`;
    const registered = await setup.request.post('/api/v1/user/auth/register', {
      data: { name: 'Sam Bulk', email, password },
    });
    expect(registered.status(), await registered.text()).toBeLessThan(300);
    const product = (
      await (await setup.request.get('/api/v1/products/whey-protein-isolate')).json()
    ).data as { _id: string; name: string; variants: { _id: string; stock: number }[] };
    // The API tells stock up to 20: a variant at 20 has at least that, so 25 is cut to 20.
    const variant = product.variants.find((item) => item.stock >= 20)!;
    const line = { productId: product._id, variantId: variant._id };
    const accountAdd = await setup.request.post('/api/v1/cart/items', {
      data: { ...line, quantity: 15 },
      headers: { 'x-requested-with': 'forge-storefront' },
    });
    expect(accountAdd.status(), await accountAdd.text()).toBe(200);

    const page = await (await newContext()).newPage();
    await open(page, '/contact');
    await page.evaluate(
      async (body) => {
        const response = await fetch('/api/v1/cart/items', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'forge-storefront' },
          body: JSON.stringify(body),
        });
        const answer = (await response.json()) as { data: { guestCartId: string } };
        localStorage.setItem('guestCartId', answer.data.guestCartId);
      },
      { ...line, quantity: 10 },
    );
    await open(page, '/login');
    await signIn(page, email);
    await expect
      .poll(() => page.getByTestId('toast').locator('p').allTextContents())
      .toContain(`${product.name}: You can buy at most 20 of an item. Your cart has 20.`);
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('20');
    await open(page, '/cart');
    await expect
      .poll(() => page.getByTestId('cart-line-limit').textContent())
      .toBe('You can buy at most 20 of an item.');
  });

  test("logout, a sign-out in another tab and an expired session empty the header's cart at once", async () => {
    const context = await newContext();
    const [first, second] = [await context.newPage(), await context.newPage()];
    await open(first, '/login');
    await signIn(first, await createAccount('Morgan Lifts'));
    await expect.poll(() => pathname(first)).toBe('/');
    await putInAccountCart(first, 3);
    await open(first, '/');
    await open(second, '/contact');
    for (const page of [first, second]) {
      await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('3');
    }

    await logOut(first);
    // Neither tab opens /cart: the badge the header drew from the account's cart goes by itself.
    for (const page of [first, second]) {
      await expect.poll(() => page.getByTestId('cart-badge').count()).toBe(0);
      expect(pathname(page)).not.toBe('/cart');
    }
    await open(first, '/');
    expect(await first.getByTestId('cart-badge').count()).toBe(0);

    // Signed in again, the session then expires (the cookie is gone): on the next visit the
    // remembered shopper's session check answers 401, which signs out everything, saying so.
    await open(first, '/login');
    await signIn(first, await createAccount('Avery Squats'));
    await expect.poll(() => pathname(first)).toBe('/');
    await putInAccountCart(first, 2);
    await open(first, '/contact');
    await expect.poll(() => first.getByTestId('cart-badge').textContent()).toBe('2');
    await context.clearCookies();
    await open(first, '/contact');
    await expect
      .poll(() => first.getByTestId('toast').locator('p').allTextContents())
      .toContain('Your session has ended. Please sign in again.');
    await expect.poll(() => first.getByTestId('cart-badge').count()).toBe(0);
    expect(await userMenuItems(first)).toEqual(['Login', 'Register']);
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
    expect(await userMenuItems(second)).toEqual(['My Profile', 'My Orders', 'Logout']);
    await open(second, '/my-orders');
    await expect.poll(() => second.title()).toBe('My Orders');

    await logOut(first);
    await expect.poll(() => pathname(first)).toBe('/');
    // The account page in the other tab leaves for the sign-in screen, as after a session expiry.
    await expect.poll(() => second.url()).toBe(`${e2e.shop.baseURL}/login?redirect=%2Fmy-orders`);
    await expect.poll(() => second.title()).toBe('Login');
  });
});
