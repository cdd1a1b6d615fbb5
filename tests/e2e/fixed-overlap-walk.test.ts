/**
 * Nothing fixed on the screen covers a control, on any page a shopper walks through (cart, checkout
 * and its payment step, a product, the profile), on a phone (390 × 844) and a desktop, at every
 * scroll position from the top to the bottom of the page: the rectangle of every fixed box (the
 * "Get discount offer" button, the "Install app" button, the offline banner, toasts) is compared
 * with the rectangle of every visible button, link, input, select and textarea. The browser is
 * told it may offer installation, so the "Install app" button shows. And "Place order" brings the
 * payment step into view with its first field focused.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { addProduct, fillAddress, open, register } from './shopper.ts';

const e2e = shopInBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENS = { phone: PHONE, desktop: DESKTOP } as const;
const SCREENSHOTS = process.env.E2E_SCREENSHOTS;

/** Lets the page offer installation, as Chromium does for an installable app. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => Promise.resolve(),
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
  await page.getByTestId('install-app').waitFor();
}

/** How many frames more a covered control is given for the floating button to step aside. */
const SETTLE_FRAMES = 20;

/**
 * Scrolls the page from its top to its bottom, half a screen at a time, and at each stop lists
 * every visible control whose box overlaps the box of something fixed on the screen, as
 * "at <scrollY>: <control> under <fixed>". Leaves the page scrolled back to the top.
 */
function overlapsWhileScrolling(page: Page): Promise<string[]> {
  return page.evaluate(async (SETTLE_FRAMES) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    const name = (element: Element) => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('title') ??
        (element.textContent?.trim() || element.getAttribute('name') || '');
      return `${element.tagName.toLowerCase()} "${label.replace(/\s+/g, ' ').slice(0, 40)}"`;
    };
    const seen = (element: Element) =>
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const paints = (element: Element) => {
      const style = getComputedStyle(element);
      return (
        style.backgroundColor !== 'rgba(0, 0, 0, 0)' ||
        style.backgroundImage !== 'none' ||
        style.pointerEvents !== 'none' ||
        [...element.childNodes].some(
          (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
        )
      );
    };
    /** The boxes a fixed element draws: itself, or (a transparent holder) its children's. */
    const drawn = (element: Element): Element[] =>
      paints(element) ? [element] : [...element.children].flatMap(drawn);
    const fixedBoxes = () =>
      [...document.querySelectorAll('body *')]
        .filter((element) => getComputedStyle(element).position === 'fixed')
        .flatMap(drawn)
        .filter(seen);
    /** A control drawn by a fixed layer itself (the dock's buttons, a toast's close button). */
    const insideFixed = (control: Element) => {
      for (let at: Element | null = control; at; at = at.parentElement) {
        if (getComputedStyle(at).position === 'fixed') return true;
      }
      return false;
    };
    const overlap = (a: DOMRect, b: DOMRect) =>
      a.width > 0 &&
      a.height > 0 &&
      b.width > 0 &&
      b.height > 0 &&
      a.left < b.right &&
      b.left < a.right &&
      a.top < b.bottom &&
      b.top < a.bottom;
    const screen = () => new DOMRect(0, 0, innerWidth, innerHeight);

    const found = new Set<string>();
    const end = () => document.documentElement.scrollHeight - innerHeight;
    for (let y = 0; ; y = Math.min(y + innerHeight / 2, end())) {
      scrollTo({ top: y, behavior: 'instant' });
      /** Each control a fixed box covers now. */
      const covered = () => {
        const here: string[] = [];
        const controls = [
          ...document.querySelectorAll('a[href], button, input, select, textarea'),
        ].filter((control) => {
          const box = control.getBoundingClientRect();
          return seen(control) && box.width > 1 && box.height > 1 && overlap(box, screen());
        });
        for (const box of fixedBoxes()) {
          const rect = box.getBoundingClientRect();
          for (const control of controls) {
            if (insideFixed(control)) continue;
            if (overlap(rect, control.getBoundingClientRect())) {
              here.push(`at ${Math.round(scrollY)}: ${name(control)} under ${name(box)}`);
            }
          }
        }
        return here;
      };
      // A floating button measures its corner on the next frame, then React draws it aside; on a
      // busy machine that can take a few frames more. What is still covered after them counts.
      await frame();
      await frame();
      await frame();
      let here = covered();
      for (let more = 0; here.length > 0 && more < SETTLE_FRAMES; more += 1) {
        await frame();
        here = covered();
      }
      for (const overlapping of here) found.add(overlapping);
      if (y >= end()) break;
    }
    scrollTo(0, 0);
    return [...found];
  }, SETTLE_FRAMES);
}

/**
 * Waits until `testId`'s floating button is drawn, fully, with the page scrolled to its bottom;
 * fails if it never is. It fades back in over a fifth of a second, and the bottom is sought again
 * on each look: a page may still grow (the checkout's summary once its quote arrives) after the
 * first scroll, and what the button covers there with it. Its opacity and its visibility are read
 * in one look, so a page that changes between two looks cannot split them.
 */
