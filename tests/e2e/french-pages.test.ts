/**
 * No English interface text on a French page. Each French page is opened in Chromium; every text
 * it shows (each visible text node, and the labels a screen reader or a tooltip gives:
 * aria-label, title, placeholder, alt) must be French. The shop's data passes as it is — the
 * strings of every API answer the page read, in the HTML's query state or fetched — so a text
 * loses those first; every word left must be one a French message uses (src/locales/fr-CA.po),
 * a name every language writes alike, or a number.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Response } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import * as seed from '../../server/db/seed-data.ts';
import { PAYMENT_METHODS } from '../../src/layout/components/lettering-files.ts';
import { shopInBrowser } from './harness.ts';
import {
  addProduct,
  fillAddress,
  myOrders,
  open,
  payAndReachSuccess,
  register,
  SHOPPER_PASSWORD,
} from './shopper.ts';

const e2e = shopInBrowser();

const LOCALES_DIR = path.resolve(import.meta.dirname, '../../src/locales');

/** The public French pages: every route a shopper reaches without an account. */
const FRENCH_PAGES = [
  '/fr',
  '/fr/category/protein-powder',
  '/fr/brand/ironclad-nutrition',
  '/fr/flavor/chocolate',
  '/fr/search?q=protein',
  '/fr/search/products?q=creatine',
  '/fr/product/creatine-monohydrate',
  '/fr/contact',
  '/fr/consultancy',
  '/fr/about',
  '/fr/brands',
  '/fr/privacy',
  '/fr/returns',
  '/fr/shipping',
  '/fr/discounts',
  '/fr/terms',
  '/fr/login',
  '/fr/register',
  '/fr/forgot-password',
  '/fr/reset-password/abc',
  '/fr/cart',
  '/fr/no/such/page',
];

const words = (text: string) =>
  (text.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).flatMap((word) =>
    word.split(/['’-]/).filter((part) => part.length > 1),
  );

/** The msgstr (or msgid) texts of a PO catalog, placeholders and tags removed. */
function catalogTexts(file: string, field: 'msgid' | 'msgstr'): string[] {
  const text = readFileSync(path.join(LOCALES_DIR, file), 'utf8');
  const pattern = new RegExp(`^${field} ((?:".*"\\n?)+)`, 'gm');
  return [...text.matchAll(pattern)].map((match) =>
    match[1]!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as string)
      .join('')
      .replace(/\{\w+\}/g, ' ')
      .replace(/\w+,\s*(plural|selectordinal|select),/g, ' ')
      .replace(/(zero|one|two|few|many|other|=\d+)\s*\{/g, ' ')
      .replace(/[{}#]/g, ' ')
      .replace(/<\/?\d+>/g, ' '),
  );
}

/**
 * The shop's data in an API answer: every string but its messages (`message`, and each field
 * error's), which are interface text the page shows and must be French.
 */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, entry]) =>
      key === 'message' ? [] : stringsIn(entry),
    );
  }
  return [];
}

const french = new Set(catalogTexts('fr-CA.po', 'msgstr').flatMap(words));
/**
 * Names every language writes alike: the shop's name, the switch's "English", the payment methods,
 * and the shop's postal and e-mail address.
 */
const NAMES = new Set([
  ...words(`Forge Nutrition English ${PAYMENT_METHODS.join(' ')}`),
  // Dates: every month's French name.
  ...Array.from({ length: 12 }, (_, month) =>
    new Intl.DateTimeFormat('fr-CA', { month: 'long' }).format(new Date(2026, month, 15)),
  ),
  ...words('412 King Street West, Unit 3, Toronto, Ontario hello@forgenutrition.ca'),
]);

/** The catalog's names, which some pages show without reading them (the footer's categories). */
const CATALOG = [seed.CATEGORIES, seed.BRANDS, seed.FLAVORS].flatMap((list) =>
  list.map((entry) => entry.name),
);

/** What a shopper does on an open page; resolves to the texts it typed. */
type Act = (page: Page) => Promise<string[]>;

/** Whole-word matchers of each data string, longest first. */
function dataPatterns(data: readonly string[]): RegExp[] {
  return data.map(
    (value) =>
      new RegExp(
        `(?<![\\p{L}\\p{N}])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`,
        'gu',
      ),
  );
}

/** The words of `text` that are neither data, French, nor a name. */
function englishWords(text: string, data: readonly RegExp[]): string[] {
  let rest = text.replace(/\s+/g, ' ');
  for (const pattern of data) rest = rest.replace(pattern, ' ');
  return words(rest).filter((word) => !french.has(word) && !NAMES.has(word));
}

/**
 * Opens `address` (and, given `act`, does what it does there: sends a form…) and returns what it
 * shows in French that is English: each text (with its English words) that is neither data nor
 * French. What `act` typed (it returns those texts) is data too. Text inside an element in another
 * language (`lang`: the language switch, the offer of English) is that language's by design.
 */
