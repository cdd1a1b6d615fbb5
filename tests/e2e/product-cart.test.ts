/**
 * Product pages and the cart in Chromium, as a guest: flavor and size choice (in the URL, sold-out
 * marked), add to cart → badge → cart page → quantity change → remove, quick add from a card, the
 * discount-code field's errors, and checkout asking a guest to sign in first.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type {
  ProductDetail,
  ProductDetailResponse,
  ProductListResponse,
} from '../../contract/catalog.ts';
import { expectPictureDrawn, shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

/** A fresh guest (own storage, so own guest cart) with the coupon popup already dismissed. */
const openPage = (path: string, width = 1280) => e2e.openPage(path, width, 900);

const badge = (page: Page) => page.getByTestId('cart-badge');

async function productData(slug: string): Promise<ProductDetail> {
  const response = await fetch(`${e2e.shop.baseURL}/api/v1/products/${slug}`);
  return ((await response.json()) as ProductDetailResponse).data;
}

const imageSrc = (image: Locator) => image.evaluate((img: HTMLImageElement) => img.currentSrc);
/** The path and query of an image URL, to compare a rendered `currentSrc` with the API's URL. */
const pathOf = (url: string) => {
  const parsed = new URL(url, 'http://x');
  parsed.searchParams.delete('w');
  return `${parsed.pathname}${parsed.search}`;
};
const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