async function expectShownAtTheBottom(page: Page, testId: string, label: string): Promise<void> {
  const button = page.getByTestId(testId);
  await expect
    .poll(
      async () => {
        await page.evaluate(() =>
          scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
        );
        return button.evaluate(
          (element) =>
            getComputedStyle(element).opacity === '1' &&
            element.checkVisibility({ opacityProperty: true }),
        );
      },
      { message: `${label}: ${testId} shown at the bottom`, timeout: 5_000 },
    )
    .toBe(true);
}

async function signedInWithCart(viewport: { width: number; height: number }, who: string) {
  const context = await e2e.newContext({ viewport });
  const page = await context.newPage();
  await register(page, who);
  await addProduct(page, e2e.shop.baseURL, 'whey-protein-isolate');
  await offerInstall(page);
  return page;
}

describe('nothing fixed covers a control, at any scroll position', () => {
  for (const [screenName, viewport] of Object.entries(SCREENS)) {
    test(`${screenName}: cart, checkout, payment step, product and profile`, async () => {
      const page = await signedInWithCart(viewport, `Walker ${screenName}`);
      const overlaps: Record<string, string[]> = {};
      const walk = async (label: string) => {
        await page.getByTestId('coupon-button').waitFor();
        if (SCREENSHOTS)
          await page.screenshot({ path: `${SCREENSHOTS}/${screenName}-${label}.png` });
        overlaps[label] = await overlapsWhileScrolling(page);
        // Not out of the way for good: the end of every page leaves them room.
        await expectShownAtTheBottom(page, 'coupon-button', label);
        await expectShownAtTheBottom(page, 'install-app', label);
      };

      await open(page, '/product/whey-protein-isolate');
      await offerInstall(page);
      await walk('product');
      await page.getByRole('link', { name: /cart/i }).first().click();
      await page.getByRole('textbox', { name: 'Discount code' }).waitFor();
      await walk('cart');
      await open(page, '/profile/me');
      await offerInstall(page);
      await walk('profile');
      await open(page, '/checkout');
      await offerInstall(page);
      const form = await fillAddress(page);
      await walk('checkout');
      await form.getByRole('button', { name: 'Place order' }).click();
      await page.getByLabel('Card number').waitFor({ timeout: 20_000 });
      await walk('payment');

      expect(overlaps).toEqual({ product: [], cart: [], profile: [], checkout: [], payment: [] });
    });
  }
});

test('phone: "Place order" brings the payment step into view with its card number focused', async () => {
  const page = await signedInWithCart(PHONE, 'Phone Payer');
  await open(page, '/checkout');
  const form = await fillAddress(page);
  // The total to pay, with its taxes, is read before the button, which it describes.
  const place = form.getByRole('button', { name: 'Place order' });
  const total = page.locator('#place-order-total');
  await expect.poll(() => total.textContent()).toMatch(/HST \(13%\) \$[\d.]+: \$[\d.]+$/);
  expect(await place.getAttribute('aria-describedby')).toContain('place-order-total');
  const [totalBox, placeBox] = [await total.boundingBox(), await place.boundingBox()];
  expect(totalBox!.y + totalBox!.height).toBeLessThanOrEqual(placeBox!.y);

  await place.click();
  const cardNumber = page.getByLabel('Card number');
  await cardNumber.waitFor({ timeout: 20_000 });
  await expect
    .poll(() => cardNumber.evaluate((input) => document.activeElement === input))
    .toBe(true);
  const inView = await cardNumber.evaluate((input) => {
    const box = input.getBoundingClientRect();
    const header = document.querySelector('[data-testid="site-header"]')!.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { top: box.top, bottom: box.bottom, headerBottom: header.bottom, drawn: top === input };
  });
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-payment-focused.png` });
  expect(inView.top).toBeGreaterThanOrEqual(inView.headerBottom);
  expect(inView.bottom).toBeLessThanOrEqual(PHONE.height);
  expect(inView.drawn).toBe(true);
});

test('phone, offline: the offline banner covers nothing on the checkout and the cart', async () => {
  const page = await signedInWithCart(PHONE, 'Offline Walker');
  // Both pages' code loads online: from the cart to the checkout in the app.
  await open(page, '/cart');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await fillAddress(page);
  await offerInstall(page);
  await page.context().setOffline(true);
  await page.getByTestId('offline-banner').waitFor();
  const checkout = await overlapsWhileScrolling(page);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-offline-checkout.png` });
  await page.getByTestId('cart-link').click();
  await page.getByRole('textbox', { name: 'Discount code' }).waitFor();
  const cart = await overlapsWhileScrolling(page);
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/phone-offline-cart.png` });
  expect({ checkout, cart }).toEqual({ checkout: [], cart: [] });
  await page.context().setOffline(false);
});
