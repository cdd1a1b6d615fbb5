/**
 * The shop in two languages, in Chromium: French pages under /fr hydrate in French and keep the
 * prefix on every link; the language switch leads to the same page in the other language and the
 * choice is kept; a first visit from a browser that prefers the other language is offered it, in
 * the browser only (the server's HTML is the same for everyone).
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { patientPoll, shopInBrowser } from './harness.ts';
import { messages as frenchMessages } from '../../src/locales/fr-CA.ts';
import { SHORT_MESSAGE_IDS } from '../../scripts/vite/message-ids.ts';
import { persistedCache, waitForWorker } from './offline-helpers.ts';

const e2e = shopInBrowser();

/**
 * What a message missing from what a page loaded shows instead of its text: its id, Lingui's or
 * the short one the browser's build gives it.
 */
const messageIds = [...Object.keys(frenchMessages), ...SHORT_MESSAGE_IDS.values()];

const FRENCH_OFFER = 'Ce magasin est aussi offert en français.';
const ENGLISH_OFFER = 'This shop is also in English.';
/** Where French pages save what they read (src/lib/persist/query-persistence.ts). */
const FRENCH_CACHE = 'query-client:fr-CA';

async function pageLanguage(page: Page) {
  return {
    path: new URL(page.url()).pathname,
    title: await page.title(),
    lang: await page.evaluate(() => document.documentElement.lang),
  };
}

