/**
 * The product page and the cart's discount code in Chromium, against a real shop whose seeded
 * catalog this file adjusts before the shop starts (so the cases exist in the data, not in a
 * mocked answer):
 * - Whey Protein Isolate no longer comes in Vanilla 10 lb, and its Strawberry 5 lb is sold out;
 * - one live 15 % discount code and one expired code.
 *
 * It shows the image gallery (by mouse and keyboard), the description, the nutrition facts table
 * and suggested products as the API sends them; flavor and size choice offering only combinations
 * that exist, with out-of-stock marked; a discount code applied with the server's totals, and the
 * server's reason beside the field for an unknown or expired code; and toasts sitting top-right.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { seedCatalog } from '../../server/db/seed.ts';
import { flavors, products, variants } from '../../server/modules/catalog/tables.ts';
import { refreshProductRollups } from '../../server/modules/catalog/service.ts';
import { discountCodes } from '../../server/modules/discounts/tables.ts';
import { launchBrowser } from './chrome.ts';
import { patientPoll } from './harness.ts';
import { startShop, type RunningShop } from './shop.ts';
import { waitForHydrationOnNavigation } from './hydration.ts';

const PRODUCT = 'whey-protein-isolate';
const LIVE_CODE = 'FORGE-TEST-2345';
const LIVE_PERCENT_OFF = 15;
const EXPIRED_CODE = 'FORGE-GONE-2345';
const UNKNOWN_CODE = 'FORGE-NONE-2345';
/** The server's words (server/modules/discounts/service.ts). */
const UNKNOWN_MESSAGE = 'That discount code does not exist. Check the code and try again.';
const EXPIRED_MESSAGE = 'That discount code has expired.';
const SEED_PRODUCTS = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * How far a top-right toast may sit from the viewport's right edge and from the header's bottom
 * edge (it stays below the header, clear of the cart badge and the menus).
 */
const TOAST_EDGE_PX = 32;

let dataDir: string;
let shop: RunningShop;
let browser: Browser;
const contexts: BrowserContext[] = [];

/** Seeds the catalog the shop would seed, then changes it as the file's comment says. */
async function prepareData(dir: string) {
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  try {
    await database.migrate();
    await seedCatalog(database.db, { products: SEED_PRODUCTS });
    const { db } = database;
    const [product] = await db.select().from(products).where(eq(products.slug, PRODUCT));
    const variantOf = async (flavor: string, size: string) => {
      const [row] = await db
        .select({ id: variants.id })
        .from(variants)
        .innerJoin(flavors, eq(flavors.id, variants.flavorId))
        .where(
          and(
            eq(variants.productId, product!.id),
            eq(flavors.slug, flavor),
            eq(variants.size, size),
          ),
        );
      return row!.id;
    };
    await db.delete(variants).where(eq(variants.id, await variantOf('vanilla', '10 lb')));
    await db
      .update(variants)
      .set({ stock: 0 })
      .where(eq(variants.id, await variantOf('strawberry', '5 lb')));
    await refreshProductRollups(db, [product!.id]);

    const now = Date.now();
    await db.insert(discountCodes).values([
      {
        id: 'dc_e2e_live',
        code: LIVE_CODE,
        email: 'live@example.com',
        name: 'Live Code',
        percentOff: LIVE_PERCENT_OFF,
        expiresAt: new Date(now + 30 * DAY_MS),
      },
      {
        id: 'dc_e2e_expired',
        code: EXPIRED_CODE,
        email: 'expired@example.com',
        name: 'Expired Code',
        percentOff: 10,
        expiresAt: new Date(now - DAY_MS),
      },
    ]);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'forge-e2e-data-'));
  const launching = launchBrowser();
  await prepareData(dataDir);
  [shop, browser] = await Promise.all([startShop({ DATA_DIR: dataDir }), launching]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await shop?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A fresh guest (own storage, so own guest cart) with the coupon popup already dismissed. */
async function openPage(url: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    baseURL: shop.baseURL,
    viewport: { width, height: 900 },
  });
  contexts.push(waitForHydrationOnNavigation(context));
  await context.addInitScript(() => localStorage.setItem('hasSeenCouponPopup', 'true'));
  const page = await context.newPage();
  await page.goto(url);
  await page.locator('main').first().waitFor();
  return page;
}

interface ApiProduct {
  name: string;
  description: string;
  images: string[];
  nutritionFacts: { rows: { name: string; amount: string }[] } | null;
}

async function apiProduct(identifier: string): Promise<ApiProduct> {
  const response = await fetch(`${shop.baseURL}/api/v1/products/${identifier}`);
  return ((await response.json()) as { data: ApiProduct }).data;
}

const mainImage = (page: Page) => page.locator('main img[fetchpriority="high"]');
const thumb = (page: Page, n: number, of: number) =>
  page.getByRole('button', { name: `Show image ${n} of ${of}` });
const badge = (page: Page) => page.getByTestId('cart-badge');

