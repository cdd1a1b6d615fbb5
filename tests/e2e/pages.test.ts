/**
 * The page screens in Chromium: titles, listings driven by their URL (filters, sort, pagination,
 * back button), the empty state, the info pages, and the forms — contact, consultancy, login,
 * register and forgot password — with their field messages, server errors and success.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { fillConsultationBooking } from './consultation.ts';
import { expectPictureDrawn, shopInBrowser } from './harness.ts';

const e2e = shopInBrowser();

const openPage = (path: string, width = 1280) => e2e.openPage(path, width, 900);

const param = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);
const resultCount = async (page: Page) =>
  Number.parseInt((await page.getByText(/^\d+ products?$/).textContent()) ?? '', 10);
const fieldError = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) => {
    const id = input.getAttribute('aria-describedby')?.split(' ')[0];
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

describe('titles', () => {
  // 22 full page loads: over a minute when the machine is busy.
  test(
    'each page screen has its title; unknown slugs are not found',
    { timeout: 120_000 },
    async () => {
      const page = await openPage('/');
      const titles: [string, string][] = [
        ['/', 'Home'],
        ['/search?q=protein', 'Search Results'],
        ['/search/products?q=creatine', 'Search Results'],
        ['/brand/ironclad-nutrition', 'Brand Products'],
        ['/flavor/chocolate', 'Flavor Products'],
        ['/category/protein-powder', 'Category Products'],
        ['/product/creatine-monohydrate', 'Product Details'],
        ['/cart', 'Your Cart'],
        ['/contact', 'Contact Us'],
        ['/consultancy', 'Consultancy'],
        ['/login', 'Login'],
        ['/register', 'Register'],
        ['/forgot-password', 'Forgot Password'],
        ['/reset-password/abc', 'Reset Password'],
        ['/about', 'About Us'],
        ['/brands', 'Brands'],
        ['/privacy', 'Privacy Policy'],
        ['/returns', 'Returns'],
        ['/shipping', 'Shipping'],
        ['/discounts', 'Discounts'],
        ['/terms', 'Terms of Sale'],
        ['/category/no-such-category', 'Page Not Found'],
        ['/brand/no-such-brand', 'Page Not Found'],
      ];
      for (const [path, title] of titles) {
        await page.goto(path);
        await expect.poll(() => page.title(), { message: path }).toBe(title);
      }
    },
  );
});

describe('home', () => {
  test('hero, the top-product section the header watches, and the product rows', async () => {
    const page = await openPage('/');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain('Fuel the work.');
    const top = page.locator('#top-products');
    await expect.poll(() => top.getByRole('article').count()).toBe(8);
    for (const name of ['Bestsellers', 'New arrivals', 'Popular categories', 'Our brands']) {
      await expect.poll(() => page.getByRole('heading', { name, level: 2 }).isVisible()).toBe(true);
    }
    await page.getByRole('link', { name: 'Book a consultation' }).click();
    await expect.poll(() => page.title()).toBe('Consultancy');
  });

  for (const [device, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    test(`on a ${device}, product rows end on a full line and category tiles show a picture`, async () => {
      const page = await e2e.openPage('/', width, 844);
      for (const id of ['top-products', 'bestsellers', 'new-arrivals']) {
        const grid = page.locator(`#${id} ul`).first();
        await expect.poll(() => grid.getByRole('article').count()).toBeGreaterThan(0);
        const layout = await grid.evaluate((list) => {
          const box = list.getBoundingClientRect();
          const cards = [...list.children].map((item) => item.getBoundingClientRect());
          return {
            right: box.right,
            cards: cards.length,
            columns: new Set(cards.map((card) => Math.round(card.left))).size,
            lastRight: Math.max(...cards.map((card) => card.right)),
          };
        });
        // No empty column after the last card, and every line of cards is full.
        expect(layout.right - layout.lastRight, id).toBeLessThan(1);
        expect(layout.cards % layout.columns, id).toBe(0);
        if (width >= 768) expect(layout.columns, id).toBeGreaterThanOrEqual(4);
      }

      const tiles = page.getByRole('region', { name: 'Popular categories' }).getByRole('link');
      await expect.poll(() => tiles.count()).toBe(6);
      for (const tile of await tiles.all()) {
        await tile.scrollIntoViewIfNeeded();
        const picture = tile.locator('img');
        await expectPictureDrawn(picture);
        expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
          /\/api\/v1\/images\/categories\/[\w-]+\/1\.png/,
        );
        const [tileBox, pictureBox] = [(await tile.boundingBox())!, (await picture.boundingBox())!];
        // The picture fills the tile's width instead of sitting small in its middle.
        expect(pictureBox.width / tileBox.width).toBeGreaterThan(0.85);
        expect(pictureBox.height).toBeCloseTo(pictureBox.width, 0);
      }
    });
  }
});

describe('listings', () => {
  test('filters, sort and pages live in the URL, and the back button walks them back', async () => {
    const page = await openPage('/category/protein-powder');
    await expect.poll(() => resultCount(page)).toBeGreaterThan(24);
    const all = await resultCount(page);
    // A category page does not offer its own category as a filter.
    expect(await page.getByRole('group', { name: 'Category' }).count()).toBe(0);

    const brands = page.getByRole('group', { name: 'Brand' });
    await brands.getByRole('checkbox', { name: /^Ironclad Nutrition/ }).check();
    await expect.poll(() => param(page, 'brand')).toBe('ironclad-nutrition');
    await expect.poll(() => resultCount(page)).toBeLessThan(all);
    const cards = page.getByRole('main').getByRole('article');
    for (const brand of await cards.locator('p').first().allTextContents()) {
      expect(brand).toBe('Ironclad Nutrition');
    }
    await page.getByRole('button', { name: 'Remove filter Ironclad Nutrition' }).waitFor();

    await page.getByLabel('Sort by').selectOption('price-asc');
    await expect.poll(() => param(page, 'sort')).toBe('price-asc');
    await page.goBack();
    await expect.poll(() => param(page, 'sort')).toBeNull();
    expect(param(page, 'brand')).toBe('ironclad-nutrition');
    await page.goBack();
    await expect.poll(() => param(page, 'brand')).toBeNull();
    await expect.poll(() => resultCount(page)).toBe(all);

    // Pagination: real links, page two marked current, and back returns to page one.
    await page
      .getByRole('navigation', { name: 'Pages' })
      .getByRole('link', { name: 'Next' })
      .click();
    await expect.poll(() => param(page, 'page')).toBe('2');
    await expect
      .poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    await page.goBack();
    await expect.poll(() => param(page, 'page')).toBeNull();
  });

  test('a shared listing URL opens with its sort, filters and page applied', async () => {
    const page = await openPage('/category/protein-powder?sort=price-desc&page=2&inStock=true');
    await expect.poll(() => page.getByLabel('Sort by').inputValue()).toBe('price-desc');
    expect(await page.getByRole('checkbox', { name: 'In stock only' }).isChecked()).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    const prices = await page
      .getByRole('main')
      .getByRole('article')
      .evaluateAll((cards) =>
        // The first amount on a card is what it sells for (a sale price comes before the old one).
        cards.map((card) => Number(/\$(\d+\.\d\d)/.exec(card.textContent ?? '')?.[1])),
      );
    expect(prices.length).toBeGreaterThan(1);
    expect([...prices].sort((a, b) => b - a)).toEqual(prices);
  });

  test('a hand-edited listing URL falls back to its defaults instead of failing', async () => {
    const page = await openPage('/category/protein-powder?page=abc&sort=cheapest&minPrice=lots');
    await expect.poll(() => resultCount(page)).toBeGreaterThan(24);
    expect(await page.getByText('These products could not be loaded.').count()).toBe(0);
    const sortOptions = await page
      .getByLabel('Sort by')
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(sortOptions).toContain(await page.getByLabel('Sort by').inputValue());
    const pages = page.getByRole('navigation', { name: 'Pages' });
    expect(await pages.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
    // The next link is built from what the page understood: the bad values do not come back.
    await pages.getByRole('link', { name: 'Next' }).click();
    await expect.poll(() => param(page, 'page')).toBe('2');
    expect(param(page, 'sort')).toBeNull();
    expect(param(page, 'minPrice')).toBeNull();

    // A filter repeated as a key (as other sites build links) is a list like the comma form.
    await page.goto('/search/products?q=protein&brand=ironclad-nutrition&brand=Olympus-Pro');
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect
      .poll(() => chips.getByRole('button', { name: /^Remove filter/ }).allTextContents())
      .toEqual(['Ironclad Nutrition ×', 'Olympus Pro ×']);
    await chips.getByRole('button', { name: 'Remove filter Ironclad Nutrition' }).click();
    await expect.poll(() => param(page, 'brand')).toBe('olympus-pro');
    expect(param(page, 'q')).toBe('protein');
  });

  test('price filter checks its bounds; nothing found offers a way out', async () => {
    const page = await openPage('/search/products?q=whey');
    await page.getByLabel('Minimum price in dollars').fill('90');
    await page.getByLabel('Maximum price in dollars').fill('20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect
      .poll(() => page.getByText('The minimum must not be above the maximum.').isVisible())
      .toBe(true);
    expect(param(page, 'minPrice')).toBeNull();

    await page.goto('/search/products?q=qqzzxxvvkk');
    await expect.poll(() => page.getByText('No products match').isVisible()).toBe(true);
    await expect
      .poll(() =>
        page.getByRole('navigation', { name: 'Popular categories' }).getByRole('link').count(),
      )
      .toBeGreaterThan(0);
  });

  test('product cards: image, brand, name, rating, price and sale price, stock state, quick add', async () => {
    const page = await openPage('/search/products?q=serious%20mass%20gainer');
    const onSale = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Serious Mass Gainer', exact: true }) });
    await onSale.waitFor();
    expect(await onSale.locator('img').getAttribute('src')).toBeTruthy();
    expect(await onSale.getByText('Granite Nutrition', { exact: true }).isVisible()).toBe(true);
    expect(
      await onSale
        .getByRole('img', { name: /^Rated \d\.\d out of 5 from \d+ reviews?$|^No reviews yet$/ })
        .count(),
    ).toBe(1);
    expect(await onSale.getByText('Sale', { exact: true }).isVisible()).toBe(true);
    const sale = Number(
      (await onSale.getByText(/^Sale price/).textContent())?.replace(/[^\d.]/g, ''),
    );
    const regular = Number((await onSale.locator('s').textContent())?.replace(/[^\d.]/g, ''));
    expect(regular).toBeGreaterThan(sale);
    expect(
      await onSale
        .getByRole('button', { name: 'Quick add Serious Mass Gainer to cart' })
        .isVisible(),
    ).toBe(true);

    await page.goto('/search/products?q=glucosamine%20joint%20complex');
    const soldOut = page.getByRole('article').filter({
      has: page.getByRole('heading', { name: 'Glucosamine Joint Complex', exact: true }),
    });
    await expect
      .poll(() => soldOut.getByText('Sold out', { exact: true }).first().isVisible())
      .toBe(true);
  });

  test('the brands page links every brand to its listing', async () => {
    const page = await openPage('/brands');
    const link = page.getByRole('link', { name: /Ironclad Nutrition/ });
    await link.click();
    await expect.poll(() => page.title()).toBe('Brand Products');
    expect(new URL(page.url()).pathname).toBe('/brand/ironclad-nutrition');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Ironclad Nutrition');
  });

  test('policy pages state the shop’s terms', async () => {
    const page = await openPage('/shipping');
    await expect.poll(() => page.getByText('$19.99').first().isVisible()).toBe(true);
    await page.goto('/returns');
    await expect.poll(() => page.getByText('30 days').first().isVisible()).toBe(true);
    await page.goto('/discounts');
    await expect.poll(() => page.getByText('10 %').first().isVisible()).toBe(true);
  });
});

describe('quality', () => {
  test('images carry their width and height, and those below the fold load lazily', async () => {
    for (const path of ['/', '/category/protein-powder', '/product/whey-protein-isolate']) {
      const page = await openPage(path, 1280);
      await expect
        .poll(() => page.locator('main img').count(), { message: path })
        .toBeGreaterThan(2);
      const images = await page.locator('img').evaluateAll((elements) =>
        elements.map((image) => ({
          src: image.getAttribute('src'),
          width: image.getAttribute('width'),
          height: image.getAttribute('height'),
          loading: image.getAttribute('loading'),
          belowFold: image.getBoundingClientRect().top > window.innerHeight,
        })),
      );
      for (const image of images) {
        expect(Number(image.width), `${path} ${image.src}`).toBeGreaterThan(0);
        expect(Number(image.height), `${path} ${image.src}`).toBeGreaterThan(0);
        if (image.belowFold) expect(image.loading, `${path} ${image.src}`).toBe('lazy');
      }
    }
  });

  test('fonts and everything else come from the shop itself, and the fonts are in use', async () => {
    const context = await e2e.newContext({}, { couponPopupSeen: false });
    const elsewhere: string[] = [];
    const fonts: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol !== 'data:' && url.origin !== e2e.shop.baseURL)
        elsewhere.push(request.url());
      if (request.resourceType() === 'font') fonts.push(url.pathname);
    });
    const page = await context.newPage();
    await page.goto('/product/whey-protein-isolate');
    await page.locator('main h1').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(elsewhere).toEqual([]);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.endsWith('.woff2'))).toBe(true);
  });

  test('no page scrolls sideways from 320 px to 1440 px wide', { timeout: 120_000 }, async () => {
    for (const width of [320, 1440]) {
      const page = await openPage('/', width);
      for (const path of [
        '/',
        '/category/protein-powder',
        '/product/whey-protein-isolate',
        '/cart',
        '/login',
      ]) {
        await page.goto(path);
        await page.locator('main').first().waitFor();
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
            message: `${path} at ${width} px`,
          })
          .toBeLessThanOrEqual(width);
      }
    }
  });
});

describe('contact and consultancy forms', () => {
  test('contact: a message beside each field, then a sent message', async () => {
    const page = await openPage('/contact');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => fieldError(page, 'Name')).toBe('Name is required');
    expect(await fieldError(page, 'Email')).toBe('Email is required');
    expect(await fieldError(page, 'Subject')).toBe('Subject is required');
    expect(await fieldError(page, 'Message')).toBe('Message is required');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');

    await page.getByLabel('Name', { exact: true }).fill('Avery Lee');
    await page.getByLabel('Email', { exact: true }).fill('avery at example');
    await page.getByLabel('Subject', { exact: true }).fill('Stack advice');
    await page.getByLabel('Message', { exact: true }).fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Enter a valid email address');
    expect(await fieldError(page, 'Message')).toBe('Message must be at least 10 characters');
    expect(await fieldError(page, 'Name')).toBe('');

    await page.getByLabel('Email', { exact: true }).fill('avery@example.com');
    await page
      .getByLabel('Message', { exact: true })
      .fill('Which creatine do you recommend for a beginner?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Message sent' }).isVisible())
      .toBe(true);
  });

  test('consultancy: call to action, field messages, then booked', async () => {
    const page = await openPage('/consultancy');
    await page.getByRole('link', { name: 'Book your free consultation' }).click();
    expect(new URL(page.url()).hash).toBe('#book');
    await page.getByRole('button', { name: 'Book consultation' }).click();
    await expect.poll(() => fieldError(page, 'Name')).toBe('Name is required');
    expect(await fieldError(page, 'Phone number')).toBe('Phone number is required');
    expect(await fieldError(page, 'Your goal')).toBe('Choose a goal');
    expect(await fieldError(page, 'Training experience')).toBe('Choose your experience level');
    expect(await fieldError(page, 'Preferred date')).toBe('Preferred date is required');
    expect(await fieldError(page, 'Preferred time (Eastern)')).toBe('Preferred time is required');

    await fillConsultationBooking(page, '20:00');
    await page.getByRole('button', { name: 'Book consultation' }).click();
    await expect
      .poll(() => fieldError(page, 'Preferred time (Eastern)'))
      .toBe('Choose a time between 09:00 and 18:00');
    await page.getByLabel('Preferred time (Eastern)').fill('10:30');
    await page.getByRole('button', { name: 'Book consultation' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'You are booked in' }).isVisible())
      .toBe(true);
  });
});

describe('sign-in forms', () => {
  test('login: field messages, then the server’s reason for a refusal', async () => {
    const page = await openPage('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Email is required.');
    expect(await fieldError(page, 'Password')).toBe('Password is required.');

    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('form', { name: 'Sign in' }).getByRole('alert');
    // Password checks are deliberately slow (argon2id), hence the longer waits after submitting.
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toBe('Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await page.evaluate(() => localStorage.getItem('customer-root'))) ?? '').not.toContain(
      'nobody@example.com',
    );
  });

  test('register: field messages, a server failure shown, then back to where the shopper was', async () => {
    const page = await openPage('/register?redirect=%2Fcontact');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Email is required.');
    expect(await fieldError(page, 'Confirm password')).toBe('Confirm your password.');

    const email = `shopper-${Date.now()}@example.com`;
    await page.getByLabel('Name', { exact: true }).fill('Jordan Tremblay');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect
      .poll(() => fieldError(page, 'Password'))
      .toBe('Password must be at least 8 characters.');
    expect(await fieldError(page, 'Confirm password')).toBe('The passwords do not match.');

    await page.getByLabel('Password', { exact: true }).fill('forge-strong-42');
    await page.getByLabel('Confirm password').fill('forge-strong-42');

    // The server refuses once (a rate limit): its message is shown beside the form.
    let refused = false;
    await page.route('**/api/v1/user/auth/register', async (route) => {
      if (refused) return route.continue();
      refused = true;
      await route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          message: 'Too many sign-ups from here. Try again soon.',
        }),
      });
    });
    await page.getByRole('button', { name: 'Create account' }).click();
    const alert = page.getByRole('form', { name: 'Create account' }).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe('Too many sign-ups from here. Try again soon.');

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('Contact Us');
    expect(await page.evaluate(() => localStorage.getItem('customer-root'))).toContain(email);
  });

  test('reset password: field messages, disabled while sending, and the server’s refusal of a bad link', async () => {
    const page = await openPage('/reset-password/not-a-real-token');
    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByRole('button', { name: 'Save new password' }).click();
    await expect.poll(() => fieldError(page, 'New password')).not.toBe('');

    await page.getByLabel('New password', { exact: true }).fill('forge-strong-42');
    await page.getByLabel('Confirm new password').fill('forge-strong-42');
    let release: (() => void) | undefined;
    await page.route('**/api/v1/user/auth/reset-password/**', async (route) => {
      await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });
    await form.getByRole('button', { name: 'Save new password' }).click();
    const saving = form.getByRole('button', { name: 'Saving…' });
    await expect.poll(() => saving.isDisabled()).toBe(true);
    expect(await page.getByLabel('New password', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Confirm new password').isDisabled()).toBe(true);
    // The form disables itself before its request leaves (it may still be loading the form's
    // rules): wait for the request to be held before letting it go.
    await expect.poll(() => release !== undefined).toBe(true);
    release!();
    await expect
      .poll(async () => (await form.getByRole('alert').allTextContents()).join(' ').trim())
      .not.toBe('');
    expect(new URL(page.url()).pathname).toBe('/reset-password/not-a-real-token');
    expect(await page.getByLabel('New password', { exact: true }).isDisabled()).toBe(false);
  });

  test('forgot password: e-mail first, then the code form; a wrong code is explained', async () => {
    const page = await openPage('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link and code' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Email is required.');
    await page.getByLabel('Email', { exact: true }).fill('someone@example.com');
    await page.getByRole('button', { name: 'Send reset link and code' }).click();

    const codeForm = page.getByRole('form', { name: 'Reset with the e-mailed code' });
    await codeForm.waitFor();
    await codeForm.getByRole('button', { name: 'Reset password' }).click();
    await expect
      .poll(() => fieldError(page, '6-digit code'))
      .toBe('Code must be the 6 digits we e-mailed.');
    await page.getByLabel('6-digit code').fill('123456');
    await page.getByLabel('New password', { exact: true }).fill('forge-strong-42');
    await page.getByLabel('Confirm new password').fill('forge-strong-42');
    // While the code is being checked, nothing can swap the form out from under the request.
    let answer: (() => Promise<void>) | undefined;
    await page.route('**/api/v1/user/auth/verify-otp-reset', (route) => {
      answer = () => route.continue();
    });
    await codeForm.getByRole('button', { name: 'Reset password' }).click();
    await expect.poll(() => answer !== undefined).toBe(true);
    const another = codeForm.getByRole('button', { name: 'Use another e-mail' });
    // The request leaves before React commits the pending state: wait for the render.
    await expect.poll(() => another.isDisabled()).toBe(true);
    await answer!();
    await expect
      .poll(async () => (await codeForm.getByRole('alert').allTextContents()).join(' '))
      .not.toBe('');
    expect(await another.isDisabled()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/forgot-password');
  });
});
