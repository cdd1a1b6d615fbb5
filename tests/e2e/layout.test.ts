/**
 * The app shell in Chromium: titles of every route, the not-found screen, scroll to top, the
 * header on home and elsewhere, the categories mega-menu, the mobile menu and the footer.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { shopInBrowser } from './harness.ts';
import { openUserMenu } from './shopper.ts';

const e2e = shopInBrowser();

const { openPage } = e2e;

/** The mega-menu's two looks (src/styles/tokens.css): white with dark text, charcoal with light. */
const LIGHT_PANEL = { background: 'rgb(255, 255, 255)', text: 'rgb(21, 23, 28)' };
const DARK_PANEL = { background: 'rgb(21, 23, 28)', text: 'rgb(245, 246, 248)' };

const panelColors = (panel: Locator) =>
  panel.evaluate((element) => {
    const style = getComputedStyle(element);
    return { background: style.backgroundColor, text: style.color };
  });

const titles: [string, string][] = [
  ['/', 'Home'],
  ['/search?q=whey', 'Search Results'],
  ['/search/products?q=creatine', 'Search Results'],
  ['/brand/apex-labs', 'Brand Products'],
  ['/flavor/mocha', 'Flavor Products'],
  ['/category/creatine', 'Category Products'],
  ['/contact', 'Contact Us'],
  ['/consultancy', 'Consultancy'],
  ['/product/whey-protein-isolate', 'Product Details'],
  ['/cart', 'Your Cart'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/forgot-password', 'Forgot Password'],
  ['/reset-password/some-token', 'Reset Password'],
  ['/no/such/page', 'Page Not Found'],
];

describe('routes', () => {
  test(
    'every route sets its document title, client-side navigation included',
    { timeout: 120_000 },
    async () => {
      const page = await openPage('/');
      for (const [path, title] of titles) {
        await page.goto(path);
        await expect.poll(() => page.title(), { message: path }).toBe(title);
      }
      await page.goto('/');
      await page.locator('footer').getByRole('link', { name: 'Contact Us' }).click();
      await expect.poll(() => page.title()).toBe('Contact Us');
    },
  );

  test('an unknown path shows the not-found screen outside the layout, /consult leads to /consultancy', async () => {
    const page = await openPage('/this/does-not-exist');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Page Not Found');
    expect(await page.locator('[data-testid="site-header"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect.poll(() => page.title()).toBe('Home');

    await page.goto('/consult');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/consultancy');
  });

  test('the page scrolls to the top on every path change', async () => {
    const page = await openPage('/privacy', 1280, 600);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.locator('footer').getByRole('link', { name: 'Shipping' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/shipping');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

describe('header', () => {
  test('on home it is transparent until the top-product section passes 64 px, then frosted; light elsewhere', async () => {
    const page = await openPage('/', 1280, 700);
    const header = page.locator('[data-testid="site-header"]');
    await expect.poll(() => header.getAttribute('data-variant')).toBe('transparent');
    // Room to scroll the section all the way up, however short the page is.
    await page.evaluate(() => (document.body.style.paddingBottom = '2000px'));
    await page.evaluate(() => {
      const section =
        document.querySelector('[data-header-sentinel]') ?? document.getElementById('top-products');
      if (!section) throw new Error('the home page has no top-product section');
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 100);
    });
    await expect.poll(() => header.getAttribute('data-variant')).toBe('transparent');
    await page.evaluate(() => window.scrollBy(0, 60));
    await expect.poll(() => header.getAttribute('data-variant')).toBe('frosted');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => header.getAttribute('data-variant')).toBe('transparent');

    await page.goto('/contact');
    await expect.poll(() => header.getAttribute('data-variant')).toBe('light');
  });

  test('the categories mega-menu opens on hover with its columns and closes on leave', async () => {
    const page = await openPage('/contact');
    const menu = page.getByTestId('mega-menu');
    const button = page.getByTestId('categories-button');
    expect(await menu.getAttribute('data-open')).toBe('false');
    await button.hover();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await expect
      .poll(() => menu.locator('h2').allTextContents())
      .toEqual(['Popular', 'A - E', 'F - M', 'N - T', 'U - Z']);
    const popular = menu.getByTestId('mega-menu-column').first().getByRole('link');
    await expect.poll(() => popular.count()).toBeGreaterThan(0);
    expect(await popular.count()).toBeLessThanOrEqual(6);
    expect(await popular.first().getAttribute('href')).toBe('/category/protein-powder');
    const groupNames = await menu
      .getByTestId('mega-menu-column')
      .nth(1)
      .getByRole('link')
      .allTextContents();
    expect(groupNames.length).toBeGreaterThan(0);
    expect(groupNames.every((name) => /^[A-E]/i.test(name))).toBe(true);
    expect(await menu.textContent()).toContain('Browse categories organized for easy discovery');
    expect(await menu.evaluate((element) => getComputedStyle(element).top)).toBe('72px');

    await page.mouse.move(640, 700);
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
    await expect
      .poll(() => menu.evaluate((element) => getComputedStyle(element).visibility))
      .toBe('hidden');
  });

  test('closed menus hold no category links until opened, even where the page has them loaded', async () => {
    const page = await openPage('/category/protein-powder');
    // The categories came with the server's HTML, or the browser asked for them.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            (document.getElementById('forge-query-state')?.textContent ?? '').includes(
              '"taxonomy","categories"',
            ) ||
            performance
              .getEntriesByType('resource')
              .some((entry) => entry.name.includes('/api/v1/taxonomy/categories')),
        ),
      )
      .toBe(true);
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    const categoryLinks = (testId: string) =>
      page.getByTestId(testId).locator('a[href^="/category/"]').count();
    expect(await categoryLinks('mega-menu')).toBe(0);
    expect(await categoryLinks('mobile-menu')).toBe(0);
    await page.getByTestId('categories-button').hover();
    await expect.poll(() => categoryLinks('mega-menu')).toBeGreaterThan(10);
  });

  test('the mega-menu works from the keyboard and closes on a route change', async () => {
    const page = await openPage('/contact');
    const menu = page.getByTestId('mega-menu');
    const button = page.getByTestId('categories-button');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('href')))
      .toBe('/category/protein-powder');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'categories-button',
    );

    await page.keyboard.press('Enter');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    await menu.getByRole('link', { name: 'Creatine' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/category/creatine');
    // Closed by the route change itself: the pointer has not left the menu.
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
  });
});

describe('header links, badge and menu motion', () => {
  test('logo and links lead where they should; the red badge shows the total quantity of every line', async () => {
    const page = await openPage('/contact');
    const header = page.locator('[data-testid="site-header"]');
    expect(
      await header.getByRole('link', { name: 'Forge Nutrition home' }).getAttribute('href'),
    ).toBe('/');
    const main = header.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['HOME', '/'],
      ['CONSULTANCY', '/consultancy'],
      ['CONTACT', '/contact'],
    ] as const) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    expect(await main.getByTestId('categories-button').textContent()).toContain('CATEGORIES');
    expect(await main.getByTestId('search-toggle').isVisible()).toBe(true);
    expect(await header.getByTestId('user-menu-button').isVisible()).toBe(true);
    expect(await page.getByTestId('cart-link').getAttribute('href')).toBe('/cart');
    expect(await page.getByTestId('cart-badge').count()).toBe(0);

    // Two lines, 2 + 1 units, made through the API as the product pages would.
    await page.evaluate(async () => {
      let guestCartId = '';
      for (const [slug, quantity] of [
        ['whey-protein-isolate', 2],
        ['creatine-monohydrate', 1],
      ] as const) {
        const product = (await (await fetch(`/api/v1/products/${slug}`)).json()) as {
          data: { _id: string; variants: { _id: string; stock: number }[] };
        };
        const variant = product.data.variants.find((item) => item.stock >= quantity)!;
        const response = await fetch('/api/v1/cart/items', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(guestCartId ? { 'x-guest-cart-id': guestCartId } : {}),
          },
          body: JSON.stringify({ productId: product.data._id, variantId: variant._id, quantity }),
        });
        guestCartId = ((await response.json()) as { data: { guestCartId: string } }).data
          .guestCartId;
      }
      localStorage.setItem('guestCartId', guestCartId);
    });
    await page.reload();
    const badge = page.getByTestId('cart-badge');
    await expect.poll(() => badge.textContent()).toBe('3');
    expect(await badge.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(220, 38, 38)',
    );
  });

  test('menus move for their set durations, the mega-menu is dark over the home hero, and reduced motion stills them', async () => {
    /** Seconds each transitioned property of an element takes. */
    const durations = (locator: ReturnType<Page['getByTestId']>) =>
      locator.evaluate((element) => {
        const style = getComputedStyle(element);
        const names = style.transitionProperty.split(',').map((name) => name.trim());
        const times = style.transitionDuration.split(',').map((time) => Number.parseFloat(time));
        // A shorter list of durations repeats, as CSS does.
        return Object.fromEntries(names.map((name, index) => [name, times[index % times.length]]));
      });

    const page = await openPage('/contact');
    const mega = page.getByTestId('mega-menu');
    expect(await durations(mega)).toMatchObject({ opacity: 0.5, transform: 0.5 });
    expect(await panelColors(mega)).toEqual(LIGHT_PANEL);
    await page.getByTestId('categories-button').hover();
    await expect.poll(() => mega.getAttribute('data-open')).toBe('true');
    expect(await durations(mega)).toMatchObject({ opacity: 0.5, transform: 0.5 });
    await openUserMenu(page);
    const userMenu = page.getByTestId('user-menu');
    await expect.poll(() => userMenu.getAttribute('data-open')).toBe('true');
    expect(await durations(userMenu)).toMatchObject({ opacity: 0.2 });

    await page.goto('/');
    await page.locator('main').first().waitFor();
    expect(await panelColors(page.getByTestId('mega-menu'))).toEqual(DARK_PANEL);

    const phone = await openPage('/contact', 375, 740);
    const mobile = phone.getByTestId('mobile-menu');
    expect(await durations(mobile)).toMatchObject({ transform: 0.5 });
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => mobile.getAttribute('data-open')).toBe('true');
    expect(await durations(mobile)).toMatchObject({ transform: 0.6 });

    const still = await e2e.newContext({ reducedMotion: 'reduce' });
    const calm = await still.newPage();
    await calm.goto('/contact');
    await calm.locator('main').first().waitFor();
    const calmDurations = await durations(calm.getByTestId('mega-menu'));
    expect(calmDurations.opacity).toBeLessThan(0.001);
    expect(calmDurations.transform).toBeLessThan(0.001);
  });

  test('the mega-menu says "Loading categories..." while they load, and shows empty groups when they fail', async () => {
    // Requests must reach page.route, not a service worker's cache.
    const context = await e2e.newContext({ serviceWorkers: 'block' });
    let answer: (() => Promise<void>) | undefined;
    await context.route('**/api/v1/taxonomy/categories', (route) => {
      answer = () => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
    });
    const page = await context.newPage();
    await page.goto('/contact');
    await page.locator('main').first().waitFor();
    const menu = page.getByTestId('mega-menu');
    await page.getByTestId('categories-button').hover();
    await expect.poll(() => menu.getByRole('status').textContent()).toBe('Loading categories...');
    // One ring turns beside the words.
    expect(
      await menu
        .getByRole('status')
        .locator('*')
        .evaluateAll(
          (elements) =>
            elements.filter((element) => getComputedStyle(element).animationName !== 'none').length,
        ),
    ).toBe(1);
    // The load fails (every retry too): the columns are there, empty, and nothing else is said.
    await expect.poll(() => answer !== undefined).toBe(true);
    await answer!();
    await context.unroute('**/api/v1/taxonomy/categories');
    await context.route('**/api/v1/taxonomy/categories', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await expect
      .poll(() => menu.locator('h2').allTextContents(), { timeout: 15_000 })
      .toEqual(['Popular', 'A - E', 'F - M', 'N - T', 'U - Z']);
    expect(await menu.getByRole('link').count()).toBe(0);
    expect(await menu.getByRole('status').count()).toBe(0);
    expect(await menu.textContent()).toContain('Browse categories organized for easy discovery');
  });
});