function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('languages', () => {
  test('a French page hydrates in French and its links keep /fr', async () => {
    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await page.goto('/fr/category/creatine');
    await page.locator('main').first().waitFor();
    expect(await pageLanguage(page)).toEqual({
      path: '/fr/category/creatine',
      title: 'Produits de la catégorie',
      lang: 'fr-CA',
    });
    const productLink = page
      .locator('main a[href^="/fr/product/"]:not([aria-hidden="true"]):visible')
      .first();
    const href = await productLink.getAttribute('href');
    await productLink.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(href);
    await expect.poll(() => page.title()).toBe('Détails du produit');
    expect(
      await page
        .locator('a[href^="/"]:not([href^="/fr"]):not([href^="/api/"]):not([hreflang])')
        .evaluateAll((links) =>
          links
            .map((link) => link.getAttribute('href'))
            .filter((href) => !/\.[a-z0-9]+$/i.test(href ?? '')),
        ),
      'every page link on a French page stays French',
    ).toEqual([]);
    expect(errors.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });

  test('a page loads its language’s messages for its route, and the next route’s on the way', async () => {
    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    const messageFiles = () => scripts.filter((path) => path.includes('/messages-'));
    await page.goto('/fr/category/creatine');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    // The server named the page's files on the route-preload script's tag: what it shows as it
    // renders, and what its lazily loaded parts show. Those are what it loads, the later ones
    // from the app once it runs, not preloaded with the page's code.
    const named = await page
      .locator('script[data-entry]')
      .evaluate((script: HTMLScriptElement) => ({ ...script.dataset }));
    expect(named.shellMessages).toMatch(/^\/assets\/messages-shell-fr-CA-/);
    expect(named.routeMessages).toMatch(/^\/assets\/messages-route-fr-CA-/);
    expect(named.preload?.split(' ').length).toBeGreaterThan(0);
    const later = named.laterMessages?.split(' ') ?? [];
    expect(later.some((path) => path.includes('/messages-shell-later-fr-CA-'))).toBe(true);
    await expect
      .poll(() => [...new Set(messageFiles())].sort())
      .toEqual([named.shellMessages, named.routeMessages, ...later].sort());
    const first = messageFiles();
    const entry = scripts.findIndex((path) => /^\/assets\/index-/.test(path));
    expect(entry).toBeGreaterThan(-1);
    for (const file of later) expect(scripts.indexOf(file)).toBeGreaterThan(entry);
    // Never a whole catalog, and nothing of the other language.
    expect(scripts.filter((path) => /\/assets\/(en|fr)-CA-/.test(path))).toEqual([]);
    expect(messageFiles().filter((path) => path.includes('en-CA'))).toEqual([]);

    // A page of another route, reached in the app: its messages come before it shows.
    await page
      .locator('main a[href^="/fr/product/"]:not([aria-hidden="true"]):visible')
      .first()
      .click();
    await expect.poll(() => page.title()).toBe('Détails du produit');
    await page.getByRole('button', { name: 'Ajouter au panier' }).first().waitFor();
    expect(messageFiles().length).toBeGreaterThan(first.length);
    // Found in the table of every route's, fetched once.
    expect(scripts.filter((path) => path.startsWith('/assets/message-table-'))).toHaveLength(1);
    // No message shows as its id, as one missing from what was loaded would.
    const words = new Set((await page.locator('body').innerText()).split(/\s+/));
    expect(messageIds.filter((id) => words.has(id))).toEqual([]);
    await context.close();
  });

  test('what a French page loads lazily speaks French from its first showing', async () => {
    const context = await e2e.newContext({
      locale: 'fr-CA',
      viewport: { width: 412, height: 823 },
      isMobile: true,
    });
    const page = await context.newPage();
    // The messages of what loads lazily arrive late, as on a slow network: the menu is opened
    // before they are there.
    await page.route(/\/assets\/messages-[a-z-]*later-/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/fr/category/creatine');
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    /** The texts and labels of what matches `selector` that are message ids, not words. */
    const ids = (selector: string) =>
      page.locator(selector).evaluateAll((elements, known) => {
        const words = elements.flatMap((element) => [
          ...(element as HTMLElement).innerText.split(/\s+/),
          ...[...element.querySelectorAll('[aria-label],[placeholder]')].flatMap((labelled) => [
            labelled.getAttribute('aria-label') ?? '',
            labelled.getAttribute('placeholder') ?? '',
          ]),
        ]);
        return words.filter((word) => known.includes(word));
      }, messageIds);

    // The mobile menu, opened at once: its code waits for its messages.
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByText('ACCUEIL').waitFor();
    await menu.getByText('CATÉGORIES').waitFor();
    expect(await ids('[role=dialog]')).toEqual([]);
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });

    // The search box and its suggestions.
    await page.getByRole('button', { name: 'Rechercher' }).first().click();
    const box = page.locator('header').getByRole('combobox');
    await box.fill('prot');
    await page.getByText('Appuyez sur Entrée pour chercher', { exact: false }).first().waitFor();
    expect(await ids('header')).toEqual([]);
    await context.close();
  });

  test('the switch leads to the same page in the other language and is remembered', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto('/product/creatine-monohydrate?ref=test');
    await page.locator('main').first().waitFor();
    const toFrench = page.getByTestId('language-switch').first();
    expect(await toFrench.textContent()).toBe('Français');
    expect(await toFrench.getAttribute('hreflang')).toBe('fr-CA');
    await toFrench.click();
    await expect.poll(() => page.url()).toMatch(/\/fr\/product\/creatine-monohydrate\?ref=test$/);
    await expect
      .poll(() => pageLanguage(page))
      .toMatchObject({
        title: 'Détails du produit',
        lang: 'fr-CA',
      });
    // The switch may be followed before its page runs: the French page then keeps the choice.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe('fr-CA');

    // Back on an English address later: the shopper's choice sends it to its French twin.
    await page.goto('/cart');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/cart');
    await expect.poll(() => page.title()).toBe('Votre panier');

    const toEnglish = page.getByTestId('language-switch').first();
    expect(await toEnglish.textContent()).toBe('English');
    await toEnglish.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/cart');
    await expect.poll(() => page.title()).toBe('Your Cart');
    // The server's page has its title before it runs; once it runs, English is the choice.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe('en-CA');
    await page.goto('/contact');
    await expect.poll(() => page.title()).toBe('Contact Us');
    expect(new URL(page.url()).pathname).toBe('/contact');
  });

  test('the switch followed before its page runs still becomes the choice', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto('/cart');
    await page.evaluate(() => localStorage.setItem('locale', 'fr-CA'));
    await page.goto('/fr/cart');
    // What a tap on "English" does before React runs the page: the link alone, no choice kept.
    await page.evaluate(() => {
      window.location.href = '/cart';
    });
    await expect.poll(() => page.evaluate(() => localStorage.getItem('locale'))).toBe('en-CA');
    expect(new URL(page.url()).pathname).toBe('/cart');
    expect(await page.title()).toBe('Your Cart');
    await context.close();
  });

  test('a French browser’s first visit is offered French, in French, by the browser only', async () => {
    const html = await (
      await fetch(`${e2e.shop.baseURL}/product/creatine-monohydrate`, {
        headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
      })
    ).text();
    expect(html).not.toContain(FRENCH_OFFER);
    expect(html).toContain('<html lang="en-CA"');

    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/product/creatine-monohydrate');
    const offer = page.getByRole('complementary', { name: FRENCH_OFFER });
    await offer.waitFor();
    expect(await offer.getAttribute('lang')).toBe('fr-CA');
    expect(await pageLanguage(page)).toMatchObject({ title: 'Product Details', lang: 'en-CA' });
    await offer.getByRole('link', { name: 'Passer au français' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/product/creatine-monohydrate');
    await expect.poll(() => page.title()).toBe('Détails du produit');
    // A choice made: no more offers.
    expect(await page.getByRole('complementary', { name: ENGLISH_OFFER }).count()).toBe(0);
    expect(await page.getByRole('complementary', { name: FRENCH_OFFER }).count()).toBe(0);
  });

  test('an English browser on a French page may stay: the offer goes and French stays', async () => {
    const context = await e2e.newContext({ locale: 'en-CA' });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('main').first().waitFor();
    expect(await page.getByRole('complementary', { name: FRENCH_OFFER }).count()).toBe(0);

    await page.goto('/fr/contact');
    const offer = page.getByRole('complementary', { name: ENGLISH_OFFER });
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Rester en français' }).click();
    await expect.poll(() => offer.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('fr-CA');
    await page.goto('/fr/about');
    await expect.poll(() => page.title()).toBe('À propos');
    expect(await page.getByRole('complementary', { name: ENGLISH_OFFER }).count()).toBe(0);
  });

  test('pages seen in French work offline in French; an unseen one says so in French', async () => {
    const poll = patientPoll();
    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    await page.goto('/fr');
    await waitForWorker(page);
    await page.goto('/fr/product/whey-protein-isolate');
    // Saved apart from English pages' cache, with the catalog's French.
    await poll(async () =>
      (await persistedCache(page, FRENCH_CACHE)).includes('"detail","whey-protein-isolate"'),
    ).toBe(true);
    const saved = await persistedCache(page, FRENCH_CACHE);
    expect(saved).toContain('"name":"Vanille"');
    expect(saved).not.toContain('"name":"Vanilla"');
    expect(await persistedCache(page)).toBe('');

    await context.setOffline(true);
    await page.reload();
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('main h1').first().textContent()).toBe('Whey Protein Isolate');
    expect(await pageLanguage(page)).toEqual({
      path: '/fr/product/whey-protein-isolate',
      title: 'Détails du produit',
      lang: 'fr-CA',
    });
    await poll(() => page.getByTestId('offline-banner').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Ajouter au panier' }).count()).toBeGreaterThan(
      0,
    );

    // The search on the device finds French words among what was seen.
    await page.goto('/fr/search/products?q=vanille');
    await poll(() => page.getByTestId('offline-results').isVisible()).toBe(true);
    await poll(() => page.locator('main article').count()).toBeGreaterThan(0);
    expect(await page.locator('main article h2, main article h3').allTextContents()).toContain(
      'Whey Protein Isolate',
    );

    await page.goto('/fr/product/glucosamine-joint-complex');
    await poll(() => page.getByTestId('offline-screen').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Réessayer' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr-CA');
    await context.setOffline(false);
  });
});