describe('product details', () => {
  test('flavor and size are chosen from real combinations and kept in the URL', async () => {
    const page = await openPage('/product/whey-protein-isolate');
    await expect.poll(() => page.title()).toBe('Product Details');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Whey Protein Isolate');
    await expect.poll(() => page.getByText('Ironclad Nutrition').first().isVisible()).toBe(true);
    await expect
      .poll(() => page.getByRole('table').getByText('Nutrition Facts').isVisible())
      .toBe(true);

    const flavors = page.getByRole('group', { name: /^Flavor/ });
    const sizes = page.getByRole('group', { name: /^Size/ });
    await flavors.getByRole('radio', { name: 'Vanilla' }).click();
    await expect.poll(() => searchParam(page, 'flavor')).toBe('vanilla');
    await sizes.getByRole('radio', { name: '5 lb' }).click();
    await expect.poll(() => searchParam(page, 'size')).toBe('5 lb');
    await expect.poll(() => page.getByText('$89.99').first().isVisible()).toBe(true);
    expect(await flavors.getByRole('radio', { name: 'Vanilla' }).isChecked()).toBe(true);

    // A shared link opens the same variant.
    await page.goto('/product/whey-protein-isolate?flavor=strawberry&size=10%20lb');
    await expect.poll(() => page.getByRole('radio', { name: 'Strawberry' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '10 lb' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText('$159.99').first().isVisible()).toBe(true);

    // Suggested products are real product links.
    const suggested = page.getByRole('region', { name: 'You may also like' });
    await expect.poll(() => suggested.getByRole('article').count()).toBeGreaterThan(0);
  });

  test("the gallery shows the chosen flavor's own tub", async () => {
    const product = await productData('whey-protein-isolate');
    const packshot = (flavor: string) =>
      product.variants.find((variant) => variant.flavor.slug === flavor)!.image!;
    expect(new Set(product.variants.map((variant) => variant.image)).size).toBe(4);

    const page = await openPage('/product/whey-protein-isolate?flavor=chocolate');
    const main = page.getByRole('img', { name: /^Whey Protein Isolate, image/ });
    await expect.poll(async () => pathOf(await imageSrc(main))).toBe(packshot('chocolate'));
    const flavors = page.getByRole('group', { name: /^Flavor/ });
    for (const flavor of ['vanilla', 'strawberry', 'creme-brulee']) {
      const name = product.variants.find((variant) => variant.flavor.slug === flavor)!.flavor.name;
      await flavors.getByRole('radio', { name }).click();
      await expect.poll(async () => pathOf(await imageSrc(main))).toBe(packshot(flavor));
      // The picture is drawn and is that flavor's, not a blank box.
      await expectPictureDrawn(main);
    }
    // A thumbnail still shows any image, until the flavor changes again.
    await page.getByRole('button', { name: /^Show image 5 of 5/ }).click();
    await expect.poll(async () => pathOf(await imageSrc(main))).toBe(product.images[4]);
    await flavors.getByRole('radio', { name: 'Chocolate' }).click();
    await expect.poll(async () => pathOf(await imageSrc(main))).toBe(packshot('chocolate'));
  });

  test('a card priced from its cheapest variant says "From" and opens on that variant', async () => {
    // A product whose cheapest variant in stock is not the first one listed (flavors by name),
    // where the page used to open on a dearer size than the card's price.
    let found: ProductDetail | undefined;
    for (const collection of ['top', 'new', 'bestsellers']) {
      const response = await fetch(
        `${e2e.shop.baseURL}/api/v1/products?collection=${collection}&limit=48`,
      );
      for (const summary of ((await response.json()) as ProductListResponse).data) {
        if (!summary.priceVaries || !summary.inStock || found) continue;
        const product = await productData(summary.slug);
        const firstInStock = product.variants.find((variant) => variant.stock > 0)!;
        const cheapest = product.variants.find(
          (variant) => variant.stock > 0 && variant.price === product.price,
        );
        if (cheapest && firstInStock.price > cheapest.price) found = product;
      }
    }
    expect(found, 'a product whose first variant in stock is not its cheapest').toBeDefined();
    const product = found!;
    const cheapest = product.variants.find(
      (variant) => variant.stock > 0 && variant.price === product.price,
    )!;
    const dollars = `$${(product.price / 100).toFixed(2)}`;

    const page = await openPage(`/search/products?q=${encodeURIComponent(product.name)}`);
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) })
      .filter({ hasText: product.brand.name });
    await expect
      .poll(async () => (await card.first().textContent()) ?? '')
      .toContain(`From ${dollars}`);
    await card.first().getByRole('link', { name: product.name, exact: true }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(product.name);
    const sizes = page.getByRole('group', { name: /^Size/ });
    const flavors = page.getByRole('group', { name: /^Flavor/ });
    await expect
      .poll(() => flavors.getByRole('radio', { name: cheapest.flavor.name }).isChecked())
      .toBe(true);
    expect(await sizes.getByRole('radio', { name: cheapest.size }).isChecked()).toBe(true);
    await expect.poll(() => page.getByText(dollars).first().isVisible()).toBe(true);
  });

  test('a sold-out product marks its choices and offers an alert, not the add button', async () => {
    const page = await openPage('/product/glucosamine-joint-complex');
    // In place of the add button: the form asking to hear when it is back.
    await expect.poll(() => page.getByRole('button', { name: 'Notify me' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to cart' }).count()).toBe(0);
    await expect
      .poll(() => page.getByText('Out of stock in this flavor and size').isVisible())
      .toBe(true);
    expect(await page.getByText('(out of stock)').count()).toBeGreaterThan(0);
  });

  test('an unknown product is the not-found page', async () => {
    const page = await openPage('/product/no-such-product-anywhere');
    await expect.poll(() => page.title()).toBe('Page Not Found');
  });
});

describe('cart as a guest', () => {
  test('add → badge → cart page → change quantity → remove', async () => {
    const page = await openPage('/product/whey-protein-isolate?flavor=chocolate&size=2%20lb');
    await page.getByRole('button', { name: 'Increase quantity' }).click();
    await expect
      .poll(() => page.getByRole('spinbutton', { name: 'Quantity' }).inputValue())
      .toBe('2');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect
      .poll(() => page.getByTestId('toast').first().textContent())
      .toContain('Whey Protein Isolate added to your cart.');
    await expect.poll(() => badge(page).textContent()).toBe('2');
    // The badge moves when the change is queued; the guest cart id comes with the server's answer.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('guestCartId'))).toBeTruthy();

    await page.getByTestId('cart-link').click();
    await expect.poll(() => page.title()).toBe('Your Cart');
    const line = page.getByRole('listitem').filter({ hasText: 'Whey Protein Isolate' });
    await expect.poll(() => line.getByText('Chocolate').isVisible()).toBe(true);
    await expect.poll(() => line.getByText('2 lb').isVisible()).toBe(true);
    const summary = page.getByRole('complementary', { name: 'Order summary' });
    await expect.poll(() => summary.getByText('$89.98').first().isVisible()).toBe(true);

    await line.getByRole('button', { name: 'Increase quantity of Whey Protein Isolate' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('3');
    await expect.poll(() => summary.getByText('$134.97').first().isVisible()).toBe(true);
    // From $99 standard shipping is free, and the server says so.
    await expect.poll(() => summary.getByText('Free', { exact: true }).isVisible()).toBe(true);

    await line.getByRole('button', { name: 'Decrease quantity of Whey Protein Isolate' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');

    await page.reload();
    await expect.poll(() => badge(page).textContent()).toBe('2');

    await page.getByRole('button', { name: 'Remove Whey Protein Isolate from your cart' }).click();
    await expect.poll(() => page.getByText('Your cart is empty').isVisible()).toBe(true);
    expect(await badge(page).count()).toBe(0);
  });

  test('a quantity above 20 typed on the product page is cut to 20 and the shopper is told, there and in the cart', async () => {
    const page = await openPage('/product/whey-protein-isolate?flavor=chocolate&size=2%20lb');
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('999');
    await expect.poll(() => quantity.inputValue()).toBe('20');
    const note = page.getByRole('status').filter({ hasText: 'at most 20' });
    await expect.poll(() => note.textContent()).toBe('You can buy at most 20 of an item.');
    // The note is the field's description, so a screen reader hears it with the field.
    const describedBy = await quantity.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(
      'You can buy at most 20 of an item.',
    );
    await page.getByRole('button', { name: 'Decrease quantity' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('19');
    expect(await note.count()).toBe(0);

    await quantity.fill('999');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('20');
    await page.getByTestId('cart-link').click();
    await expect.poll(() => page.title()).toBe('Your Cart');
    await expect
      .poll(() => page.getByTestId('cart-line-limit').textContent())
      .toBe('You can buy at most 20 of an item.');
    const increase = page.getByRole('button', {
      name: 'Increase quantity of Whey Protein Isolate',
    });
    expect(await increase.isDisabled()).toBe(true);
  });

  test('quick add asks for flavor and size, then adds', async () => {
    const page = await openPage('/search/products?q=whey%20protein%20isolate');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Whey Protein Isolate', exact: true }) })
      .filter({ hasText: 'Ironclad Nutrition' });
    await card.getByRole('button', { name: 'Quick add Whey Protein Isolate to cart' }).click();
    const dialog = page.getByRole('dialog', { name: 'Whey Protein Isolate' });
    await dialog.getByRole('radio', { name: 'Vanilla' }).click();
    await dialog.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => badge(page).textContent()).toBe('1');
  });

  for (const [device, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1280, 800],
  ] as const) {
    test(`the quick-add dialog on a ${device}: padded, with packshot, brand, name, price and choices; focus kept inside`, async () => {
      const product = await productData('whey-protein-isolate');
      const page = await e2e.openPage('/search/products?q=whey%20protein%20isolate', width, height);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('heading', { name: 'Whey Protein Isolate', exact: true }) })
        .filter({ hasText: 'Ironclad Nutrition' });
      const opener = card.getByRole('button', { name: 'Quick add Whey Protein Isolate to cart' });
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Whey Protein Isolate' });
      await dialog.waitFor();
      const focusInside = () =>
        page.evaluate(() => Boolean(document.activeElement?.closest('[role="dialog"]')));
      // Focus moved into the dialog as it opened.
      await expect.poll(focusInside).toBe(true);

      // Everything a shopper needs, inside the panel with room around it. The panel rises into
      // place as it opens: measured mid-animation, it and its parts would be caught at different
      // heights.
      await page.evaluate(() =>
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
            .map((animation) => animation.finished),
        ),
      );
      const box = (await dialog.boundingBox())!;
      const brand = dialog.getByText('Ironclad Nutrition', { exact: true });
      const title = dialog.getByRole('heading', { name: 'Whey Protein Isolate' });
      const image = dialog.getByRole('img', { name: /^Whey Protein Isolate, / });
      const add = dialog.getByRole('button', { name: 'Add to cart' });
      for (const part of [brand, title, image, add]) {
        const inner = (await part.boundingBox())!;
        expect(inner.y - box.y).toBeGreaterThanOrEqual(16);
        expect(inner.x - box.x).toBeGreaterThanOrEqual(16);
        expect(box.x + box.width - (inner.x + inner.width)).toBeGreaterThanOrEqual(16);
      }
      const selected = product.variants.find((variant) => variant.flavor.slug === 'chocolate')!;
      await expect.poll(async () => pathOf(await imageSrc(image))).toBe(selected.image);
      await expectPictureDrawn(image);
      expect(await dialog.textContent()).toContain(`$${(selected.price / 100).toFixed(2)}`);
      expect(await dialog.getByRole('spinbutton', { name: 'Quantity' }).inputValue()).toBe('1');
      // The picture follows the flavor.
      await dialog.getByRole('radio', { name: 'Vanilla' }).click();
      const vanilla = product.variants.find((variant) => variant.flavor.slug === 'vanilla')!;
      await expect.poll(async () => pathOf(await imageSrc(image))).toBe(vanilla.image);

      // Tab and Shift+Tab never leave the dialog.
      await dialog.getByRole('button', { name: 'Close' }).focus();
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        expect(await focusInside()).toBe(true);
      }
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Shift+Tab');
        expect(await focusInside()).toBe(true);
      }
      // Escape closes it and focus goes back to the card's add button.
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      await expect
        .poll(() => opener.evaluate((button) => document.activeElement === button))
        .toBe(true);
    });
  }

  test('the discount-code field explains what is wrong, and a guest signs in to check out', async () => {
    const page = await openPage('/product/creatine-monohydrate');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await page.goto('/cart');

    const field = page.getByRole('textbox', { name: 'Discount code' });
    await field.waitFor();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.getByText('Enter a discount code').isVisible()).toBe(true);
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill('NOPE-0000-0000');
    await page.getByRole('button', { name: 'Apply' }).click();
    const fieldError = page.locator('form').filter({ has: field }).getByRole('alert');
    await expect.poll(async () => (await fieldError.textContent())?.trim()).toMatch(/code/i);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    // The refused code left the cart as it was.
    await expect.poll(() => badge(page).textContent()).toBe('1');

    await page.getByRole('link', { name: 'Sign in to check out' }).click();
    await expect.poll(() => page.title()).toBe('Login');
    expect(searchParam(page, 'redirect')).toBe('/checkout');
  });
});

describe('discount-code tries', () => {
  test('once a cart has tried too many codes the wait is explained beside the field, and other cart changes still go through', async () => {
    const page = await openPage('/product/creatine-monohydrate');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect.poll(() => badge(page).textContent()).toBe('1');
    await page.goto('/cart');

    const field = page.getByRole('textbox', { name: 'Discount code' });
    const apply = page.getByRole('button', { name: 'Apply' });
    const fieldError = page.locator('form').filter({ has: field }).getByRole('alert');
    const tryCode = async (code: string) => {
      await field.fill(code);
      await apply.click();
      await expect.poll(async () => (await fieldError.count()) > 0).toBe(true);
      return (await fieldError.textContent())?.trim();
    };
    // The per-cart limit is 10 tries an hour (DISCOUNT_RATE_LIMITS in server/modules/cart/routes.ts).
    for (let i = 0; i < 10; i++) {
      expect(await tryCode(`NOPE-0000-${String(i).padStart(4, '0')}`)).toMatch(/does not exist/);
    }
    expect(await tryCode('NOPE-0000-9999')).toMatch(/^Too many attempts\. Please wait \d+ minutes/);
    expect(await field.isEnabled()).toBe(true);

    // The refused try does not hold the cart's later changes behind it.
    await page.getByRole('button', { name: /Increase quantity/ }).click();
    await expect.poll(() => badge(page).textContent()).toBe('2');
  });
});