describe('mobile menu at 375 px', () => {
  test('slides in full screen, locks scroll, expands categories and closes on navigation and at desktop width', async () => {
    const page = await openPage('/contact', 375, 740);
    const menu = page.getByTestId('mobile-menu');
    await expect.poll(() => page.getByTestId('categories-button').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    await expect
      .poll(() => menu.evaluate((element) => element.getBoundingClientRect().width))
      .toBe(375);
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true);
    for (const [name, href] of [
      ['HOME', '/'],
      ['CONSULTANCY', '/consultancy'],
      ['CONTACT', '/contact'],
    ]) {
      expect(await menu.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }

    await menu.getByRole('button', { name: 'CATEGORIES' }).click();
    const joint = menu.getByRole('link', { name: 'Joint Health' });
    await expect.poll(() => joint.getAttribute('href')).toBe('/category/joint-health');
    await joint.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/category/joint-health');
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
    expect(await page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(
      false,
    );

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect.poll(() => menu.getAttribute('data-open')).toBe('true');
    await page.setViewportSize({ width: 1024, height: 740 });
    await expect.poll(() => menu.getAttribute('data-open')).toBe('false');
  });
});

describe('footer', () => {
  test('has the category, quick and policy links, the payment methods and the copyright line', async () => {
    const page = await openPage('/contact');
    const footer = page.locator('footer');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of [
      '/category/protein-vegan',
      '/category/protein-hydrolized',
      '/category/joint-health',
      '/category/fat-burner',
      '/category/carbs',
      '/category/creatine',
      '/about',
      '/consultancy',
      '/brands',
      '/contact',
      '/privacy',
      '/returns',
      '/shipping',
      '/discounts',
      '/terms',
    ]) {
      expect(hrefs).toContain(href);
    }
    expect(await footer.textContent()).toContain('Ontario');
    expect(await footer.getByRole('link', { name: /follow us/i }).count()).toBe(2);
    expect(
      await footer
        .getByRole('list', { name: 'Accepted payment methods' })
        .getByRole('img')
        .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('alt'))),
    ).toEqual([
      'Visa',
      'Mastercard',
      'American Express',
      'Sezzle',
      'Apple Pay',
      'Discover',
      'Google Pay',
      'Shop Pay',
      'PayPal',
      'Afterpay',
    ]);
    expect(await footer.textContent()).toContain('© 2025 Forge Nutrition. All rights reserved.');
  });

  test('groups collapse and expand by tapping their titles on small screens', async () => {
    const page = await openPage('/contact', 375, 740);
    const footer = page.locator('footer');
    const link = footer.getByRole('link', { name: 'Protein Vegan' });
    expect(await link.isVisible()).toBe(false);
    await footer.getByRole('button', { name: 'Categories' }).click();
    await expect.poll(() => link.isVisible()).toBe(true);
    await footer.getByRole('button', { name: 'Categories' }).click();
    await expect.poll(() => link.isVisible()).toBe(false);
  });
});
