/**
 * What a shopper does in more than one browser test file: open a page once its <main> is there,
 * register through the form, put a product in the cart, fill the checkout's new address, pay with
 * one of the built-in test provider's cards, and ask the server for their orders.
 */
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';
import { TEST_CARDS } from '../../contract/checkout-rules.ts';
import { addVariant, fetchProduct, roomyVariants } from './cart-helpers.ts';

export const SHOPPER_PASSWORD = 'Str0ng-enough-pass';

export const pathname = (page: Page) => new URL(page.url()).pathname;

export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main').first().waitFor();
}

/** Registers through the form, as a new shopper does; answers once the account is signed in. */
export async function register(page: Page, name: string): Promise<string> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.ca`;
  await open(page, '/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(SHOPPER_PASSWORD);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(() => new URL(page.url()).pathname).not.toBe('/register');
  return email;
}

export async function addProduct(page: Page, baseURL: string, slug: string) {
  const product = await fetchProduct(baseURL, slug);
  await open(page, `/product/${slug}`);
  await addVariant(page, roomyVariants(product)[0]!);
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).not.toBe('');
}

export async function fillAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('Full name').fill('Maya Chen');
  await form.getByLabel('Address', { exact: true }).fill('100 Queen St W');
  await form.getByLabel('City').fill('Toronto');
  await form.getByLabel('Province').selectOption('ON');
  await form.getByLabel('Postal code').fill('m5h2n2');
  await form.getByLabel('Phone').fill('416 555 0123');
  return form;
}

/** Pays the order on screen with a test card that needs no authentication step. */
export async function payWithTestCard(page: Page, number: string = TEST_CARDS.succeeds) {
  const card = page.getByRole('form', { name: 'Test payment — no card is charged' });
  await card.waitFor({ timeout: 20_000 });
  await card.getByLabel('Card number').fill(number);
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await card.getByRole('button', { name: /^Pay \$/ }).click();
}

/**
 * Pays with a test card and waits for the order-success page; should it not come, the failure says
 * what the page showed (`explainingFailure`): on a busy machine this step has, rarely, stayed on
 * /checkout.
 */
export function payAndReachSuccess(page: Page): Promise<void> {
  return explainingFailure(page, async () => {
    await payWithTestCard(page);
    await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/order-success');
  });
}

/**
 * Runs `step` and, should it fail, adds to its error what the page showed and heard meanwhile: its
 * address, the text of its <main>, its console errors, and its requests that failed or were
 * answered 4xx/5xx. For a step that fails rarely and only on a busy machine, where the test's own
 * message ("expected '/checkout'…") does not say why.
 */
async function explainingFailure<T>(page: Page, step: () => Promise<T>): Promise<T> {
  const heard: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    if (message.type() === 'error') heard.push(`console: ${message.text()}`);
  };
  const onFailed = (request: Request) =>
    heard.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`);
  const onResponse = (response: Response) => {
    if (response.status() >= 400) {
      heard.push(`answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  };
  page.on('console', onConsole);
  page.on('requestfailed', onFailed);
  page.on('response', onResponse);
  try {
    return await step();
  } catch (error) {
    const main = await page
      .locator('main')
      .first()
      .innerText({ timeout: 2000 })
      .catch((reason: unknown) => `(unread: ${String(reason)})`);
    const said = [`at ${page.url()}`, `main: ${main.slice(0, 1500)}`, ...heard].join('\n  ');
    if (error instanceof Error) error.message += `\nThe page meanwhile:\n  ${said}`;
    throw error;
  } finally {
    page.off('console', onConsole);
    page.off('requestfailed', onFailed);
    page.off('response', onResponse);
  }
}

/** The shopper's orders as the server lists them, asked with the page's cookies. */
export function myOrders(
  page: Page,
): Promise<{ total: number; items: { id: string; number: string; status: string }[] }> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/orders/my', { credentials: 'include' });
    return ((await response.json()) as { data: never }).data;
  });
}

/**
 * Opens the header's user menu by hovering its button, the pointer first moved away on each try:
 * the menu closes on a route change, and one that lands while the pointer rests on the button
 * (just after a sign-in or a redirect) leaves it closed until the pointer enters again. The page is
 * brought to the front first: in a tab behind another, animation frames hardly run, and a click
 * waits on them to see its target hold still.
 */
export async function openUserMenu(page: Page): Promise<void> {
  await page.bringToFront();
  await expect
    .poll(async () => {
      await page.mouse.move(0, 0);
      await page.getByTestId('user-menu-button').hover();
      return page.getByTestId('user-menu').getAttribute('data-open');
    })
    .toBe('true');
}

/** The names of the user menu's items, read with the menu open. */
export async function userMenuItems(page: Page): Promise<string[]> {
  await openUserMenu(page);
  return (await page.getByRole('menuitem').allTextContents()).map((text) => text.trim());
}

/** How long one try at a menu item waits for it before the menu is opened again. */
const MENU_ITEM_TRY_MS = 5_000;
/** How long choosing a menu item may take, over all its tries. */
const MENU_ITEM_TIMEOUT_MS = 30_000;

/** Chooses Logout in the user menu, opening the menu again if it closed before the click. */
export async function logOut(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        await openUserMenu(page);
        return page
          .getByRole('menuitem', { name: 'Logout' })
          .click({ timeout: MENU_ITEM_TRY_MS })
          .then(
            () => true,
            () => false,
          );
      },
      { timeout: MENU_ITEM_TIMEOUT_MS },
    )
    .toBe(true);
}