describe('product details', () => {
  test('the gallery switches images by mouse and by keyboard', async () => {
    const { images, name } = await apiProduct(PRODUCT);
    expect(images.length).toBeGreaterThanOrEqual(3);
    const count = images.length;
    const page = await openPage(`/product/${PRODUCT}`);
    const shows = async () => ({
      alt: await mainImage(page).getAttribute('alt'),
      src: await mainImage(page).getAttribute('src'),
    });
    await expect.poll(shows).toEqual({ alt: `${name}, image 1 of ${count}`, src: images[0] });
    expect(await thumb(page, 1, count).getAttribute('aria-pressed')).toBe('true');

    await thumb(page, 2, count).click();
    await expect.poll(shows).toEqual({ alt: `${name}, image 2 of ${count}`, src: images[1] });
    expect(await thumb(page, 2, count).getAttribute('aria-pressed')).toBe('true');
    expect(await thumb(page, 1, count).getAttribute('aria-pressed')).toBe('false');

    // Keyboard: Tab moves to the next thumbnail, Enter and Space show its image.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe(`Show image 3 of ${count}`);
    await page.keyboard.press('Enter');
    await expect.poll(shows).toEqual({ alt: `${name}, image 3 of ${count}`, src: images[2] });
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    await expect.poll(shows).toEqual({ alt: `${name}, image 1 of ${count}`, src: images[0] });
  });

  test('description, nutrition facts and suggested products come from the catalog', async () => {
    const product = await apiProduct(PRODUCT);
    const page = await openPage(`/product/${PRODUCT}`);

    const description = page.getByRole('region', { name: 'Description' });
    const paragraphs = product.description.split(/\n{2,}/).filter(Boolean);
    expect(paragraphs.length).toBeGreaterThan(0);
    await expect.poll(() => description.locator('p').allTextContents()).toEqual(paragraphs);

    const facts = page.getByRole('region', { name: 'Nutrition facts' }).getByRole('table');
    expect(product.nutritionFacts?.rows.length).toBeGreaterThan(0);
    for (const row of product.nutritionFacts!.rows) {
      const tableRow = facts.getByRole('row').filter({
        has: page.getByRole('rowheader', { name: row.name, exact: true }),
      });
      expect({
        row: row.name,
        amount: await tableRow.getByRole('cell').first().textContent(),
      }).toEqual({ row: row.name, amount: row.amount });
    }

    const suggested = page.getByRole('region', { name: 'You may also like' });
    await expect.poll(() => suggested.getByRole('article').count()).toBeGreaterThan(0);
    const card = suggested.getByRole('article').first();
    const suggestedName = await card.getByRole('heading').first().textContent();
    const link = card.getByRole('link').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/product\/[^/]+$/);
    expect(href).not.toBe(`/product/${PRODUCT}`);
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(suggestedName);
  });

  test('only flavor and size combinations that exist are offered; sold-out ones are marked', async () => {
    const page = await openPage(`/product/${PRODUCT}?flavor=chocolate&size=10%20lb`);
    const flavorGroup = page.getByRole('group', { name: /^Flavor/ });
    const sizeGroup = page.getByRole('group', { name: /^Size/ });
    const sizes = () =>
      sizeGroup
        .getByRole('radio')
        .evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
    await expect.poll(sizes).toEqual(['2 lb', '5 lb', '10 lb']);
    expect(await sizeGroup.getByRole('radio', { name: '10 lb' }).isChecked()).toBe(true);

    // Vanilla does not come in 10 lb: choosing it leaves 10 lb out and moves to a real size.
    await flavorGroup.getByRole('radio', { name: 'Vanilla' }).click();
    await expect.poll(sizes).toEqual(['2 lb', '5 lb']);
    await expect.poll(() => new URL(page.url()).searchParams.get('size')).not.toBe('10 lb');
    const checkedSize = await sizeGroup
      .getByRole('radio', { checked: true })
      .evaluate((radio) => (radio as HTMLInputElement).value);
    expect(['2 lb', '5 lb']).toContain(checkedSize);
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to cart' }).isEnabled())
      .toBe(true);

    // A shared link to the missing combination opens a real one.
    await page.goto(`/product/${PRODUCT}?flavor=vanilla&size=10%20lb`);
    await expect.poll(sizes).toEqual(['2 lb', '5 lb']);
    expect(await page.getByRole('radio', { name: 'Vanilla' }).isChecked()).toBe(true);

    // Strawberry 5 lb exists but is sold out: offered, marked, and it cannot be added.
    await flavorGroup.getByRole('radio', { name: 'Strawberry' }).click();
    const soldOut = sizeGroup.locator('label').filter({ hasText: '5 lb' });
    await expect.poll(() => soldOut.textContent()).toBe('5 lb (out of stock)');
    const inStock = sizeGroup.locator('label').filter({ hasText: '2 lb' });
    expect(await inStock.textContent()).toBe('2 lb');
    // The flavor has other sizes in stock, so the flavor itself is not marked.
    expect(await flavorGroup.locator('label').filter({ hasText: 'Strawberry' }).textContent()).toBe(
      'Strawberry',
    );
    await sizeGroup.getByRole('radio', { name: /^5 lb/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Notify me' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    expect(await page.getByText('Out of stock in this flavor and size').isVisible()).toBe(true);
    await sizeGroup.getByRole('radio', { name: '2 lb' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Add to cart' }).isEnabled())
      .toBe(true);
  });
});

describe('toasts', () => {
  test.each([1280, 375])('sit at the top right at %i px wide', async (width) => {
    const page = await openPage('/product/creatine-monohydrate', width);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const toast = page.getByTestId('toast').first();
    await expect
      .poll(() => toast.textContent())
      .toContain('Creatine Monohydrate added to your cart.');
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    const header = (await page.getByTestId('site-header').boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y - (header.y + header.height)).toBeLessThanOrEqual(TOAST_EDGE_PX);
    expect(viewport.width - (box.x + box.width)).toBeLessThanOrEqual(TOAST_EDGE_PX);
    // It stays there while the page scrolls.
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect((await toast.boundingBox())!.y).toBe(box.y);
  });
});

interface ServerCart {
  totals: { subtotal: number; discount: number; shipping: number; total: number };
  discount: { code: string; percentOff: number } | null;
}

/** The guest's cart as the server computes it. */
async function serverCart(page: Page): Promise<ServerCart> {
  const guestCartId = await page.evaluate(() => localStorage.getItem('guestCartId'));
  const response = await fetch(`${shop.baseURL}/api/v1/cart?guestCartId=${guestCartId}`, {
    headers: { 'x-guest-cart-id': guestCartId! },
  });
  return ((await response.json()) as { data: ServerCart }).data;
}

const money = (cents: number) =>
  `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

describe('discount code in the cart', () => {
  test('an unknown or expired code is refused with the server’s reason beside the field; a live one changes the server’s totals', async () => {
    // Each apply goes through the cart's outbox to the server, and may wait out a retry.
    const poll = patientPoll();
    const page = await openPage('/product/creatine-monohydrate');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await poll(() => badge(page).textContent()).toBe('2');
    await poll(() => page.evaluate(() => localStorage.getItem('guestCartId'))).toBeTruthy();
    await page.goto('/cart');

    const summary = page.getByRole('complementary', { name: 'Order summary' });
    const totals = () =>
      summary
        .locator('dl > div')
        .evaluateAll((rows) =>
          Object.fromEntries(
            rows.map((row) => [
              row.querySelector('dt')?.textContent ?? '',
              row.querySelector('dd')?.textContent ?? '',
            ]),
          ),
        );
    const field = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    const messageBeside = () =>
      field.evaluate((input) => {
        const id = input.getAttribute('aria-describedby')?.split(' ')[0];
        return id ? (document.getElementById(id)?.textContent ?? '') : '';
      });

    await field.waitFor();
    const before = await serverCart(page);
    expect(before.totals.discount).toBe(0);
    await poll(totals).toEqual({
      Subtotal: money(before.totals.subtotal),
      Shipping: before.totals.shipping === 0 ? 'Free' : money(before.totals.shipping),
      Total: money(before.totals.total),
    });

    for (const [code, message] of [
      [UNKNOWN_CODE, UNKNOWN_MESSAGE],
      [EXPIRED_CODE, EXPIRED_MESSAGE],
    ] as const) {
      await field.fill(code);
      await apply.click();
      await poll(messageBeside).toBe(message);
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect((await serverCart(page)).discount).toBeNull();
    }

    // Codes are typed any way; the server matches them case-insensitively.
    await field.fill(LIVE_CODE.toLowerCase());
    await apply.click();
    await poll(() => summary.getByText(/^Code .* applied/).textContent()).toBe(
      `Code ${LIVE_CODE} applied: ${LIVE_PERCENT_OFF} % off.`,
    );
    const after = await serverCart(page);
    expect(after.discount).toMatchObject({ code: LIVE_CODE, percentOff: LIVE_PERCENT_OFF });
    expect(after.totals.discount).toBeGreaterThan(0);
    expect(after.totals.total).toBeLessThan(before.totals.total);
    await poll(totals).toEqual({
      Subtotal: money(after.totals.subtotal),
      [`Discount (${LIVE_PERCENT_OFF} %)`]: `−${money(after.totals.discount)}`,
      Shipping: after.totals.shipping === 0 ? 'Free' : money(after.totals.shipping),
      Total: money(after.totals.total),
    });

    // The code is kept by the server's cart, so it is still there after a reload.
    await page.reload();
    await poll(() => summary.getByText(/^Code .* applied/).textContent()).toBe(
      `Code ${LIVE_CODE} applied: ${LIVE_PERCENT_OFF} % off.`,
    );

    await summary.getByRole('button', { name: 'Remove code' }).click();
    await poll(async () => (await serverCart(page)).discount).toBeNull();
    await poll(totals).toEqual({
      Subtotal: money(before.totals.subtotal),
      Shipping: before.totals.shipping === 0 ? 'Free' : money(before.totals.shipping),
      Total: money(before.totals.total),
    });
  });
});
