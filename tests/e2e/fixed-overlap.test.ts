/**
 * What sits fixed on the screen (the floating "Get discount offer" button, toasts) and the offline
 * banner never hide a control or the result of an action, on a phone and on a desktop: a control
 * brought into view the way the browser does it (scrolled just into view, as for keyboard focus)
 * overlaps no fixed box and is the element at its own centre, and a consultancy booking's
 * confirmation is in view once it shows. fixed-overlap-walk.test.ts checks every control at every
 * scroll position.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addVariant, fetchProduct, serverCart } from './cart-helpers.ts';
import { fillConsultationBooking } from './consultation.ts';
import { shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

async function openAt(path: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await e2e.newContext({ viewport });
  const page = await context.newPage();
  await page.goto(path);
  await page.locator('main').first().waitFor();
  return page;
}

/**
 * Scrolls `control` just into view (its nearest edge, as focus and "scroll into view" do), then
 * names the fixed element whose box overlaps it, or the one drawn at its centre ('' when none).
 */
async function coveredBy(control: Locator): Promise<string> {
  return control.evaluate((element) => {
    element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const box = element.getBoundingClientRect();
    const name = (fixed: Element) =>
      `${fixed.tagName.toLowerCase()} "${fixed.getAttribute('aria-label') ?? fixed.textContent?.trim().slice(0, 40)}"`;
    const isFixed = (candidate: Element) => getComputedStyle(candidate).position === 'fixed';
    for (const fixed of document.querySelectorAll('body *')) {
      if (!isFixed(fixed) || fixed.contains(element)) continue;
      const style = getComputedStyle(fixed);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const other = fixed.getBoundingClientRect();
      const overlaps =
        other.width > 0 &&
        other.height > 0 &&
        other.left < box.right &&
        box.left < other.right &&
        other.top < box.bottom &&
        box.top < other.bottom;
      if (overlaps) return name(fixed);
    }
    let top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!top || element.contains(top)) return '';
    while (top && !isFixed(top)) top = top.parentElement;
    return top && !top.contains(element) ? name(top) : '';
  });
}

/** Every control in `locator`, each with what covers it (only the covered ones). */
async function coveredControls(locator: Locator): Promise<string[]> {
  const covered: string[] = [];
  for (const control of await locator.all()) {
    const by = await coveredBy(control);
    if (by) covered.push(`${(await control.textContent())?.trim()} under ${by}`);
  }
  return covered;
}

/** A guest's phone showing /cart with one line, and the cart's "Create an account" link. */
async function guestCartOnPhone() {
  const product = await fetchProduct(e2e.shop.baseURL, 'whey-protein-isolate');
  const page = await openAt('/product/whey-protein-isolate', PHONE);
  await addVariant(page, product.variants[0]!);
  await page.getByTestId('cart-badge').waitFor();
  await page.goto('/cart');
  const createAccount = page.getByRole('link', { name: 'Create an account' });
  await createAccount.waitFor();
  return { page, createAccount };
}

describe('fixed elements never hide a control', () => {
  test('phone: the cart\'s "Create an account" line and the filter counts are clear of the floating button', async () => {
    const { page, createAccount } = await guestCartOnPhone();
    await page.getByTestId('coupon-button').waitFor();
    expect(await coveredBy(createAccount)).toBe('');
    expect(await coveredBy(page.locator('p').filter({ has: createAccount }))).toBe('');
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-cart.png` });

    await page.goto('/category/protein-powder');
    await page.getByRole('button', { name: 'Show filters' }).click();
    const counts = page.locator('fieldset li label');
    await counts.first().waitFor();
    expect(await coveredControls(counts)).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-filters.png` });
  });

  test("phone, offline: the offline banner hides neither the floating button nor the cart's lines", async () => {
    const { page, createAccount } = await guestCartOnPhone();
    await page.context().setOffline(true);
    await page.getByTestId('offline-banner').waitFor();
    const button = page.getByTestId('coupon-button');
    // The banner takes its own room at the top of the screen: it covers neither.
    await expect.poll(() => coveredBy(button)).toBe('');
    expect(await coveredBy(page.locator('p').filter({ has: createAccount }))).toBe('');
    expect(await coveredControls(page.locator('main').getByRole('button'))).toEqual([]);
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-offline-cart.png` });
  });

  test('desktop: a toast does not cover the cart badge or the header', async () => {
    const product = await fetchProduct(e2e.shop.baseURL, 'whey-protein-isolate');
    const page = await openAt('/product/whey-protein-isolate', DESKTOP);
    await addVariant(page, product.variants[0]!);
    const badge = page.getByTestId('cart-badge');
    await badge.waitFor();
    // The first add must have reached the server before the route below refuses cart calls;
    // otherwise that add is the one refused, rolled back, and the badge goes with it.
    await expect.poll(() => serverCart(page)).toHaveLength(1);
    // A change the server refuses is rolled back with a toast saying why.
    await page.route(/\/api\/v1\/cart/, (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Only 0 left in stock.' }),
      }),
    );
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByTestId('toast').first().waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/desktop-toast.png` });
    expect(await coveredBy(badge)).toBe('');
    expect(await coveredControls(page.getByTestId('site-header').getByRole('link'))).toEqual([]);
    expect(await coveredControls(page.getByTestId('site-header').getByRole('button'))).toEqual([]);
  });

  test('phone: after a consultancy booking the confirmation is in view', async () => {
    const page = await openAt('/consultancy#book', PHONE);
    await fillConsultationBooking(page, '10:30');
    await page.getByRole('button', { name: 'Book consultation' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: /booked|consultation/i });
    await page.getByRole('heading', { name: 'You are booked in' }).waitFor();
    if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-booked.png` });
    const inView = await page
      .getByRole('heading', { name: 'You are booked in' })
      .evaluate((heading) => {
        const box = heading.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return box.top >= 0 && box.bottom <= innerHeight && heading.contains(top);
      });
    expect(inView).toBe(true);
    expect(await confirmation.count()).toBeGreaterThan(0);
  });
});
