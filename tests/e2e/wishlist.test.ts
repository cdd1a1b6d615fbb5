/**
 * The wishlist in Chromium, with the real server and service worker: a signed-out shopper hearts a
 * product on a card and another on its page (kept on the device), registers, and finds both in the
 * profile's list (merged at sign-in); removes one; hearts a third offline, which stays pressed
 * across an offline reload and lands on the server exactly once when the network returns; and
 * after signing out every heart shows unpressed.
 */
import type { Page } from 'playwright-core';
import { expect, onTestFailed, test } from 'vitest';
import { fetchProduct, type Product } from './cart-helpers.ts';
import { patientPoll, shopInBrowser } from './harness.ts';
import { persistedCache, waitForWorker } from './offline-helpers.ts';
import { logOut, open, pathname, register } from './shopper.ts';

const e2e = shopInBrowser();
const poll = patientPoll(30_000);

const heartName = (name: string) => `Save ${name} to your wishlist`;

/** The product page's own heart, beside its name (cards further down have their own). */
const pageHeart = (page: Page, name: string) =>
  page
    .getByRole('main')
    .getByRole('button', { name: heartName(name), exact: true })
    .first();

/** The product ids of the signed-in shopper's list, as the server holds it. */
function serverWishlist(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/user/wishlist', { credentials: 'include' });
    const body = (await response.json()) as { data: { items: { product: { _id: string } }[] } };
    return body.data.items.map((item) => item.product._id);
  });
}

/** How many wishlist changes wait in the outbox's IndexedDB. */
function storedWishlistCommands(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('forge-outbox-wishlist');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const count = db.transaction('commands').objectStore('commands').count();
    return new Promise<number>((resolve) => (count.onsuccess = () => resolve(count.result)));
  });
}

/** The names in the profile's Wishlist section, in order. */
const profileList = (page: Page) =>
  page.getByRole('region', { name: 'Wishlist' }).locator('li a').allTextContents();

test(
  'device hearts join the account, offline hearts land once, signing out forgets them',
  {
    timeout: 150_000,
  },
  async () => {
    const [onPage, offline] = (await Promise.all(
      ['whey-protein-isolate', 'glucosamine-joint-complex'].map((slug) =>
        fetchProduct(e2e.shop.baseURL, slug),
      ),
    )) as [Product, Product];
    const context = await e2e.newContext();
    const page = await context.newPage();
    let step = 'signed out';
    onTestFailed(() => console.error(`Wishlist browser test failed ${step}.`));

    // Signed out: a heart on a card of home's top products, then one on a product page.
    await open(page, '/');
    const topProducts = page.getByRole('region', { name: 'Top products' });
    await topProducts.locator('article').first().waitFor();
    const names = await topProducts.locator('article h3').allTextContents();
    const onCard = names.find((name) => name !== onPage.name && name !== offline.name)!;
    const cardHeart = topProducts.getByRole('button', { name: heartName(onCard) });
    expect(await cardHeart.getAttribute('aria-pressed')).toBe('false');
    await cardHeart.click();
    await poll(() => cardHeart.getAttribute('aria-pressed')).toBe('true');

    await open(page, `/product/${onPage.slug}`);
    await pageHeart(page, onPage.name).click();
    await poll(() => pageHeart(page, onPage.name).getAttribute('aria-pressed')).toBe('true');
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('wishlist'))) ?? '[]'),
    ).toHaveLength(2);

    // Registering signs in: the device's hearts join the new account, and leave the device.
    step = 'after signing in';
    await register(page, 'Wren Hearts');
    await open(page, '/profile/me');
    await poll(() => profileList(page)).toEqual(expect.arrayContaining([onCard, onPage.name]));
    expect(await profileList(page)).toHaveLength(2);
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();

    await page.getByRole('button', { name: `Remove ${onCard} from your wishlist` }).click();
    await poll(() => profileList(page)).toEqual([onPage.name]);
    await poll(() => serverWishlist(page)).toEqual([onPage._id]);

    // Offline: a heart given on a page seen before shows at once, and after an offline reload.
    step = 'offline';
    await open(page, `/product/${offline.slug}`);
    await waitForWorker(page);
    await poll(async () =>
      (await persistedCache(page)).includes(`"queryKey":["products","detail","${offline.slug}"]`),
    ).toBe(true);
    const puts: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/v1/user/wishlist/')) {
        puts.push(request.url());
      }
    });
    await context.setOffline(true);
    await pageHeart(page, offline.name).click();
    await poll(() => pageHeart(page, offline.name).getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    await poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
    await poll(() => pageHeart(page, offline.name).getAttribute('aria-pressed')).toBe('true');

    step = 'back online';
    await context.setOffline(false);
    await poll(() => serverWishlist(page)).toEqual([offline._id, onPage._id]);
    expect(puts).toEqual([expect.stringContaining(`/api/v1/user/wishlist/${offline._id}`)]);
    expect(await pageHeart(page, offline.name).getAttribute('aria-pressed')).toBe('true');

    // Signing out forgets the account's hearts here. Logout goes home; going back renders the
    // product page in the browser at once, from what this page holds now.
    step = 'after signing out';
    await logOut(page);
    await poll(() => pathname(page)).toBe('/');
    await poll(() => page.getByTestId('user-menu-button').getAttribute('aria-label')).toBe(
      'Account menu',
    );
    await page.goBack();
    await pageHeart(page, offline.name).waitFor();
    expect(await pageHeart(page, offline.name).getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('wishlist'))).toBeNull();
    await poll(() => storedWishlistCommands(page)).toBe(0);
    expect(puts).toHaveLength(1);
  },
);