async function englishOn(page: Page, address: string, act?: Act) {
  const answers: Promise<unknown>[] = [];
  const hear = (response: Response) => {
    if (!new URL(response.url()).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    answers.push(response.json().catch(() => null));
  };
  page.on('response', hear);
  await page.goto(address);
  await page.locator('main, [role="main"], h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const typed = act ? await act(page) : [];
  if (act) await page.waitForLoadState('networkidle');
  page.off('response', hear);
  const shown = await page.evaluate(() => {
    const french = (element: Element) =>
      (element.closest('[lang]')?.getAttribute('lang') ?? 'fr-CA') === 'fr-CA';
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, template, noscript') || !french(parent)) {
        continue;
      }
      if (!parent.checkVisibility({ visibilityProperty: true })) continue;
      if (node.textContent?.trim()) texts.push(node.textContent);
    }
    for (const element of document.querySelectorAll(
      '[aria-label], [title], [placeholder], img[alt]',
    )) {
      if (!french(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    const state = document.getElementById('forge-query-state')?.textContent;
    return { texts, state: state ? (JSON.parse(state) as unknown) : null };
  });
  const data = dataPatterns(
    [...new Set(stringsIn([shown.state, ...(await Promise.all(answers)), CATALOG, typed]))]
      .map((value) => value.trim())
      .filter((value) => value.length > 1)
      .sort((a, b) => b.length - a.length),
  );
  return shown.texts
    .map((text) => ({ text: text.trim(), words: englishWords(text, data) }))
    .filter((entry) => entry.words.length > 0);
}

describe('French pages', () => {
  test.each(FRENCH_PAGES)('%s shows no English interface text', async (address) => {
    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    expect(await englishOn(page, address), `English on ${address}`).toEqual([]);
    await context.close();
  });

  /** What a French shopper does on a page, and what shows once it is done. */
  const ACTIONS: [string, string, Act][] = [
    [
      'sends the contact form',
      '/fr/contact',
      async (page) => {
        await page.getByLabel('Nom', { exact: true }).fill('Camille Tremblay');
        await page.getByLabel('Courriel', { exact: true }).fill('camille@example.ca');
        await page.getByLabel('Objet', { exact: true }).fill('Livraison');
        await page.getByLabel('Message', { exact: true }).fill('Quand ma commande arrive-t-elle?');
        await page.getByRole('button', { name: 'Envoyer le message' }).click();
        await page.getByRole('status').first().waitFor();
        return ['camille@example.ca'];
      },
    ],
    [
      'asks for a password reset',
      '/fr/forgot-password',
      async (page) => {
        await page.getByLabel('Courriel', { exact: true }).fill('camille@example.ca');
        await page.getByRole('button', { name: 'Envoyer le lien et le code' }).click();
        await page.getByRole('status').first().waitFor();
        return ['camille@example.ca'];
      },
    ],
    [
      'asks to hear when a sold-out product is back',
      '/fr/product/glucosamine-joint-complex',
      async (page) => {
        const form = page
          .locator('form')
          .filter({ has: page.getByRole('button', { name: 'M’avertir' }) });
        await form.getByLabel('Courriel', { exact: true }).fill('camille@example.ca');
        await form.getByRole('button', { name: 'M’avertir' }).click();
        await page.getByRole('status').filter({ hasText: /\S/ }).first().waitFor();
        return ['camille@example.ca'];
      },
    ],
    [
      'registers with an e-mail that has an account',
      '/fr/register',
      async (page) => {
        const email = `deja.${Date.now()}@example.ca`;
        const taken = await page.request.post('/api/v1/user/auth/register', {
          data: { name: 'Déjà Inscrite', email, password: SHOPPER_PASSWORD },
        });
        expect(taken.status()).toBe(201);
        await page.context().clearCookies();
        const form = page.getByRole('form', { name: 'Créer un compte' });
        await form.getByLabel('Nom', { exact: true }).fill('Camille Tremblay');
        await form.getByLabel('Courriel', { exact: true }).fill(email);
        await form.getByLabel('Mot de passe', { exact: true }).fill(SHOPPER_PASSWORD);
        await form.getByLabel('Confirmer le mot de passe', { exact: true }).fill(SHOPPER_PASSWORD);
        await form.getByRole('button', { name: 'Créer un compte' }).click();
        await page.getByRole('alert').filter({ hasText: /\S/ }).first().waitFor();
        return [email, 'Camille Tremblay'];
      },
    ],
  ];

  test.each(ACTIONS)('a French shopper %s: what answers is French', async (_, address, act) => {
    const context = await e2e.newContext({ locale: 'fr-CA' });
    const page = await context.newPage();
    expect(await englishOn(page, address, act), `English on ${address}`).toEqual([]);
    await context.close();
  });

  test(
    'a signed-in shopper’s French cart, checkout, orders, order and profile',
    { timeout: 120_000 },
    async () => {
      const context = await e2e.newContext();
      const page = await context.newPage();
      await register(page, 'Camille Tremblay');
      await addProduct(page, e2e.shop.baseURL, 'creatine-monohydrate');
      await open(page, '/checkout');
      const form = await fillAddress(page);
      await form.getByRole('radio', { name: /Standard shipping/ }).check();
      await form.getByRole('button', { name: 'Place order' }).click();
      await payAndReachSuccess(page);
      const [order] = (await myOrders(page)).items;
      await addProduct(page, e2e.shop.baseURL, 'whey-protein-isolate');

      for (const address of [
        '/fr/cart',
        '/fr/checkout',
        '/fr/my-orders',
        `/fr/order/${order!.id}`,
        '/fr/profile/me',
      ]) {
        expect(await englishOn(page, address), `English on ${address}`).toEqual([]);
      }
      await context.close();
    },
  );
});
